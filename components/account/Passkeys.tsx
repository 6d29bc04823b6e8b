'use client';

import { useEffect, useState } from 'react';
import { useStoreApis } from '@/stores/provider';
import { FormMessage } from './Field';
import { usePasskeysPossible } from './PasskeySignInButton';
import { addPasskey, deletePasskey, fetchPasskeys, passkeysPossible, type PasskeyOutcome, type PasskeySummary } from './passkey-client';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });
const when = (iso: string) => DAY.format(new Date(iso));

type Listing = { kind: 'loading' } | { kind: 'shown'; passkeys: PasskeySummary[] } | { kind: 'error'; message: string };

const listingOf = (outcome: PasskeyOutcome<PasskeySummary[]>): Listing =>
  outcome.kind === 'done' ? { kind: 'shown', passkeys: outcome.value } : { kind: 'error', message: outcome.kind === 'error' ? outcome.message : 'Your passkeys could not be loaded.' };

/**
 * The account page's passkeys: each with its name, when it was added and last used, and 'Remove'; 'Add a passkey'
 * below. Nothing where passkeys cannot work (before the scripts, at an IP address).
 */
export function Passkeys() {
  const stores = useStoreApis();
  const possible = usePasskeysPossible();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [busy, setBusy] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const load = async () => setListing(listingOf(await fetchPasskeys()));

  useEffect(() => {
    if (!passkeysPossible()) return;
    let live = true;
    void fetchPasskeys().then((outcome) => {
      if (live) setListing(listingOf(outcome));
    });
    return () => {
      live = false;
    };
  }, []);

  if (!possible) return null;

  async function add() {
    setBusy('add');
    setProblem(undefined);
    const outcome = await addPasskey();
    setBusy(undefined);
    if (outcome.kind === 'error') return setProblem(outcome.message);
    if (outcome.kind === 'done') stores.ui.getState().notify({ variant: 'success', message: `Passkey added: ${outcome.value.name}.`, duration: 5000 });
    await load();
  }

  async function remove(passkey: PasskeySummary) {
    setBusy(passkey.id);
    setProblem(undefined);
    const outcome = await deletePasskey(passkey.id);
    setBusy(undefined);
    if (outcome.kind === 'error') return setProblem(outcome.message);
    stores.ui.getState().notify({ variant: 'success', message: `Passkey removed: ${passkey.name}.`, duration: 5000 });
    await load();
  }

  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" className="mb-2 text-2xl font-bold">
        Passkeys
      </h2>
      <p className="mb-4">Sign in with your face, fingerprint or screen lock instead of a code or password.</p>
      {listing.kind === 'loading' ? <p role="status">Loading your passkeys…</p> : null}
      {listing.kind === 'error' ? <FormMessage message={listing.message} /> : null}
      {listing.kind === 'shown' && listing.passkeys.length === 0 ? <p className="mb-4">You have no passkey yet.</p> : null}
      {listing.kind === 'shown' && listing.passkeys.length > 0 ? (
        <ul className="mb-4 flex flex-col gap-3" aria-label="Your passkeys">
          {listing.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-gray-300 px-3 py-2">
              <div>
                <p className="font-semibold wrap-anywhere">{passkey.name}</p>
                <p className="text-sm text-gray-700">
                  Added {when(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${when(passkey.lastUsedAt)}` : 'Not used yet'}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void remove(passkey)}
                aria-disabled={busy !== undefined}
                aria-label={`Remove the passkey ${passkey.name}, added ${when(passkey.createdAt)}`}
                className="min-h-11 rounded-lg border border-red-800 px-4 py-2 font-semibold text-red-800 aria-disabled:opacity-60"
              >
                {busy === passkey.id ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessage message={problem} />
      <button
        type="button"
        onClick={() => void (busy ? undefined : add())}
        aria-disabled={busy !== undefined}
        className="mt-2 min-h-11 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        {busy === 'add' ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
    </section>
  );
}

/**
 * After a booking, for a customer without a passkey: one tap to add one, so the next booking needs no e-mail code.
 * Nothing when the account has one already or passkeys cannot work here.
 */
export function AddPasskeyOffer() {
  const [state, setState] = useState<{ kind: 'hidden' | 'offered' | 'waiting' | 'added' } | { kind: 'error'; message: string }>({ kind: 'hidden' });
  useEffect(() => {
    if (!passkeysPossible()) return;
    let live = true;
    void fetchPasskeys().then((outcome) => {
      if (live && outcome.kind === 'done' && outcome.value.length === 0) setState({ kind: 'offered' });
    });
    return () => {
      live = false;
    };
  }, []);
  if (state.kind === 'hidden') return null;

  async function add() {
    setState({ kind: 'waiting' });
    const outcome = await addPasskey();
    setState(outcome.kind === 'done' ? { kind: 'added' } : outcome.kind === 'error' ? outcome : { kind: 'offered' });
  }

  if (state.kind === 'added') {
    return (
      <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
        Passkey added. Next time, sign in with it in one tap.
      </p>
    );
  }
  return (
    <section aria-labelledby="add-passkey-heading" className="rounded border border-brand-700 bg-brand-50 px-4 py-3">
      <h2 id="add-passkey-heading" className="font-semibold">
        Book faster next time
      </h2>
      <p className="mb-2 text-sm">Add a passkey and sign in with your face, fingerprint or screen lock: no e-mail code.</p>
      <FormMessage message={state.kind === 'error' ? state.message : undefined} />
      <button
        type="button"
        onClick={() => void (state.kind === 'waiting' ? undefined : add())}
        aria-disabled={state.kind === 'waiting'}
        className="mt-2 min-h-11 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        {state.kind === 'waiting' ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
    </section>
  );
}

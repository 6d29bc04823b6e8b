'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useStoreApis } from '@/stores/provider';
import type { Profile } from './account-state';
import { FormMessage } from './Field';
import { passkeysPossible, signInWithPasskey, type PasskeyOutcome } from './passkey-client';

export interface PasskeySignInProps {
  /** Instead of going to the return path once signed in (the booking page stays where it is). */
  onSignedIn?: (profile: Profile) => void;
  returnPath?: string;
}

/** After a passkey's sign-in: the auth store learns of it (as CodeSignInForm does), then the caller or the return path. */
function useSignedIn({ onSignedIn, returnPath = '/' }: PasskeySignInProps) {
  const router = useRouter();
  const stores = useStoreApis();
  return (profile: Profile) => {
    stores.auth.getState().signInSucceeded({ customerId: profile.id, name: profile.name, email: profile.email });
    if (onSignedIn) onSignedIn(profile);
    else router.push(returnPath);
  };
}

const noChange = () => () => undefined;

/** Whether passkeys can work here: false on the server and in hydration (it cannot tell the browser's address or support). */
export function usePasskeysPossible(): boolean {
  return useSyncExternalStore(noChange, passkeysPossible, () => false);
}

/**
 * 'Sign in with a passkey': one tap, the browser's passkey prompt, signed in. Renders nothing where passkeys cannot
 * work (no scripts, an IP address, a browser without WebAuthn).
 */
export function PasskeySignInButton({ label = 'Sign in with a passkey', ...props }: PasskeySignInProps & { label?: string }) {
  const possible = usePasskeysPossible();
  const signedIn = useSignedIn(props);
  const [state, setState] = useState<{ kind: 'idle' | 'waiting' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  if (!possible) return null;

  async function start() {
    setState({ kind: 'waiting' });
    const outcome = await signInWithPasskey();
    if (outcome.kind === 'done') signedIn(outcome.value);
    setState(outcome.kind === 'error' ? outcome : { kind: 'idle' });
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void start()}
        aria-disabled={state.kind === 'waiting'}
        className="min-h-11 rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:opacity-60"
      >
        {state.kind === 'waiting' ? 'Waiting for your passkey…' : label}
      </button>
      <FormMessage message={state.kind === 'error' ? state.message : undefined} />
    </div>
  );
}

/** The sign-in page's passkey button above its form, with 'or' between them; nothing where passkeys cannot work. */
export function PasskeyChoice({ returnPath }: { returnPath: string }) {
  const possible = usePasskeysPossible();
  if (!possible) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      <PasskeySignInButton returnPath={returnPath} />
      <p className="text-center text-sm text-gray-700">or</p>
    </div>
  );
}

/**
 * The browser's autofill of passkeys in the form's e-mail field (its autoComplete must say 'webauthn'): a waiting
 * ceremony with conditional mediation, resolved when the person picks a passkey from the field's suggestions.
 * Renders only a refusal of the chosen passkey.
 */
export function PasskeyAutofill(props: PasskeySignInProps) {
  const signedIn = useSignedIn(props);
  const latest = useRef(signedIn);
  useEffect(() => {
    latest.current = signedIn;
  });
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!passkeysPossible()) return;
    let live = true;
    void signInWithPasskey(true).then((outcome: PasskeyOutcome<Profile>) => {
      if (!live) return;
      if (outcome.kind === 'done') latest.current(outcome.value);
      else if (outcome.kind === 'error') setProblem(outcome.message);
    });
    return () => {
      live = false;
      void import('@simplewebauthn/browser').then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, []);
  return <FormMessage message={problem} />;
}

/** The autocomplete of an e-mail field that offers the browser's passkeys (PasskeyAutofill). */
export const PASSKEY_EMAIL_AUTOCOMPLETE = 'email webauthn';

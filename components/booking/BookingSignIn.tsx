'use client';

import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { CodeSignInForm } from '@/components/account/CodeSignInForm';
import { PasskeySignInButton } from '@/components/account/PasskeySignInButton';
import type { FormState } from '@/components/forms/form-state';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import { SLOT_KEY_PREFIX } from './slots-client';
import { VISIT_KEY_PREFIX } from './visit-client';
import { markHolding } from './use-hold-release';

const heldSchema = z.object({ expiresAt: z.iso.datetime() });
/** setTimeout's longest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' });

/**
 * The booking page's sign-in step for a signed-out customer: the e-mail code form in place. Before the code is
 * asked for, the chosen times are held for 10 minutes (POST /api/holds/), so nobody else books them meanwhile; a
 * time taken already answers 416 and the slot lists refresh. `holdBody` is the card as it will be booked, or
 * undefined while some area has no time (then nothing is held).
 */
export function BookingSignIn({
  returnPath,
  codeSent,
  holdBody,
  onSignedIn,
  booksOnSignIn = false,
}: {
  returnPath: string;
  /** The code step to open at, when a code was asked for before a reload (lib/auth/code-recipient.ts). */
  codeSent?: FormState;
  holdBody: () => string | undefined;
  onSignedIn: () => void;
  /** Every time is chosen and nothing waits to be confirmed: signing in books the visit summarised above. */
  booksOnSignIn?: boolean;
}) {
  const { mutate } = useSWRConfig();
  const [heldUntil, setHeldUntil] = useState<string>();
  const [holdEnded, setHoldEnded] = useState(false);
  const holdTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(holdTimer.current), []);
  const [holdProblem, setHoldProblem] = useState<string>();

  async function hold(): Promise<string | undefined> {
    const body = holdBody();
    if (!body) return undefined;
    const response = await fetch('/api/holds/', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
    if (response.status === 416) {
      await mutate((key) => typeof key === 'string' && (key.startsWith(SLOT_KEY_PREFIX) || key.startsWith(VISIT_KEY_PREFIX)));
      return SLOT_TAKEN_MESSAGE;
    }
    const held = heldSchema.safeParse(await response.json().catch(() => null));
    // Any other failure (an upstream salon API without holds, say) leaves the times unheld; sign-in goes on.
    if (!response.ok || !held.success) return undefined;
    markHolding(true);
    setHeldUntil(clock(held.data.expiresAt));
    setHoldEnded(false);
    setHoldProblem(undefined);
    // The page said the times were held long after the hold ran out: it says when it has.
    clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(() => setHoldEnded(true), Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(held.data.expiresAt) - Date.now())));
    return undefined;
  }

  // Back at the code step after a reload (the mail app, a phone that dropped the tab): leaving the page released the
  // holds, so the chosen times are held again, as 'Send me a code' held them.
  const restored = useRef(codeSent?.values.step === 'code');
  useEffect(() => {
    if (!restored.current) return;
    restored.current = false;
    void hold().then(setHoldProblem);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens at the code step
  }, []);

  return (
    <section aria-labelledby="booking-signin" className="flex flex-col gap-3 rounded-xl border border-brand-100 p-4">
      <h2 id="booking-signin" className="scroll-mt-20 text-xl font-semibold">
        Sign in to book
      </h2>
      {/* Said before the code is asked for: entering it is what books (the summary and cancellation rule are above). */}
      {booksOnSignIn ? <p className="font-semibold">Once you are signed in, we book the visit above.</p> : null}
      {/* A returning customer with a passkey: one tap, no e-mail (nothing where passkeys cannot work). */}
      <PasskeySignInButton onSignedIn={onSignedIn} label={booksOnSignIn ? 'Sign in with a passkey and book' : 'Sign in with a passkey'} />
      <p>New here or coming back, enter your e-mail address: we send you a code. Your cart and choices stay as they are.</p>
      {holdProblem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {holdProblem}
        </p>
      ) : null}
      <CodeSignInForm
        returnPath={returnPath}
        answer={codeSent}
        beforeCodeRequest={hold}
        onSignedIn={onSignedIn}
        passwordLink={false}
        notice={
          heldUntil
            ? holdEnded
              ? `We held your chosen times until ${heldUntil}: they are no longer held, so someone else may book them first. Signing in books them if they are still free.`
              : `We are holding your chosen times for you until ${heldUntil}.`
            : undefined
        }
      />
    </section>
  );
}

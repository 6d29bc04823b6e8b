'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { FormState } from '@/components/forms/form-state';
import { LazyBookingSignIn } from './LazyBookingSignIn';
import { signInHref, type AutoBook, type BookingStatus } from './use-booking-submit';

/**
 * The foot of the booking page: what the last BOOK said (read out at once), then BOOK for a customer, or for a
 * visitor the sign-in step in place (with their times held) and the ways to sign in or sign up and come back.
 * Signing in there books at once when `autoBook` allows (use-booking-submit.ts, autoBookAfterSignIn), as of the
 * page the sign-in brought back; otherwise BOOK waits, with the sentence that says what to check.
 */
export function BookingSubmit({
  status,
  signedIn,
  codeSent,
  onBook,
  holdBody,
  autoBook,
}: {
  status: BookingStatus;
  signedIn: boolean;
  codeSent?: FormState;
  onBook: () => void;
  holdBody: () => string | undefined;
  autoBook: AutoBook;
}) {
  const router = useRouter();
  // Signed in on this page: the sign-in step gives way to BOOK, which may sit anywhere on a phone's screen or off it;
  // it is brought to the middle of the screen and focused, so the next step is where the customer looks.
  const bookButton = useRef<HTMLButtonElement>(null);
  // Booking by itself, it reads 'Booking…' there, and a failure's alert is next to it.
  const signedInHere = useRef(false);
  const [check, setCheck] = useState<string>();
  useEffect(() => {
    if (!signedIn || !signedInHere.current) return;
    signedInHere.current = false;
    bookButton.current?.scrollIntoView({ block: 'center' });
    bookButton.current?.focus({ preventScroll: true });
    if (autoBook.book) onBook();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, when the refreshed page says who signed in
    else setCheck(autoBook.say);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as of the render that brought the customer in
  }, [signedIn]);
  return (
    <>
      <div aria-live="assertive" className="min-h-6">
        {status.kind === 'error' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
            {status.message}
          </p>
        ) : null}
      </div>

      {signedIn && check && status.kind === 'idle' ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold">
          {check}
        </p>
      ) : null}
      {signedIn ? (
        // aria-disabled while booking, not disabled: a disabled button drops the keyboard's focus to the page.
        <button
          ref={bookButton}
          type="button"
          onClick={() => {
            if (status.kind !== 'booking') onBook();
          }}
          aria-disabled={status.kind === 'booking'}
          className="min-h-12 rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-70"
        >
          {status.kind === 'booking' ? 'Booking…' : 'BOOK'}
        </button>
      ) : (
        <div className="flex flex-col gap-2">
          <LazyBookingSignIn
            returnPath="/booking/"
            codeSent={codeSent}
            holdBody={holdBody}
            booksOnSignIn={autoBook.book}
            onSignedIn={() => {
              signedInHere.current = true;
              router.refresh();
            }}
          />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => router.push(signInHref('signin'))}
              className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700"
            >
              Sign in to book with a password
            </button>
            <button
              type="button"
              onClick={() => router.push(signInHref('signup'))}
              className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700"
            >
              Create an account
            </button>
          </div>
        </div>
      )}
    </>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { AREAS, type AreaId } from '@/lib/catalog/tables';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { cardRequests } from '@/stores/card-requests';
import { useStoreApis } from '@/stores/provider';
import { withProgress } from '@/stores/ui-store';
import type { BackOffice, CustomerSummary } from './booking-types';
import { areasWithoutTime, bookingBody, type TimeChoices } from './build-card';
import { CHECK_ACCOUNT_MESSAGE, CHECK_DEPOSIT_MESSAGE, CHECK_PACKAGE_MESSAGE, CHECK_PATCH_TEST_MESSAGE, NETWORK_FAILURE_MESSAGE, NOTES_STORAGE_KEY } from './messages';
import { SLOT_KEY_PREFIX } from './slots-client';
import type { TimesMode } from './url-state';
import { forgetDepositHold, rememberDepositHold } from './deposit-hold';
import { leaveForCheckout } from './leave-for-checkout';
import { markHolding } from './use-hold-release';
import { VISIT_KEY_PREFIX } from './visit-client';

export type BookingStatus = { kind: 'idle' } | { kind: 'booking' } | { kind: 'booked' } | { kind: 'paying' } | { kind: 'error'; message: string };

/** Why BOOK cannot post yet, or undefined when every area has its time (one visit: all on the visit's day). */
export function missingTimesMessage(card: BookingCard, times: TimeChoices, mode: TimesMode, visitDate: string | undefined): string | undefined {
  const missing = areasWithoutTime(card, times);
  if (mode === 'visit' && (missing.length > 0 || !visitDate)) return 'Please choose a day and a start time for your visit.';
  if (missing.length > 0) return `Please choose a time for ${missing.map((id) => AREAS[id as AreaId] ?? id).join(' and ')}.`;
  return undefined;
}

/** Whether signing in on the booking page books at once, and if not, what the customer is asked to look at first. */
export type AutoBook = { book: true } | { book: false; say?: string };

/**
 * Signing in on the booking page (by code, or a passkey through the same onSignedIn) books the visit without another
 * BOOK when every time is chosen and nothing needs confirming (issue 36): a message on the page (an error, the
 * account notice), a patch test still suggested, or a package of the customer's that would cover a service (the
 * price the customer saw before signing in changes) each leave BOOK to the customer, with a sentence saying why.
 * Staff at the desk are signed in already: this never applies to them.
 */
export function autoBookAfterSignIn(input: {
  missingTimes: string | undefined;
  status: BookingStatus;
  patchTestsSuggested: number;
  coveredByPackage: number;
  accountNotice: string | null | undefined;
  /** The deposit BOOK would ask for, in cents: the customer presses BOOK to go and pay it. */
  depositCents?: number;
}): AutoBook {
  if (input.missingTimes || input.status.kind === 'error' || input.status.kind === 'booking' || input.status.kind === 'booked') return { book: false };
  if (input.accountNotice) return { book: false, say: CHECK_ACCOUNT_MESSAGE };
  if (input.patchTestsSuggested > 0) return { book: false, say: CHECK_PATCH_TEST_MESSAGE };
  if (input.coveredByPackage > 0) return { book: false, say: CHECK_PACKAGE_MESSAGE };
  if ((input.depositCents ?? 0) > 0) return { book: false, say: CHECK_DEPOSIT_MESSAGE };
  return { book: true };
}

/** The sign-in (or sign-up) page, coming back to this page with its choices. */
export function signInHref(kind: 'signin' | 'signup'): string {
  return `/${kind}/?url=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

export interface BookingSubmitInput {
  customer: CustomerSummary | null;
  backOffice: BackOffice | null;
  times: TimeChoices;
  notes: Record<number, string>;
  mode: TimesMode;
  /** The day of the chosen visit, when every area has a time on one day. */
  visitDate: string | undefined;
}

/**
 * BOOK: a visitor goes to sign in; a customer's card is posted (the customer's own path, or the back-office path when
 * staff book for them) with an Idempotency-Key kept while the body is unchanged. Booked: the cart empties and the
 * confirmation opens. A taken time (416) refreshes the free times; 401 sends to sign in; other failures say why.
 */
export function useBookingSubmit({ customer, backOffice, times, notes, mode, visitDate }: BookingSubmitInput) {
  const router = useRouter();
  const stores = useStoreApis();
  const { mutate } = useSWRConfig();
  const [status, setStatus] = useState<BookingStatus>({ kind: 'idle' });
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  // Set once booked: the emptied cart must not rewrite the URL while the router leaves for the confirmation.
  const leaving = useRef(false);

  // The router keeps a page it has left, hidden, and shows it again on Back (cacheComponents: React's <Activity>).
  // Hiding runs this cleanup: the booking that sent the customer to the confirmation is over, so Back finds the
  // booking page (its cart emptied), not 'Booked! Opening your confirmation…' for good.
  // The progress that a booking starts for the way to the confirmation ends here too: the page has left.
  useEffect(
    () => () => {
      if (!leaving.current) return;
      leaving.current = false;
      stores.ui.getState().endProgress();
      setStatus({ kind: 'idle' });
    },
    [stores],
  );
  // Back from the deposit's checkout, the browser may show this page as it left it ('Opening the checkout…'): it is
  // the booking page again, with the times still held for their 10 minutes.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      stores.ui.getState().endProgress();
      setStatus((previous) => (previous.kind === 'paying' ? { kind: 'idle' } : previous));
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, [stores]);

  /** A new choice clears the last error; a time the page drops itself (taken meanwhile) keeps it. */
  const clearError = useCallback(() => setStatus((previous) => (previous.kind === 'error' ? { kind: 'idle' } : previous)), []);

  async function book() {
    if (!customer) {
      router.push(signInHref('signin'));
      return;
    }
    const current = stores.card.getState().card;
    const missing = missingTimesMessage(current, times, mode, visitDate);
    if (missing) {
      setStatus({ kind: 'error', message: missing });
      return;
    }
    const body = JSON.stringify(bookingBody(current, { customerId: customer.id, times, notes, packages: customer.packages }));
    if (idempotency.current?.body !== body) idempotency.current = { body, key: crypto.randomUUID() };
    const key = idempotency.current.key;
    cardRequests(stores.card).createRequested();
    setStatus({ kind: 'booking' });
    try {
      const { response, readBookingAnswer } = await withProgress(stores.ui, async () => {
        // The answer's reader (its schemas, zod with them) loads on BOOK, not with the page; before the POST, so that
        // code which did not load never leaves a booking made unread. It fails as a lost connection does, and says so.
        const { readBookingAnswer } = await import('./booking-answer');
        const response = await fetch(backOffice ? `/api/appointments/bof/${customer.id}/` : `/api/appointments/${customer.id}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
          body,
        });
        return { response, readBookingAnswer };
      });
      const answer = readBookingAnswer(response, await response.json().catch(() => null));
      if (answer.kind === 'booked') {
        const { location, gender } = stores.card.getState().card;
        leaving.current = true;
        cardRequests(stores.card).createSucceeded(emptyBookingCard({ customerId: customer.id, location, gender }));
        window.sessionStorage.removeItem(NOTES_STORAGE_KEY);
        forgetDepositHold();
        idempotency.current = null;
        setStatus({ kind: 'booked' });
        // The confirmation can take a moment on a slow network: the bar keeps going until this page has left, and the
        // page's one line ('Booked! Opening your confirmation…') is brought into view, not left above it.
        stores.ui.getState().startProgress();
        window.scrollTo({ top: 0 });
        router.push(`/booking/confirmation/${answer.aptId}/${backOffice ? `?customer=${customer.id}` : ''}`);
        return;
      }
      if (answer.kind === 'deposit') {
        // The card stays: back from the checkout, the booking page shows it. The held times are the deposit's now,
        // so leaving for the checkout must not let them go.
        cardRequests(stores.card).createSucceeded();
        idempotency.current = null;
        markHolding(false);
        if (answer.expiresAt !== undefined) rememberDepositHold({ id: answer.id, checkoutUrl: answer.checkoutUrl, expiresAt: Date.parse(answer.expiresAt) });
        setStatus({ kind: 'paying' });
        stores.ui.getState().startProgress();
        window.scrollTo({ top: 0 });
        leaveForCheckout(answer.checkoutUrl);
        return;
      }
      cardRequests(stores.card).createFailed(response.status);
      if (answer.kind === 'sign-in') {
        router.push(signInHref('signin'));
        return;
      }
      if (answer.kind === 'slot-taken') {
        idempotency.current = null;
        setStatus({ kind: 'error', message: answer.message });
        await mutate((k) => typeof k === 'string' && (k.startsWith(SLOT_KEY_PREFIX) || k.startsWith(VISIT_KEY_PREFIX)));
        return;
      }
      setStatus({ kind: 'error', message: answer.message });
    } catch {
      cardRequests(stores.card).createFailed(0);
      setStatus({ kind: 'error', message: NETWORK_FAILURE_MESSAGE });
    }
  }

  return { status, book, clearError, leaving };
}

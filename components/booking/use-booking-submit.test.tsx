/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { Activity, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import type { BookingCard } from '@/lib/booking/card';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import type { CustomerSummary } from './booking-types';
import type { TimeChoices } from './build-card';
import { CHECK_ACCOUNT_MESSAGE, CHECK_DEPOSIT_MESSAGE, CHECK_PACKAGE_MESSAGE, CHECK_PATCH_TEST_MESSAGE, NETWORK_FAILURE_MESSAGE, NOTES_STORAGE_KEY } from './messages';
import { reply, resetBookingPage, twoAreaCard } from './test-support/booking-fixtures';
import { readBookingAnswer } from './booking-answer';
import { autoBookAfterSignIn, missingTimesMessage, useBookingSubmit, type BookingSubmitInput } from './use-booking-submit';
import { markHolding, releaseHold } from './use-hold-release';
import { readDepositHold } from './deposit-hold';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
const leaveForCheckout = jest.fn();
jest.mock('./leave-for-checkout', () => ({ leaveForCheckout: (url: string) => leaveForCheckout(url) }));
// BOOK loads the answer's reader when pressed: a test can make that load fail, as a dropped connection does.
let mockAnswerCodeLoads = true;
jest.mock('./booking-answer', () =>
  jest.requireActual('./test-support/load-on-demand').loadOnDemand(jest.requireActual('./booking-answer'), 'readBookingAnswer', () => mockAnswerCodeLoads),
);

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const CUSTOMER = '55555555-5555-4555-8555-555555555555';
const APT = '66666666-6666-4666-8666-666666666666';
const DAY = '2026-12-05';
const OTHER_DAY = '2026-12-06';

const twoAreas = (facialDay = DAY): BookingCard => twoAreaCard({ id: WAX, date: DAY }, { id: FACIAL, date: facialDay });

const BOTH_TIMES: TimeChoices = { 1: { therapist: 0, date: DAY, time: '11:00' }, 3: { therapist: 4, date: DAY, time: '11:30' } };
const CUSTOMER_SUMMARY: CustomerSummary = { id: CUSTOMER, name: 'Ana', email: 'ana@example.com', packages: [], hasPatchTest: true };

describe('readBookingAnswer', () => {
  const ok = { ok: true, status: 201 };
  it('a created booking with its id opens the confirmation', () => {
    expect(readBookingAnswer(ok, { header: { aptId: APT } })).toEqual({ kind: 'booked', aptId: APT });
  });
  it('a 2xx without a booking id is a failure, not a booking', () => {
    expect(readBookingAnswer(ok, { header: { aptId: 'not-an-id' } })).toEqual({
      kind: 'failed',
      message: 'The booking did not go through (error 201). Your choices are kept; please try again.',
    });
    expect(readBookingAnswer(ok, null)).toMatchObject({ kind: 'failed' });
  });
  it("401 sends to sign in; 416 is a time taken meanwhile, or the customer's own appointment then", () => {
    expect(readBookingAnswer({ ok: false, status: 401 }, { error: { message: 'Sign in.' } })).toEqual({ kind: 'sign-in' });
    expect(readBookingAnswer({ ok: false, status: 416 }, { error: { code: 'slot_taken', message: 'x' } })).toEqual({ kind: 'slot-taken', message: SLOT_TAKEN_MESSAGE });
    expect(readBookingAnswer({ ok: false, status: 416 }, null)).toEqual({ kind: 'slot-taken', message: SLOT_TAKEN_MESSAGE });
    expect(readBookingAnswer({ ok: false, status: 416 }, { error: { code: 'customer_busy', message: 'x' } })).toEqual({
      kind: 'slot-taken',
      message: 'You already have an appointment at that time. Please choose another time.',
    });
  });
  it('202 with the deposit opens its checkout; a 202 without one is a failure', () => {
    const deposit = { id: APT, checkoutUrl: 'http://localhost:3000/demo-checkout/abcdefghijklmnopqrstuvwx/', amountCents: 10000, creditCents: 0, expiresAt: '2026-12-01T10:10:00.000Z' };
    expect(readBookingAnswer({ ok: true, status: 202 }, { deposit })).toEqual({ kind: 'deposit', id: APT, checkoutUrl: deposit.checkoutUrl, expiresAt: deposit.expiresAt });
    expect(readBookingAnswer({ ok: true, status: 202 }, { deposit: { ...deposit, checkoutUrl: 'javascript:alert(1)' } })).toMatchObject({ kind: 'failed' });
    expect(readBookingAnswer({ ok: true, status: 202 }, null)).toMatchObject({ kind: 'failed' });
  });
  it('other failures say the server message, or the status when there is none, and that the choices are kept', () => {
    expect(readBookingAnswer({ ok: false, status: 422 }, { error: { message: 'That time has already passed.' } })).toEqual({
      kind: 'failed',
      message: 'That time has already passed. Your choices are kept; please try again.',
    });
    expect(readBookingAnswer({ ok: false, status: 502 }, { error: { message: 'The salon service cannot be reached. Please try again.' } })).toEqual({
      kind: 'failed',
      message: 'The salon service cannot be reached. Please try again. Your choices are kept.',
    });
    expect(readBookingAnswer({ ok: false, status: 500 }, null)).toEqual({ kind: 'failed', message: 'The booking did not go through (error 500). Your choices are kept; please try again.' });
  });
});

describe('missingTimesMessage', () => {
  it('one visit: asks for the day and start time until every area has a time on the visit day', () => {
    expect(missingTimesMessage(twoAreas(), {}, 'visit', undefined)).toBe('Please choose a day and a start time for your visit.');
    expect(missingTimesMessage(twoAreas(), BOTH_TIMES, 'visit', undefined)).toBe('Please choose a day and a start time for your visit.');
    expect(missingTimesMessage(twoAreas(), BOTH_TIMES, 'visit', DAY)).toBeUndefined();
  });
  it('a time per service: names the areas still without one, in card order', () => {
    expect(missingTimesMessage(twoAreas(OTHER_DAY), {}, 'each', undefined)).toBe('Please choose a time for Hair Removal and Skincare.');
    expect(missingTimesMessage(twoAreas(OTHER_DAY), { 1: BOTH_TIMES[1] }, 'each', undefined)).toBe('Please choose a time for Skincare.');
    expect(missingTimesMessage(twoAreas(OTHER_DAY), { ...BOTH_TIMES, 3: { therapist: 4, date: OTHER_DAY, time: '09:00' } }, 'each', undefined)).toBeUndefined();
  });
});

describe('autoBookAfterSignIn', () => {
  const ready = { missingTimes: undefined, status: { kind: 'idle' } as const, patchTestsSuggested: 0, coveredByPackage: 0, accountNotice: null };

  it('books when every time is chosen and nothing needs confirming', () => {
    expect(autoBookAfterSignIn(ready)).toEqual({ book: true });
  });

  it('waits, saying nothing more, while a time is missing, an error is shown or a booking is on its way', () => {
    expect(autoBookAfterSignIn({ ...ready, missingTimes: 'Please choose a time for Skincare.' })).toEqual({ book: false });
    expect(autoBookAfterSignIn({ ...ready, status: { kind: 'error', message: SLOT_TAKEN_MESSAGE } })).toEqual({ book: false });
    expect(autoBookAfterSignIn({ ...ready, status: { kind: 'booking' } })).toEqual({ book: false });
  });

  it('waits for BOOK, saying what to check, for a patch test suggested, a package that would cover a service, or the account notice', () => {
    expect(autoBookAfterSignIn({ ...ready, patchTestsSuggested: 1 })).toEqual({ book: false, say: CHECK_PATCH_TEST_MESSAGE });
    expect(autoBookAfterSignIn({ ...ready, coveredByPackage: 1 })).toEqual({ book: false, say: CHECK_PACKAGE_MESSAGE });
    expect(autoBookAfterSignIn({ ...ready, accountNotice: 'Your packages could not be loaded.' })).toEqual({ book: false, say: CHECK_ACCOUNT_MESSAGE });
    expect(autoBookAfterSignIn({ ...ready, depositCents: 10000 })).toEqual({ book: false, say: CHECK_DEPOSIT_MESSAGE });
    expect(autoBookAfterSignIn({ ...ready, depositCents: 0 })).toEqual({ book: true });
  });
});

describe('useBookingSubmit', () => {
  let stores: AppStores;
  let keys: number;
  let posts: { url: string; init?: RequestInit }[];

  function answer(...answers: (Response | Error)[]) {
    posts = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, init });
      const next = answers.shift() ?? reply(500, null);
      if (next instanceof Error) throw next;
      return next;
    }) as unknown as typeof fetch;
  }

  function renderSubmit(input: Partial<BookingSubmitInput> = {}) {
    stores = createAppStores({ card: twoAreas() });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StoresProvider stores={stores}>{children}</StoresProvider>
      </SWRConfig>
    );
    const initialProps: BookingSubmitInput = { customer: CUSTOMER_SUMMARY, backOffice: null, times: BOTH_TIMES, notes: {}, mode: 'visit', visitDate: DAY, ...input };
    return renderHook((props: BookingSubmitInput) => useBookingSubmit(props), { wrapper, initialProps });
  }
  const submit = (input: Partial<BookingSubmitInput> = {}) => renderSubmit(input).result;

  beforeEach(() => {
    push.mockClear();
    resetBookingPage('/booking/?d1=2026-12-05');
    keys = 0;
    Object.defineProperty(globalThis, 'crypto', { value: { randomUUID: () => `key-${++keys}` }, configurable: true });
  });

  const keyOf = (post: { init?: RequestInit }) => (post.init!.headers as Record<string, string>)['idempotency-key'];

  it('a visitor goes to sign in and comes back to this page with its choices; nothing is posted', async () => {
    answer();
    const result = submit({ customer: null });
    await act(() => result.current.book());
    expect(push).toHaveBeenCalledWith(`/signin/?url=${encodeURIComponent('/booking/?d1=2026-12-05')}`);
    expect(posts).toEqual([]);
  });

  it('booked: empties the cart for the customer, forgets the notes and the key, and opens the confirmation', async () => {
    answer(reply(201, { header: { aptId: APT } }));
    window.sessionStorage.setItem(NOTES_STORAGE_KEY, '{"1":"Sensitive skin"}');
    const result = submit();
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'booked' });
    expect(result.current.leaving.current).toBe(true);
    expect(stores.card.getState().card.areas).toEqual([]);
    expect(stores.card.getState().card.customerId).toBe(CUSTOMER);
    expect(window.sessionStorage.getItem(NOTES_STORAGE_KEY)).toBeNull();
    expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/`);
  });

  it('Back to the booking page once booked (the router shows its hidden page again) finds the page, not "Booked!"', async () => {
    answer(reply(201, { header: { aptId: APT } }));
    stores = createAppStores({ card: twoAreas() });
    let mode: 'visible' | 'hidden' = 'visible';
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Activity mode={mode}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <StoresProvider stores={stores}>{children}</StoresProvider>
        </SWRConfig>
      </Activity>
    );
    const input: BookingSubmitInput = { customer: CUSTOMER_SUMMARY, backOffice: null, times: BOTH_TIMES, notes: {}, mode: 'visit', visitDate: DAY };
    const { result, rerender } = renderHook((props: BookingSubmitInput) => useBookingSubmit(props), { wrapper, initialProps: input });
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'booked' });
    // The bar runs from the answer until the page has left.
    expect(stores.ui.getState().progress).toBe(1);
    mode = 'hidden';
    act(() => rerender(input));
    expect(stores.ui.getState().progress).toBe(0);
    mode = 'visible';
    act(() => rerender(input));
    expect(result.current.status).toEqual({ kind: 'idle' });
    expect(result.current.leaving.current).toBe(false);
  });

  it("a deposit to pay: keeps the cart, keeps the held times (leaving must not end them) and opens the shop's checkout", async () => {
    const checkoutUrl = 'http://localhost:3000/demo-checkout/abcdefghijklmnopqrstuvwx/';
    answer(reply(202, { deposit: { id: APT, checkoutUrl, amountCents: 10000, creditCents: 0, expiresAt: '2026-12-01T10:10:00.000Z' } }));
    leaveForCheckout.mockClear();
    markHolding(true);
    const result = submit();
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'paying' });
    expect(leaveForCheckout).toHaveBeenCalledWith(checkoutUrl);
    // The tab keeps until when the times are held, for the booking page on the way back (DepositHeldLine).
    expect(await readDepositHold(Date.parse('2026-12-01T10:00:00.000Z'))).toEqual({ id: APT, checkoutUrl, expiresAt: Date.parse('2026-12-01T10:10:00.000Z') });
    expect(push).not.toHaveBeenCalled();
    expect(stores.card.getState().card.areas).toHaveLength(2);
    const deletes = jest.fn();
    globalThis.fetch = deletes as unknown as typeof fetch;
    releaseHold();
    expect(deletes).not.toHaveBeenCalled();
    // Back from the checkout, the page the browser kept is the booking page again.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(result.current.status).toEqual({ kind: 'idle' });
  });

  it('a session that ended (401) sends to sign in, with no error shown and BOOK still busy while the page leaves', async () => {
    answer(reply(401, { error: { code: 'unauthorized', message: 'Sign in.' } }));
    const result = submit();
    await act(() => result.current.book());
    expect(push).toHaveBeenCalledWith(`/signin/?url=${encodeURIComponent('/booking/?d1=2026-12-05')}`);
    expect(stores.card.getState().request).toMatchObject({ kind: 'create', status: 'failed' });
    expect(result.current.status).toEqual({ kind: 'booking' });
    expect(stores.card.getState().card.areas).toHaveLength(2);
  });

  it('no answer at all says the salon could not be reached and keeps the cart', async () => {
    answer(new TypeError('Failed to fetch'));
    const result = submit();
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'error', message: NETWORK_FAILURE_MESSAGE });
    expect(stores.card.getState().request).toMatchObject({ kind: 'create', status: 'failed' });
    expect(stores.card.getState().card.areas).toHaveLength(2);
  });

  it("the answer's reader that does not load (BOOK loads it when pressed) posts nothing and says the salon could not be reached", async () => {
    answer(reply(201, { header: { aptId: APT } }));
    mockAnswerCodeLoads = false;
    try {
      const result = submit();
      await act(() => result.current.book());
      expect(posts).toEqual([]);
      expect(result.current.status).toEqual({ kind: 'error', message: NETWORK_FAILURE_MESSAGE });
      expect(stores.card.getState().request).toMatchObject({ kind: 'create', status: 'failed' });
      expect(stores.card.getState().card.areas).toHaveLength(2);
    } finally {
      mockAnswerCodeLoads = true;
    }
  });

  it('a retry of the same card sends the same Idempotency-Key; after a taken time (416) the next try has a new one', async () => {
    answer(reply(500, null), reply(416, { error: { message: 'x' } }), reply(201, { header: { aptId: APT } }));
    const result = submit();
    await act(() => result.current.book());
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'error', message: SLOT_TAKEN_MESSAGE });
    await act(() => result.current.book());
    expect(posts.map(keyOf)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('a booking changed since the last try (here a note) gets a new Idempotency-Key', async () => {
    answer(reply(500, null), reply(500, null));
    const { result, rerender } = renderSubmit();
    await act(() => result.current.book());
    rerender({ customer: CUSTOMER_SUMMARY, backOffice: null, times: BOTH_TIMES, notes: { 3: 'Sensitive skin' }, mode: 'visit', visitDate: DAY });
    await act(() => result.current.book());
    expect(posts.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('a missing time is said before anything is posted, and a new choice clears the message', async () => {
    answer();
    const result = submit({ mode: 'each', times: { 1: BOTH_TIMES[1] } });
    await act(() => result.current.book());
    expect(result.current.status).toEqual({ kind: 'error', message: 'Please choose a time for Skincare.' });
    expect(posts).toEqual([]);
    act(() => result.current.clearError());
    expect(result.current.status).toEqual({ kind: 'idle' });
  });

  it('staff book through the back-office path and open the confirmation for that customer', async () => {
    answer(reply(201, { header: { aptId: APT } }));
    const result = submit({ backOffice: { slot: {}, services: [] } });
    await act(() => result.current.book());
    expect(posts[0]!.url).toBe(`/api/appointments/bof/${CUSTOMER}/`);
    expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/?customer=${CUSTOMER}`);
  });
});

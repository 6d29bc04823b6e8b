/** @jest-environment jsdom */
import type { AppStores } from '@/stores/create-stores';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import type { BackOffice, BookingContext } from './booking-types';
import type { TimeChoices } from './build-card';
import { matchServices } from './DeskServiceMatches';
import { bookedService, bookingCard, oneAreaVisitAnswer, whenText, reply, resetBookingPage, serviceSummary as summary } from './test-support/booking-fixtures';
import { renderBookingView } from './test-support/render-booking-view';

const push = jest.fn();
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh }) }));
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const CUSTOMER = '55555555-5555-4555-8555-555555555555';
const APT = '66666666-6666-4666-8666-666666666666';
const DAY = '2026-12-05';

const waxCard = (date = ''): BookingCard => bookingCard([{ area: 1, date, services: [bookedService(WAX, 1)] }]);
/** The store's areas as [area, therapist, when ('YYYY-MM-DD HH:mm')]. */
const areasOf = (stores: AppStores) => stores.card.getState().card.areas.map((a) => [a.area, a.therapist, whenText(a.when)]);

function context(backOffice: BackOffice, email: string | null = 'ana@example.com'): BookingContext {
  const any = { id: 0, name: 'Any Therapists' };
  return {
    services: { [WAX]: summary(WAX, 'Full Leg Wax', 1, 1, 45, 70), [FACIAL]: summary(FACIAL, 'Signature Facial', 3, 16384, 60, 150) },
    therapists: { '1': { 1: [any, { id: 1, name: 'Maria Lopez' }], 3: [any, { id: 4, name: 'Grace Kim' }] } },
    customer: { id: CUSTOMER, name: 'Ana Caller', email: email ?? '', packages: [], hasPatchTest: false },
    patchTests: [],
    today: '2026-11-23',
    lastDay: '2027-05-22',
    backOffice,
  };
}

// The wax is done at every location, Williamsburg (3) included, the facial at SoHo only (the team's therapist_services).
const desk = (slot: BackOffice['slot'] = {}): BackOffice => ({
  slot,
  services: [
    { id: WAX, label: 'Women · Wax', at: [1, 2, 3, 4] },
    { id: FACIAL, label: 'Women · Skincare', at: [1] },
  ],
});

function server(post: { status: number; body: unknown }[] = []) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/slots/')) {
      const date = url.split('/')[6]!;
      return reply(200, { date, slots: ['11:00', '12:00'].map((time) => ({ start: `${date}T${time}:00.000Z`, time, therapistIds: [1, 4] })), timestamp: 'now' });
    }
    if (url.startsWith('/api/visits/')) return reply(200, oneAreaVisitAnswer(url, () => ['11:00', '12:00']));
    const answer = post.shift() ?? { status: 500, body: null };
    return reply(answer.status, answer.body);
  }) as unknown as typeof fetch;
  return calls;
}

function setup(ctx: BookingContext, card: BookingCard, initialTimes: TimeChoices = {}) {
  return renderBookingView({ card, context: ctx, times: initialTimes, mode: 'each' });
}

beforeEach(() => {
  push.mockClear();
  resetBookingPage(`/booking/${CUSTOMER}/`);
});

describe('BookingView in back-office mode (staff booking for a customer)', () => {
  it('says for whom, applies the desk slot, books through the back-office path and opens that customer’s confirmation', async () => {
    const calls = server([{ status: 201, body: { header: { aptId: APT } } }]);
    const stores = setup(context(desk({ date: DAY, time: '11:00', therapist: 1 })), waxCard());
    expect(screen.getByText(/Booking for/)).toHaveTextContent('Booking for Ana Caller');
    expect(screen.getByRole('link', { name: 'Ana Caller' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/desk/customers/${CUSTOMER}/?$`)));
    await waitFor(() => expect(areasOf(stores)).toEqual([[1, 1, `${DAY} 11:00`]]));
    expect(stores.card.getState().card.customerId).toBe(CUSTOMER);
    await waitFor(() => expect(window.location.search).toContain(`th1=1&d1=${DAY}&t1=11%3A00`));
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe(`/api/appointments/bof/${CUSTOMER}/`);
    expect(JSON.parse(post.init!.body as string).header.customerId).toBe(CUSTOMER);
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/?customer=${CUSTOMER}`));
  });

  it('tells the desk when the customer has no address, so no confirmation mail goes out', () => {
    server();
    setup(context(desk(), null), waxCard());
    expect(screen.getByText(/Booking for/)).toHaveTextContent('(no e-mail address: no confirmation mail)');
  });

  it('fills an empty cart from the service search, with the slot applied to the added service', async () => {
    server();
    const card = emptyBookingCard();
    const stores = setup(context(desk({ date: DAY, time: '12:00', therapist: 4 })), card);
    expect(screen.getByText('No services yet: find one by name below.')).toBeInTheDocument();
    expect(screen.queryByText('Your booking cart is empty.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Service name/), 'signature fac');
    await userEvent.click(screen.getByRole('button', { name: 'Add Signature Facial (Women · Skincare)' }));
    await waitFor(() => expect(areasOf(stores)).toEqual([[3, 4, `${DAY} 12:00`]]));
    await waitFor(() => expect(window.location.search).toContain(`th3=4&d3=${DAY}&t3=12%3A00`));
  });

  it("a free time of a therapist who does not do the added service's area keeps the time and says to choose a therapist", async () => {
    server();
    const stores = setup(context(desk({ date: DAY, time: '12:00', therapist: 1 })), emptyBookingCard());
    await userEvent.type(screen.getByLabelText(/Service name/), 'signature fac');
    await userEvent.click(screen.getByRole('button', { name: 'Add Signature Facial (Women · Skincare)' }));
    await waitFor(() => expect(areasOf(stores)).toEqual([[3, 0, `${DAY} 12:00`]]));
    expect(stores.ui.getState().notices.map((notice) => notice.message)).toContain('Maria Lopez does not do Skincare: choose a therapist and time for it.');
  });

  it('books at Williamsburg, which takes nothing online, what a therapist does there; says when nobody does a service', async () => {
    server();
    const stores = setup(context(desk({ location: 3, date: DAY, time: '12:00' })), emptyBookingCard());
    await waitFor(() => expect(stores.card.getState().card.location).toBe(3));
    await userEvent.type(screen.getByLabelText(/Service name/), 'full leg');
    await userEvent.click(screen.getByRole('button', { name: 'Add Full Leg Wax (Women · Wax)' }));
    await waitFor(() => expect(areasOf(stores).map(([area, , when]) => [area, when])).toEqual([[1, `${DAY} 12:00`]]));
    expect(stores.card.getState().card.location).toBe(3);
    await userEvent.clear(screen.getByLabelText(/Service name/));
    await userEvent.type(screen.getByLabelText(/Service name/), 'signature fac');
    await userEvent.click(screen.getByRole('button', { name: 'Add Signature Facial (Women · Skincare)' }));
    expect(stores.ui.getState().notices.map((notice) => notice.message)).toContain('Nobody at Williamsburg does Signature Facial.');
    expect(stores.card.getState().card.areas.map((area) => area.area)).toEqual([1]);
  });

  it('offers the desk the locations where a therapist does a service of the cart, Williamsburg included, and every one for an empty cart', async () => {
    server();
    const locations = () => screen.getByRole('group', { name: 'Location' });
    const names = () => Array.from(locations().querySelectorAll('button'), (button) => button.textContent);
    setup(context(desk()), waxCard());
    await waitFor(() => expect(names()).toEqual(['SoHo', 'Midtown', 'Williamsburg', 'Nolita']));
    cleanup();
    setup(context(desk()), emptyBookingCard());
    // After the kept notes are read back (a promise), so that the page has settled.
    await act(async () => {});
    expect(names()).toEqual(['SoHo', 'Midtown', 'Williamsburg', 'Nolita']);
  });

  it('a customer booking for themselves gets no service search and books through their own path', async () => {
    const calls = server([{ status: 201, body: { header: { aptId: APT } } }]);
    const card = waxCard(DAY);
    setup({ ...context(desk()), backOffice: null }, card, { 1: { therapist: 0, date: DAY, time: '11:00' } });
    expect(screen.queryByLabelText(/Service name/)).not.toBeInTheDocument();
    expect(screen.getByText(/Booking as Ana Caller/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(calls.find((c) => c.init?.method === 'POST')!.url).toBe(`/api/appointments/${CUSTOMER}/`);
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/`));
  });
});

describe('matchServices', () => {
  const all = [
    { id: 'a', name: 'Brazilian', label: 'Women · Wax' },
    { id: 'b', name: 'Brozilian', label: 'Men · Wax' },
    { id: 'c', name: 'Brow Shaping', label: 'Women · Brows' },
  ];
  it('needs every word, each at the start of a word of the label or name', () => {
    expect(matchServices(all, 'bra').map((s) => s.id)).toEqual(['a']);
    expect(matchServices(all, 'men wax').map((s) => s.id)).toEqual(['b']);
    expect(matchServices(all, 'BROW').map((s) => s.id)).toEqual(['c']);
    expect(matchServices(all, '  ')).toEqual([]);
  });
});

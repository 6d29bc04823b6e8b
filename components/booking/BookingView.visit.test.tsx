/** @jest-environment jsdom */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANCELLATION_RULE } from '@/lib/booking/visit-summary';
import { depositRuleSentence } from '@/lib/deposits/rule';
import { whenFromWire, type BookingCard } from '@/lib/booking/card';
import type { BookingContext, OwnedPackageSummary, ServiceSummary } from './booking-types';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import type { VisitAnswer } from './visit-client';
import { onlineAtOfType, reply, resetBookingPage, twoAreaCard, whenText } from './test-support/booking-fixtures';
import { renderBookingView } from './test-support/render-booking-view';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
// The sign-in step's form posts to a server action; these tests do not sign in.
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const PKG = '44444444-4444-4444-8444-444444444444';
const CUSTOMER = '55555555-5555-4555-8555-555555555555';
const APT = '66666666-6666-4666-8666-666666666666';
const TODAY = '2026-12-01';

const service = (id: string, name: string, areaId: number, duration: number, price: number, shownMinutes = duration): ServiceSummary => ({
  id,
  name,
  areaId,
  svcType: areaId === 1 ? 1 : 16384,
  gen: 0,
  duration,
  shownDuration: `${shownMinutes} min`,
  shownMinutes,
  price,
  onlineAt: onlineAtOfType(areaId === 1 ? 1 : 16384),
});

const makeCard = (): BookingCard => twoAreaCard({ id: WAX }, { id: FACIAL });

function context(packages: OwnedPackageSummary[] = []): BookingContext {
  return {
    services: { [WAX]: service(WAX, 'Eyebrows', 1, 30, 25), [FACIAL]: service(FACIAL, 'Signature Facial', 3, 60, 150) },
    therapists: {
      '1': {
        1: [
          { id: 0, name: 'Any Therapists' },
          { id: 1, name: 'Maria Lopez' },
        ],
        3: [
          { id: 0, name: 'Any Therapists' },
          { id: 4, name: 'Grace Kim' },
        ],
      },
    },
    customer: { id: CUSTOMER, name: 'Ana', email: 'ana@example.com', packages, hasPatchTest: true },
    patchTests: [],
    today: TODAY,
    lastDay: '2027-05-30',
  };
}

const iso = (date: string, time: string) => `${date}T${time}:00.000Z`;
const plus = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const t = h * 60 + m + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};

/** A visits answer: `free` maps a date to its start times (wax 30 min, then facial 60 min). */
/** Days the salon is closed, by name, as the visit answer gives them. */
const CLOSED: Record<string, string> = {};

function visits(free: Record<string, string[]>, date: string): VisitAnswer {
  const days = Array.from({ length: 14 }, (_, i) => {
    const d = new Date(`${TODAY}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    const day = d.toISOString().slice(0, 10);
    return { date: day, count: free[day]?.length ?? 0, ...(CLOSED[day] ? { closure: CLOSED[day] } : {}) };
  });
  const times = (free[date] ?? []).map((time) => ({
    start: iso(date, time),
    time,
    endTime: plus(time, 90),
    part: (Number(time.slice(0, 2)) < 12 ? 'morning' : Number(time.slice(0, 2)) < 17 ? 'afternoon' : 'evening') as 'morning' | 'afternoon' | 'evening',
    legs: [
      { areaId: 1, start: iso(date, time), time, therapistIds: [1] },
      { areaId: 3, start: iso(date, plus(time, 30)), time: plus(time, 30), therapistIds: [4] },
    ],
  }));
  return { days, date, times, timestamp: 'now' };
}

function server(free: Record<string, string[]>, post: { status: number; body: unknown }[] = []) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/visits/')) {
      const params = new URL(url, 'http://x').searchParams;
      return reply(200, visits(free, params.get('date') ?? params.get('from')!));
    }
    if (url.startsWith('/api/slots/')) return reply(200, { date: url.split('/')[6], slots: [], timestamp: 'now' });
    const answer = post.shift() ?? { status: 500, body: null };
    return reply(answer.status, answer.body);
  }) as unknown as typeof fetch;
  return calls;
}

function setup(ctx = context(), card = makeCard(), url = {}) {
  return renderBookingView({ card, context: ctx, url });
}

const when = () => screen.getByRole('region', { name: 'One time for your whole visit' });
const summary = () => screen.getByRole('region', { name: 'Your visit' });

beforeEach(() => {
  push.mockClear();
  resetBookingPage();
});

describe('BookingView: one time for the whole visit', () => {
  it('asks once for the 14-day strip, marks the days with a time and groups the times of the day', async () => {
    const calls = server({ [TODAY]: ['10:00', '11:45', '12:00', '16:45', '17:00'], '2026-12-03': ['10:00'] });
    setup();
    const strip = await within(when()).findByRole('group', { name: 'Day of your visit' });
    const days = within(strip).getAllByRole('button');
    expect(days).toHaveLength(14);
    expect(days[0]).toHaveAccessibleName('Tue 1 Dec: 5 times');
    expect(days[0]).toHaveAttribute('aria-pressed', 'true');
    expect(days[1]).toHaveAccessibleName('Wed 2 Dec: no free time');
    expect(days[1]).toBeDisabled();
    expect(days[2]).toBeEnabled();
    const visitCalls = calls.filter((c) => c.url.startsWith('/api/visits/'));
    expect(visitCalls).toHaveLength(1);
    // The cart's services go along: only therapists who do them all are offered.
    expect(decodeURIComponent(visitCalls[0]!.url)).toBe(
      `/api/visits/1/?areas=1:0:30,3:4:60&from=${TODAY}&days=14&services=11111111-1111-4111-8111-111111111111,33333333-3333-4333-8333-333333333333`,
    );
    expect(calls.some((c) => c.url.startsWith('/api/slots/'))).toBe(false);
    const group = (name: string) => within(when()).getByRole('group', { name });
    expect(within(group('Morning')).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['10:00', '11:45']);
    expect(within(group('Afternoon')).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['12:00', '16:45']);
    expect(within(group('Evening')).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['17:00']);
    // The areas keep their therapist choice; the day and time are the visit's.
    expect(screen.getByLabelText('Therapist for Skincare')).toHaveValue('4');
    expect(screen.queryByLabelText('Date for Skincare')).not.toBeInTheDocument();
  });

  it('a full first day moves on to the first day with a time', async () => {
    server({ '2026-12-04': ['14:00'] });
    setup();
    expect(await within(when()).findByRole('radio', { name: '2:00 PM' })).toBeInTheDocument();
    expect(within(when()).getByRole('button', { name: 'Fri 4 Dec: 1 time' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('choosing a start time chains the areas, fills the summary and books both in one POST', async () => {
    const calls = server({ [TODAY]: ['10:00', '14:00'], '2026-12-03': ['11:00'] }, [{ status: 201, body: { header: { aptId: APT } } }]);
    const stores = setup();
    await userEvent.click(await within(when()).findByRole('button', { name: 'Thu 3 Dec: 1 time' }));
    await userEvent.click(await within(when()).findByRole('radio', { name: '11:00 AM' }));
    expect(within(when()).getByRole('radio', { name: '11:00 AM' })).toBeChecked();
    // The times are the card's, on the areas' day.
    expect(stores.card.getState().card.areas.map((a) => whenText(a.when))).toEqual(['2026-12-03 11:00', '2026-12-03 11:30']);
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ d1: '2026-12-03', t1: '11:00', th3: '4', d3: '2026-12-03', t3: '11:30' });

    const items = within(summary()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Eyebrows$2511:00 AM · 30 min · Hair Removal · any therapist',
      'Signature Facial$15011:30 AM · 1 hr · Skincare · Grace Kim',
    ]);
    expect(within(summary()).getByText('Thursday, December 3, 2026')).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total-time')).toHaveTextContent('1 hr 30 min');
    expect(within(summary()).getByTestId('summary-total-price')).toHaveTextContent('$175');
    expect(summary()).toHaveTextContent(CANCELLATION_RULE);

    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    const posts = calls.filter((c) => c.init?.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]!.init!.body as string);
    expect(body.svcAreas.map((a: { areaId: number; svcTherapist: number; svcDate: string }) => [a.areaId, a.svcTherapist, a.svcDate])).toEqual([
      [1, 0, '2026-12-03 11:00'],
      [3, 4, '2026-12-03 11:30'],
    ]);
    expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/`);
  });

  it('BOOK without a visit time asks for one and posts nothing', async () => {
    const calls = server({ [TODAY]: ['10:00'] });
    setup();
    await within(when()).findByRole('radio', { name: '10:00 AM' });
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a day and a start time for your visit.');
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
    expect(within(summary()).getAllByText(/Time not chosen yet/)).toHaveLength(2);
  });

  it('a package covers its line in the summary and the total leaves it out', async () => {
    server({ [TODAY]: ['10:00'] });
    setup(context([{ pkgId: PKG, serviceId: FACIAL, title: 'Signature Facial x3', sessionsLeft: 2 }]));
    await userEvent.click(await within(when()).findByRole('radio', { name: '10:00 AM' }));
    expect(within(summary()).getByText('Covered by your package Signature Facial x3')).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total-price')).toHaveTextContent('$25 (1 covered by your packages)');
  });

  it('shows the total deposit and its rule in one sentence before BOOK, and none for a service a package covers', async () => {
    server({ [TODAY]: ['10:00'] });
    const withDeposit = (packages: OwnedPackageSummary[] = []) => {
      const ctx = context(packages);
      ctx.services[FACIAL] = { ...ctx.services[FACIAL]!, depositCents: 3800 };
      return ctx;
    };
    setup(withDeposit());
    expect(within(summary()).getByTestId('summary-deposit')).toHaveTextContent('$38.00');
    expect(within(summary()).getByTestId('summary-deposit-rule')).toHaveTextContent(depositRuleSentence(3800));
    cleanup();
    resetBookingPage();
    setup(withDeposit([{ pkgId: PKG, serviceId: FACIAL, title: 'Signature Facial x3', sessionsLeft: 2 }]));
    expect(within(summary()).getByText('Covered by your package Signature Facial x3')).toBeInTheDocument();
    expect(within(summary()).queryByTestId('summary-deposit')).toBeNull();
    expect(within(summary()).queryByTestId('summary-deposit-rule')).toBeNull();
  });

  it('a 416 says so, asks for the visit times again and drops the time that was taken', async () => {
    const free: Record<string, string[]> = { [TODAY]: ['10:00', '14:00'] };
    const calls = server(free, [{ status: 416, body: { error: { code: 'slot_taken', message: 'x' } } }]);
    setup();
    await userEvent.click(await within(when()).findByRole('radio', { name: '10:00 AM' }));
    const before = calls.filter((c) => c.url.startsWith('/api/visits/')).length;
    free[TODAY] = ['14:00'];
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
    expect(calls.filter((c) => c.url.startsWith('/api/visits/')).length).toBeGreaterThan(before);
    await waitFor(() => expect(within(when()).queryByRole('radio', { name: '10:00 AM' })).not.toBeInTheDocument());
    expect(within(when()).getByRole('radio', { name: '2:00 PM' })).not.toBeChecked();
    expect(window.location.search).not.toContain('t1=');
  });

  it("'Choose times per service' shows each area's own day and time, and coming back starts afresh", async () => {
    server({ [TODAY]: ['10:00'] });
    setup();
    await userEvent.click(await within(when()).findByRole('radio', { name: '10:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose times per service' }));
    expect(window.location.search).toContain('times=each');
    expect(screen.getByLabelText('Date for Skincare')).toHaveValue(TODAY);
    expect(screen.queryByRole('region', { name: 'One time for your whole visit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose one time for the whole visit' }));
    expect(window.location.search).not.toContain('times=each');
    expect(window.location.search).not.toContain('t1=');
    expect(await within(when()).findByRole('radio', { name: '10:00 AM' })).not.toBeChecked();
  });

  it('a reload with a chained visit in the URL shows it chosen', async () => {
    server({ '2026-12-03': ['11:00'] });
    const card = makeCard();
    const url = { 1: { date: '2026-12-03', time: '11:00' }, 3: { therapist: 4, date: '2026-12-03', time: '11:30' } };
    const withDates = { ...card, areas: card.areas.map((a) => ({ ...a, when: whenFromWire('2026-12-03') })) };
    setup(context(), withDates, url);
    expect(await within(when()).findByRole('radio', { name: '11:00 AM' })).toBeChecked();
  });
});

describe('BookingView: a closed day in the strip', () => {
  afterEach(() => delete CLOSED['2026-12-02']);

  it('names the closure on the day\'s button, which cannot be chosen', async () => {
    CLOSED['2026-12-02'] = 'Staff training';
    server({ [TODAY]: ['10:00'] });
    setup();
    const strip = await within(when()).findByRole('group', { name: 'Day of your visit' });
    const days = within(strip).getAllByRole('button');
    expect(days[1]).toHaveAccessibleName('Wed 2 Dec: closed (Staff training)');
    expect(days[1]).toHaveAttribute('title', 'Closed: Staff training');
    expect(days[1]).toBeDisabled();
  });
});

import { closeDb, getDb } from '@/lib/db';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import type { ServiceItem } from '@/lib/catalog/schema';
import { FIRST_ITEM_OF_AREA, WAX } from '@/lib/booking/test-support/cards';
import { callRoute, signedIn } from '@/lib/booking/test-support/fixtures';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { addToCard } from '@/stores/card-edits';
import { visitTimesHandler } from '@/lib/booking/visit-handlers';
import { bookingContext } from './booking-context';
import { firstFreeTimes } from './first-free-times';
import { firstPickers, pickerKey } from './visit-pickers';
import { visitAnswerSchema, type VisitAnswer } from './visit-schema';

/**
 * The free times the booking page draws with its first HTML: the same answers GET /api/visits/ gives the browser for
 * the same keys, with this request's cookies. next/headers stands for the page's request.
 */
jest.setTimeout(120_000);
createTempDataDir('salon-first-free-times-');
afterAll(closeDb);
freezeClockAt('2027-03-01T15:00:00Z'); // a Monday, 10:00 in New York

let incoming = new Headers();
jest.mock('next/headers', () => ({ headers: async () => incoming }));

function cartOf(items: readonly ServiceItem[]): BookingCard {
  let card = emptyBookingCard();
  for (const item of items) {
    card = addToCard(card, { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, { location: 1 }).card;
  }
  return card;
}

/** GET /api/visits/ as the picker's fetcher reads it (visitAnswerSchema). */
async function asTheBrowserWould(key: string, cookie?: string): Promise<VisitAnswer> {
  const response = await callRoute(visitTimesHandler, { location: '1' }, { path: key, ...(cookie ? { headers: { cookie } } : {}) });
  expect(response.status).toBe(200);
  return visitAnswerSchema.parse(await response.json());
}

beforeAll(async () => {
  await getDb();
});

beforeEach(() => {
  incoming = new Headers();
});

describe('firstFreeTimes', () => {
  it('answers the one question of the whole visit, as the browser would ask it', async () => {
    const card = cartOf([WAX[0]!, FIRST_ITEM_OF_AREA(3)]);
    const context = bookingContext(card, null);
    const answers = await firstFreeTimes({ card, services: context.services, mode: 'visit', today: context.today, lastDay: context.lastDay });
    const [picker] = firstPickers(card, context.services, 'visit');
    const key = pickerKey('1', picker!.areas, context.today, context.lastDay, undefined)!;
    expect(Object.keys(answers)).toEqual([key]);
    expect(answers[key]!.date).toBe('2027-03-01');
    expect(answers[key]!.times.length).toBeGreaterThan(0);
    expect(answers[key]).toEqual(await asTheBrowserWould(key));
  });

  it("answers one question per area for a time per service, with the page's cookies: the front desk's times for staff", async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-03-01T18:00:00Z')); // 13:00 in New York
    const { cookie } = await signedIn(await getDb(), 'staff');
    incoming = new Headers({ cookie });
    const card = cartOf([WAX[0]!, FIRST_ITEM_OF_AREA(3)]);
    const context = bookingContext(card, null);
    const answers = await firstFreeTimes({ card, services: context.services, mode: 'each', today: context.today, lastDay: context.lastDay });
    const keys = firstPickers(card, context.services, 'each').map((picker) => pickerKey('1', picker.areas, context.today, context.lastDay, undefined)!);
    expect(keys).toHaveLength(2);
    expect(Object.keys(answers).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(answers[key]).toEqual(await asTheBrowserWould(key, cookie));
    // The desk books from now; online, a time starts two hours ahead at the earliest.
    const online = await asTheBrowserWould(keys[0]!);
    expect(answers[keys[0]!]!.times[0]!.time < online.times[0]!.time).toBe(true);
  });

  it("after the day's last time also answers the first day with a time, where the picker moves", async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-03-02T02:00:00Z')); // Monday 21:00 in New York: nothing left that day
    const card = cartOf([WAX[0]!]);
    const context = bookingContext(card, null);
    const answers = await firstFreeTimes({ card, services: context.services, mode: 'visit', today: context.today, lastDay: context.lastDay });
    const [picker] = firstPickers(card, context.services, 'visit');
    const first = pickerKey('1', picker!.areas, context.today, context.lastDay, undefined)!;
    const next = pickerKey('1', picker!.areas, context.today, context.lastDay, '2027-03-02')!;
    expect(Object.keys(answers).sort()).toEqual([first, next].sort());
    expect(answers[first]!.days[0]).toEqual({ date: '2027-03-01', count: 0 });
    expect(answers[next]!.date).toBe('2027-03-02');
    expect(answers[next]!.times.length).toBeGreaterThan(0);
  });

  it('leaves out what the handler refuses (a location the cookie names that does not exist) and asks nothing for an empty cart', async () => {
    // As a tampered cookie could name it.
    const card = { ...cartOf([WAX[0]!]), location: 99 as BookingCard['location'] };
    const context = bookingContext(card, null);
    expect(await firstFreeTimes({ card, services: context.services, mode: 'visit', today: context.today, lastDay: context.lastDay })).toEqual({});
    const empty = emptyBookingCard();
    expect(await firstFreeTimes({ card: empty, services: {}, mode: 'visit', today: context.today, lastDay: context.lastDay })).toEqual({});
  });
});

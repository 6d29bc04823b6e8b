import { bookingCardToCookie } from '@/lib/persistence/card';
import type { BookingCard } from '@/lib/booking/card';
import { reduceBookingPage, type BookingPage } from './booking-page';
import { areasWithoutTime, chosenTime, chosenTimesOf } from './build-card';
import { twoAreaCard, whenText } from './test-support/booking-fixtures';

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const DAY = '2026-12-05';
const NEXT_DAY = '2026-12-06';

const card = (): BookingCard => twoAreaCard({ id: WAX, date: DAY }, { id: FACIAL });

const page = (over: Partial<BookingPage> = {}): BookingPage => ({ card: card(), mode: 'each', ...over });
/** The times chosen on the page's card, as the page reads them. */
const timesOf = (p: BookingPage) => chosenTimesOf(p.card);
const area = (p: BookingPage, id: number) => p.card.areas.find((a) => a.area === id)!;
/** Each area's therapist and when, as [therapist, 'YYYY-MM-DD HH:mm']. */
const picks = (c: BookingCard) => c.areas.map((a) => [a.therapist, whenText(a.when)]);
const THERAPISTS = (areaId: number) => (areaId === 1 ? [{ id: 0 }, { id: 1 }] : [{ id: 0 }, { id: 4 }]);

describe('the booking page reducer', () => {
  it('records a time against the therapist and day the area has, and clears it when none is given', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    expect(timesOf(timed)[1]).toEqual({ therapist: 0, date: DAY, time: '11:00' });
    expect(chosenTime(area(timed, 1), timesOf(timed))).toBe('11:00');
    expect(timesOf(reduceBookingPage(timed, { type: 'time', areaId: 1, time: undefined }))[1]).toBeUndefined();
    // An area without a day takes no time.
    expect(reduceBookingPage(page(), { type: 'time', areaId: 3, time: '11:00' }).card).toEqual(card());
  });

  it('keeps the time in the card, on the area\'s day; the cookie keeps the day alone, as it always has', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    expect(whenText(area(timed, 1).when)).toBe(`${DAY} 11:00`);
    expect(timed.card.areas[0]!.when).toEqual({ kind: 'time', date: DAY, time: '11:00' });
    expect(bookingCardToCookie(timed.card)).toBe(bookingCardToCookie(card()));
  });

  it('starts the area afresh when the therapist changes: no day, and the time is gone rather than kept aside', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    const moved = reduceBookingPage(timed, { type: 'therapist', areaId: 1, therapist: 1 });
    expect(area(moved, 1)).toMatchObject({ therapist: 1, when: { kind: 'none' } });
    expect(timesOf(moved)[1]).toBeUndefined();
    // Going back to the first therapist and day does not bring back a time chosen before: it did go stale.
    const back = reduceBookingPage(reduceBookingPage(moved, { type: 'therapist', areaId: 1, therapist: 0 }), { type: 'date', areaId: 1, date: DAY });
    expect(areasWithoutTime(back.card, timesOf(back))).toEqual([1, 3]);
  });

  it('drops a time when its day changes, keeps it for the same day, and ignores a date that is not one', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    expect(timesOf(reduceBookingPage(timed, { type: 'date', areaId: 1, date: DAY }))[1]).toEqual(timesOf(timed)[1]);
    const other = reduceBookingPage(timed, { type: 'date', areaId: 1, date: NEXT_DAY });
    expect(whenText(area(other, 1).when)).toBe(NEXT_DAY);
    expect(timesOf(other)[1]).toBeUndefined();
    expect(reduceBookingPage(timed, { type: 'date', areaId: 1, date: '2026-02-30' })).toBe(timed);
  });

  it('puts every area of a visit time on its day at its leg\'s time, and a visit that went drops that day\'s times only', () => {
    const visit = reduceBookingPage(page({ mode: 'visit' }), { type: 'visit', date: NEXT_DAY, legs: [{ areaId: 1, time: '10:00' }, { areaId: 3, time: '10:45' }] });
    expect(picks(visit.card)).toEqual([[0, `${NEXT_DAY} 10:00`], [4, `${NEXT_DAY} 10:45`]]);
    expect(visit.card.areas.map((a) => chosenTime(a, timesOf(visit)))).toEqual(['10:00', '10:45']);
    const gone = reduceBookingPage(visit, { type: 'visit', date: NEXT_DAY, legs: undefined });
    expect(timesOf(gone)).toEqual({});
    expect(timesOf(reduceBookingPage(visit, { type: 'visit', date: DAY, legs: undefined }))).toEqual(timesOf(visit));
  });

  it('starts afresh when it comes back to one time for the visit, and keeps the times going to one per service', () => {
    const timed = reduceBookingPage(page({ mode: 'visit' }), { type: 'time', areaId: 1, time: '11:00' });
    const each = reduceBookingPage(timed, { type: 'mode', mode: 'each' });
    expect([each.mode, timesOf(each)]).toEqual(['each', timesOf(timed)]);
    const visit = reduceBookingPage({ ...timed, mode: 'each' }, { type: 'mode', mode: 'visit' });
    expect([visit.mode, timesOf(visit)]).toEqual(['visit', {}]);
    expect(whenText(area(visit, 1).when)).toBe(DAY);
  });

  it('applies a slot chosen elsewhere (the desk\'s) as therapist, day and time in turn', () => {
    const steps = [
      { type: 'therapist', areaId: 3, therapist: 0 },
      { type: 'date', areaId: 3, date: NEXT_DAY },
      { type: 'time', areaId: 3, time: '14:15' },
    ] as const;
    const slot = steps.reduce(reduceBookingPage, page());
    expect([area(slot, 3).therapist, whenText(area(slot, 3).when)]).toEqual([0, `${NEXT_DAY} 14:15`]);
    expect(chosenTime(area(slot, 3), timesOf(slot))).toBe('14:15');
    expect(reduceBookingPage(page(), { type: 'therapist', areaId: 6, therapist: 1 }).card).toEqual(card());
  });

  it('takes an address\'s therapists, days and times (a reload\'s), for every area or those it is asked to (areas just added)', () => {
    const url = { 1: { therapist: 1, date: NEXT_DAY, time: '09:30' }, 3: { date: NEXT_DAY, time: '12:00' } };
    const all = reduceBookingPage(page(), { type: 'url', url, therapistsOf: THERAPISTS });
    expect(picks(all.card)).toEqual([[1, `${NEXT_DAY} 09:30`], [4, `${NEXT_DAY} 12:00`]]);
    expect(timesOf(all)).toEqual({ 1: { therapist: 1, date: NEXT_DAY, time: '09:30' }, 3: { therapist: 4, date: NEXT_DAY, time: '12:00' } });
    // The address again (the first effect after a reload): the times stay.
    expect(reduceBookingPage(all, { type: 'url', url, therapistsOf: THERAPISTS })).toBe(all);
    const facialOnly = reduceBookingPage(page(), { type: 'url', url, therapistsOf: THERAPISTS, only: (id) => id === 3 });
    expect(picks(facialOnly.card)).toEqual([[0, DAY], [4, `${NEXT_DAY} 12:00`]]);
    expect(timesOf(facialOnly)).toEqual({ 3: { therapist: 4, date: NEXT_DAY, time: '12:00' } });
    // A therapist the area does not have is not taken.
    expect(area(reduceBookingPage(page(), { type: 'url', url: { 1: { therapist: 9 } }, therapistsOf: THERAPISTS }), 1).therapist).toBe(0);
  });
});

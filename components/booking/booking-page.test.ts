import { emptyCard, type AppointmentCard } from '@/lib/persistence/card';
import { reduceBookingPage, type BookingPage } from './booking-page';
import { areasWithoutTime, chosenTime } from './build-card';
import { bookingArea, cardLine as line } from './test-support/booking-fixtures';
import { bookingCardOf } from '@/stores/card-view';

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const DAY = '2026-12-05';
const NEXT_DAY = '2026-12-06';

function card(): AppointmentCard {
  return {
    ...emptyCard({ location: '1' }),
    svcAreas: [
      { areaId: 1, svcTherapist: 0, svcDate: DAY, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [line(WAX, 1, 1)] }] },
      { areaId: 3, svcTherapist: 4, svcDate: '', svcNote: '', svcTypes: [{ svcTypeId: 16384, svcArray: [line(FACIAL, 3, 16384)] }] },
    ],
  };
}

const page = (over: Partial<BookingPage> = {}): BookingPage => ({ card: card(), times: {}, mode: 'each', ...over });
const area = (p: BookingPage, id: number) => p.card.svcAreas.find((a) => a.areaId === id)!;
const THERAPISTS = (areaId: number) => (areaId === 1 ? [{ id: 0 }, { id: 1 }] : [{ id: 0 }, { id: 4 }]);

describe('the booking page reducer', () => {
  it('records a time against the therapist and day the area has, and clears it when none is given', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    expect(timed.times[1]).toEqual({ therapist: 0, date: DAY, time: '11:00' });
    expect(chosenTime(bookingArea(area(timed, 1)), timed.times)).toBe('11:00');
    expect(reduceBookingPage(timed, { type: 'time', areaId: 1, time: undefined }).times[1]).toBeUndefined();
  });

  it('starts the area afresh when the therapist changes: no day, and the time is gone rather than kept aside', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    const moved = reduceBookingPage(timed, { type: 'therapist', areaId: 1, therapist: 1 });
    expect(area(moved, 1)).toMatchObject({ svcTherapist: 1, svcDate: '' });
    expect(moved.times[1]).toBeUndefined();
    // Going back to the first therapist and day does not bring back a time chosen before: it did go stale.
    const back = reduceBookingPage(reduceBookingPage(moved, { type: 'therapist', areaId: 1, therapist: 0 }), { type: 'date', areaId: 1, date: DAY });
    expect(areasWithoutTime(bookingCardOf(back.card), back.times)).toEqual([1, 3]);
  });

  it('drops a time when its day changes, keeps it for the same day, and ignores a date that is not one', () => {
    const timed = reduceBookingPage(page(), { type: 'time', areaId: 1, time: '11:00' });
    expect(reduceBookingPage(timed, { type: 'date', areaId: 1, date: DAY }).times[1]).toEqual(timed.times[1]);
    const other = reduceBookingPage(timed, { type: 'date', areaId: 1, date: NEXT_DAY });
    expect(area(other, 1).svcDate).toBe(NEXT_DAY);
    expect(other.times[1]).toBeUndefined();
    expect(reduceBookingPage(timed, { type: 'date', areaId: 1, date: '2026-02-30' })).toBe(timed);
  });

  it('puts every area of a visit time on its day at its leg\'s time, and a visit that went drops that day\'s times only', () => {
    const visit = reduceBookingPage(page({ mode: 'visit' }), { type: 'visit', date: NEXT_DAY, legs: [{ areaId: 1, time: '10:00' }, { areaId: 3, time: '10:45' }] });
    expect(visit.card.svcAreas.map((a) => [a.svcTherapist, a.svcDate])).toEqual([[0, NEXT_DAY], [4, NEXT_DAY]]);
    expect(visit.card.svcAreas.map((a) => chosenTime(bookingArea(a), visit.times))).toEqual(['10:00', '10:45']);
    const gone = reduceBookingPage(visit, { type: 'visit', date: NEXT_DAY, legs: undefined });
    expect(gone.times).toEqual({});
    expect(reduceBookingPage(visit, { type: 'visit', date: DAY, legs: undefined }).times).toEqual(visit.times);
  });

  it('starts afresh when it comes back to one time for the visit, and keeps the times going to one per service', () => {
    const timed = reduceBookingPage(page({ mode: 'visit' }), { type: 'time', areaId: 1, time: '11:00' });
    expect(reduceBookingPage(timed, { type: 'mode', mode: 'each' })).toMatchObject({ mode: 'each', times: timed.times });
    expect(reduceBookingPage({ ...timed, mode: 'each' }, { type: 'mode', mode: 'visit' })).toMatchObject({ mode: 'visit', times: {} });
  });

  it('applies a slot chosen elsewhere (the desk\'s) as therapist, day and time in turn', () => {
    const steps = [
      { type: 'therapist', areaId: 3, therapist: 0 },
      { type: 'date', areaId: 3, date: NEXT_DAY },
      { type: 'time', areaId: 3, time: '14:15' },
    ] as const;
    const slot = steps.reduce(reduceBookingPage, page());
    expect(area(slot, 3)).toMatchObject({ svcTherapist: 0, svcDate: NEXT_DAY });
    expect(chosenTime(bookingArea(area(slot, 3)), slot.times)).toBe('14:15');
    expect(reduceBookingPage(page(), { type: 'therapist', areaId: 6, therapist: 1 }).card).toEqual(card());
  });

  it('takes an address\'s therapists and days, and for the areas it is asked to (areas just added) their times too', () => {
    const url = { 1: { therapist: 1, date: NEXT_DAY, time: '09:30' }, 3: { date: NEXT_DAY, time: '12:00' } };
    const all = reduceBookingPage(page(), { type: 'url', url, therapistsOf: THERAPISTS });
    expect(all.card.svcAreas.map((a) => [a.svcTherapist, a.svcDate])).toEqual([[1, NEXT_DAY], [4, NEXT_DAY]]);
    expect(all.times).toEqual({});
    const facialOnly = reduceBookingPage(page(), { type: 'url', url, therapistsOf: THERAPISTS, only: (id) => id === 3 });
    expect(facialOnly.card.svcAreas.map((a) => [a.svcTherapist, a.svcDate])).toEqual([[0, DAY], [4, NEXT_DAY]]);
    expect(facialOnly.times).toEqual({ 3: { therapist: 4, date: NEXT_DAY, time: '12:00' } });
    // A therapist the area does not have is not taken.
    expect(area(reduceBookingPage(page(), { type: 'url', url: { 1: { therapist: 9 } }, therapistsOf: THERAPISTS }), 1).svcTherapist).toBe(0);
  });
});

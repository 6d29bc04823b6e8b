import { computeSlots } from '@/lib/booking/slots';
import { localMinuteToUtcMs, openingWindow, utcMsToLocal, type DateInLocationTz } from '@/lib/booking/dates';
import { setHours } from '@/lib/test-support/catalog-hours';
import { formatDayHours, formatHoursMinute, hoursIn, withinHours } from './day-hours';
import { hoursOn, hoursTableFrom, minNoticeMinutesOf, specialHoursOf } from './hours';
import { resetCatalogSnapshot } from './snapshot';

const d = (date: string) => date as DateInLocationTz;
const LONG_AGO = Date.parse('2020-01-01T00:00:00Z');
const local = (ms: number) => utcMsToLocal(ms);

afterEach(resetCatalogSnapshot);

describe('hoursOn: the hours of location L on date D', () => {
  it('reads the seed: weekdays 10:00 to 20:00, Saturday 11:00 to 19:00, Sunday 11:00 to 18:00, at every location', () => {
    for (const location of [1, 2, 3, 4]) {
      expect(hoursOn(location, '2026-12-07')).toEqual({ open: 600, close: 1200 });
      expect(hoursOn(location, '2026-12-12')).toEqual({ open: 660, close: 1140 });
      expect(hoursOn(location, '2026-12-13')).toEqual({ open: 660, close: 1080 });
    }
    expect(minNoticeMinutesOf(1)).toBe(120);
  });

  it('a special day (a late night) wins over its weekday, at its location only and on its date only', () => {
    setHours(2, { special: [{ date: '2026-12-19', open: 11 * 60, close: 22 * 60, note: 'Holiday late night' }] });
    expect(hoursOn(2, '2026-12-19')).toEqual({ open: 660, close: 1320 });
    expect(hoursOn(2, '2026-12-26')).toEqual({ open: 660, close: 1140 });
    expect(hoursOn(1, '2026-12-19')).toEqual({ open: 660, close: 1140 });
    expect(specialHoursOf(2, '2026-12-01')).toEqual([{ location: 2, date: '2026-12-19', open: 660, close: 1320, note: 'Holiday late night' }]);
    expect(specialHoursOf(2, '2026-12-20')).toEqual([]);
    expect(hoursTableFrom(2, '2026-12-20').special).toEqual({});
  });

  it('a closed weekday has no hours, and a special day can still open one of its dates', () => {
    setHours(3, { week: { 0: null }, special: [{ date: '2026-12-20', open: 12 * 60, close: 16 * 60, note: 'Pop-up Sunday' }] });
    expect(hoursOn(3, '2026-12-13')).toBeNull();
    expect(hoursOn(3, '2026-12-20')).toEqual({ open: 720, close: 960 });
    expect(formatDayHours(hoursOn(3, '2026-12-13'))).toBe('Closed');
    expect(formatDayHours(hoursOn(3, '2026-12-20'))).toBe('12:00 PM to 4:00 PM');
  });

  it('a location the database has no hours for is closed, not open by some default', () => {
    expect(hoursOn(9, '2026-12-07')).toBeNull();
    expect(minNoticeMinutesOf(9)).toBe(120);
  });
});

describe('the hours on the clock, across daylight-saving days', () => {
  it.each([
    // Spring forward (23-hour day) and fall back (25-hour day): the hours stay on the wall clock.
    ['2027-03-14', '2027-03-14T16:00:00.000Z', '2027-03-15T02:00:00.000Z'],
    ['2026-11-01', '2026-11-01T17:00:00.000Z', '2026-11-02T03:00:00.000Z'],
  ])('a special 12:00 to 22:00 on the Sunday %s opens and closes by New York time', (date, opens, closes) => {
    setHours(1, { special: [{ date, open: 12 * 60, close: 22 * 60, note: '' }] });
    const window = openingWindow(d(date), hoursOn(1, date)!);
    expect([new Date(window.start).toISOString(), new Date(window.end).toISOString()]).toEqual([opens, closes]);
    const slots = computeSlots({ date: d(date), hours: hoursOn(1, date), roster: [{ therapistId: 1 }], busy: [], durationMinutes: 60, now: LONG_AGO });
    expect([local(Date.parse(slots[0]!.start)), local(Date.parse(slots.at(-1)!.start))]).toEqual([`${date} 12:00`, `${date} 21:00`]);
    expect(slots).toHaveLength(37);
  });

  it('closing at midnight ends at the next day\'s midnight, whatever its offset', () => {
    expect(new Date(localMinuteToUtcMs(d('2026-11-01'), 1440)).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(formatHoursMinute(1440)).toBe('Midnight');
    expect(formatHoursMinute(11 * 60 + 30)).toBe('11:30 AM');
    expect(formatHoursMinute(12 * 60)).toBe('12:00 PM');
  });
});

describe('withinHours: whether a booked visit lies inside its day\'s hours', () => {
  const table = { week: { 0: null, 1: { open: 600, close: 1200 }, 2: { open: 600, close: 1200 }, 3: { open: 600, close: 1200 }, 4: { open: 600, close: 1200 }, 5: { open: 600, close: 1200 }, 6: { open: 660, close: 1020 } }, special: { '2026-12-24': { open: 600, close: 900 } } };

  it('by the wall clock of the visit\'s own date, special days included', () => {
    expect(hoursIn(table, '2026-12-12')).toEqual({ open: 660, close: 1020 });
    expect(withinHours(table, '2026-12-12 16:00', '2026-12-12 17:00')).toBe(true);
    expect(withinHours(table, '2026-12-12 16:30', '2026-12-12 17:15')).toBe(false);
    expect(withinHours(table, '2026-12-12 10:45', '2026-12-12 11:15')).toBe(false);
    expect(withinHours(table, '2026-12-13 12:00', '2026-12-13 12:30')).toBe(false);
    expect(withinHours(table, '2026-12-24 14:30', '2026-12-24 15:00')).toBe(true);
    expect(withinHours(table, '2026-12-24 15:00', '2026-12-24 15:30')).toBe(false);
  });

  it('a visit ending at midnight fits a day open until midnight; one running past it never fits', () => {
    const late = { ...table, special: { '2026-12-31': { open: 600, close: 1440 } } };
    expect(withinHours(late, '2026-12-31 23:00', '2027-01-01 00:00')).toBe(true);
    expect(withinHours(late, '2026-12-31 23:30', '2027-01-01 00:30')).toBe(false);
  });
});

import { hoursOn } from '@/lib/catalog/hours';
import { parseDateInLocationTz, utcMsToLocal, type DateInLocationTz } from './dates';
import { computeSlots, shiftsFor, type RosterEntry } from './slots';

const day = (value: string) => parseDateInLocationTz(value) as DateInLocationTz;
const at = (iso: string) => Date.parse(iso);
const LONG_AGO = at('2020-01-01T00:00:00Z');
const one: RosterEntry[] = [{ therapistId: 1 }];
const local = (iso: string) => utcMsToLocal(Date.parse(iso));

describe('computeSlots: opening hours in New York time', () => {
  it('a weekday opens at 10:00 for 10 hours (EDT, UTC-4)', () => {
    const slots = computeSlots({ date: day('2026-06-15'), hours: hoursOn(1, day('2026-06-15')), roster: one, busy: [], durationMinutes: 60, now: LONG_AGO });
    expect(slots[0]!.start).toBe('2026-06-15T14:00:00.000Z');
    expect(slots.at(-1)!.start).toBe('2026-06-15T23:00:00.000Z');
    expect(slots).toHaveLength(10 * 4 - 3);
  });

  it('a winter weekday opens at 10:00 EST (UTC-5)', () => {
    const slots = computeSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), roster: one, busy: [], durationMinutes: 15, now: LONG_AGO });
    expect(slots[0]!.start).toBe('2026-12-14T15:00:00.000Z');
    expect(local(slots.at(-1)!.start)).toBe('2026-12-14 19:45');
    expect(slots).toHaveLength(40);
  });

  it('Saturday opens at 11:00 for 8 hours', () => {
    const slots = computeSlots({ date: day('2026-06-13'), hours: hoursOn(1, day('2026-06-13')), roster: one, busy: [], durationMinutes: 30, now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('2026-06-13 11:00');
    expect(local(slots.at(-1)!.start)).toBe('2026-06-13 18:30');
    expect(slots).toHaveLength(8 * 4 - 1);
  });

  it('Sunday opens at 11:00 for 7 hours', () => {
    const slots = computeSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), roster: one, busy: [], durationMinutes: 30, now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('2026-06-14 11:00');
    expect(local(slots.at(-1)!.start)).toBe('2026-06-14 17:30');
  });
});

describe('computeSlots: a six-hour service (the menu editor allows up to 360 minutes)', () => {
  it('fits inside a weekday and the shortest day, ending at closing at the latest, and finds nothing on a shorter shift', () => {
    const weekday = computeSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), roster: one, busy: [], durationMinutes: 360, now: LONG_AGO });
    expect(local(weekday[0]!.start)).toBe('2026-12-14 10:00');
    expect(local(weekday.at(-1)!.start)).toBe('2026-12-14 14:00');
    expect(weekday).toHaveLength(17);
    const sunday = computeSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), roster: one, busy: [], durationMinutes: 360, now: LONG_AGO });
    expect(sunday.map((slot) => local(slot.start).slice(11))).toEqual(['11:00', '11:15', '11:30', '11:45', '12:00']);
    const shortShift = computeSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), roster: [{ therapistId: 1, startMinute: 600, endMinute: 900 }], busy: [], durationMinutes: 360, now: LONG_AGO });
    expect(shortShift).toEqual([]);
  });
});

describe('computeSlots on daylight-saving days', () => {
  // A naive "local midnight + 11 hours" would open at 12:00 on spring-forward days and 10:00 on fall-back days.
  it.each([
    ['2026-03-08', '2026-03-08T15:00:00.000Z', '2026-03-08T21:00:00.000Z'], // spring forward, opens on EDT
    ['2026-11-01', '2026-11-01T16:00:00.000Z', '2026-11-01T22:00:00.000Z'], // fall back, opens on EST
    ['2027-03-14', '2027-03-14T15:00:00.000Z', '2027-03-14T21:00:00.000Z'], // spring forward
  ])('%s opens at 11:00 local and the last hour starts at 17:00 local', (date, first, last) => {
    const slots = computeSlots({ date: day(date), hours: hoursOn(1, day(date)), roster: one, busy: [], durationMinutes: 60, now: LONG_AGO });
    expect(slots[0]!.start).toBe(first);
    expect(slots.at(-1)!.start).toBe(last);
    expect(local(slots[0]!.start)).toBe(`${date} 11:00`);
    expect(local(slots.at(-1)!.start)).toBe(`${date} 17:00`);
    // Seven hours of wall-clock time in 15-minute steps, whatever the length of the day.
    expect(slots).toHaveLength(7 * 4 - 3);
    for (let i = 1; i < slots.length; i++) {
      expect(Date.parse(slots[i]!.start) - Date.parse(slots[i - 1]!.start)).toBe(15 * 60_000);
    }
  });

  it('a roster shift given in local minutes lands on the right instant on a DST day', () => {
    const shifts = shiftsFor(day('2026-11-01'), hoursOn(1, '2026-11-01'), [{ therapistId: 7, startMinute: 13 * 60, endMinute: 15 * 60 }]);
    expect(shifts.get(7)).toEqual({ start: at('2026-11-01T18:00:00Z'), end: at('2026-11-01T20:00:00Z') });
  });

  it('an appointment before the change is honoured in UTC on the fall-back day', () => {
    const busy = [{ therapistId: 1, start: at('2026-11-01T16:00:00Z'), end: at('2026-11-01T17:00:00Z') }];
    const slots = computeSlots({ date: day('2026-11-01'), hours: hoursOn(1, day('2026-11-01')), roster: one, busy, durationMinutes: 60, now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('2026-11-01 12:00');
  });
});

describe('computeSlots: rosters and appointments', () => {
  const date = day('2026-06-15'); // Monday, 14:00Z to 00:00Z

  it('leaves out the time of existing appointments, whole durations only', () => {
    const busy = [{ therapistId: 1, start: at('2026-06-15T15:00:00Z'), end: at('2026-06-15T16:00:00Z') }];
    const starts = computeSlots({ date, hours: hoursOn(1, date), roster: one, busy, durationMinutes: 60, now: LONG_AGO }).map((s) => s.start);
    expect(starts).toContain('2026-06-15T14:00:00.000Z');
    expect(starts).not.toContain('2026-06-15T14:15:00.000Z');
    expect(starts).not.toContain('2026-06-15T15:45:00.000Z');
    expect(starts).toContain('2026-06-15T16:00:00.000Z');
  });

  it('keeps to the 15-minute grid after an appointment ending off the grid', () => {
    const busy = [{ therapistId: 1, start: at('2026-06-15T14:00:00Z'), end: at('2026-06-15T14:20:00Z') }];
    const slots = computeSlots({ date, hours: hoursOn(1, date), roster: one, busy, durationMinutes: 15, now: LONG_AGO });
    expect(slots[0]!.start).toBe('2026-06-15T14:30:00.000Z');
  });

  it('ignores other therapists\' appointments and lists who is free at each start', () => {
    const roster = [{ therapistId: 2 }, { therapistId: 1 }];
    const busy = [
      { therapistId: 1, start: at('2026-06-15T14:00:00Z'), end: at('2026-06-15T15:00:00Z') },
      { therapistId: 9, start: at('2026-06-15T14:00:00Z'), end: at('2026-06-15T23:59:00Z') },
    ];
    const slots = computeSlots({ date, hours: hoursOn(1, date), roster, busy, durationMinutes: 30, now: LONG_AGO });
    expect(slots[0]).toEqual({ start: '2026-06-15T14:00:00.000Z', therapistIds: [2] });
    expect(slots.find((s) => s.start === '2026-06-15T15:00:00.000Z')!.therapistIds).toEqual([1, 2]);
  });

  it('gives nothing when every therapist is booked all day', () => {
    const busy = [{ therapistId: 1, start: at('2026-06-15T13:00:00Z'), end: at('2026-06-16T01:00:00Z') }];
    expect(computeSlots({ date, hours: hoursOn(1, date), roster: one, busy, durationMinutes: 15, now: LONG_AGO })).toEqual([]);
  });

  it('honours roster weekdays and hours', () => {
    const roster = [{ therapistId: 3, weekdays: [2, 3], startMinute: 9 * 60 }, { therapistId: 4, startMinute: 12 * 60, endMinute: 14 * 60 }];
    const slots = computeSlots({ date, hours: hoursOn(1, date), roster, busy: [], durationMinutes: 60, now: LONG_AGO });
    expect(slots.map((s) => local(s.start))).toEqual(['2026-06-15 12:00', '2026-06-15 12:15', '2026-06-15 12:30', '2026-06-15 12:45', '2026-06-15 13:00']);
    expect(slots.every((s) => s.therapistIds.join() === '4')).toBe(true);
  });

  it('never offers a time in the past', () => {
    const now = at('2026-06-15T18:07:00Z');
    const slots = computeSlots({ date, hours: hoursOn(1, date), roster: one, busy: [], durationMinutes: 30, now });
    expect(slots[0]!.start).toBe('2026-06-15T18:15:00.000Z');
    expect(computeSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), roster: one, busy: [], durationMinutes: 30, now })).toEqual([]);
  });

  it('gives nothing for a duration longer than the day or not positive', () => {
    expect(computeSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), roster: one, busy: [], durationMinutes: 7 * 60 + 15, now: LONG_AGO })).toEqual([]);
    expect(computeSlots({ date, hours: hoursOn(1, date), roster: one, busy: [], durationMinutes: 0, now: LONG_AGO })).toEqual([]);
  });

  it('offers a booking that fills the whole day', () => {
    const slots = computeSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), roster: one, busy: [], durationMinutes: 7 * 60, now: LONG_AGO });
    expect(slots.map((s) => local(s.start))).toEqual(['2026-06-14 11:00']);
  });
});

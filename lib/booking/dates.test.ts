import {
  localToUtcMs,
  nextDate,
  openingWindow,
  parseDateInLocationTz,
  parseDateTimeInLocationTz,
  parseSlotStartIso,
  utcMsToLocal,
  weekdayOf,
  type DateInLocationTz,
  type DateTimeInLocationTz,
} from './dates';

describe('date strings', () => {
  it('accepts only real calendar dates as DateInLocationTz', () => {
    expect(parseDateInLocationTz('2026-03-08')).toBe('2026-03-08');
    for (const bad of ['2026-02-30', '2026-13-01', '26-03-08', '2026-03-08 10:00', '2026-3-8', '', 20260308, null, '1999-01-01']) {
      expect(parseDateInLocationTz(bad)).toBeUndefined();
    }
  });

  it('accepts only real wall-clock times as DateTimeInLocationTz', () => {
    expect(parseDateTimeInLocationTz('2026-03-08 11:15')).toBe('2026-03-08 11:15');
    expect(parseDateTimeInLocationTz('2026-03-08 24:00')).toBeUndefined();
    expect(parseDateTimeInLocationTz('2026-03-08T11:15')).toBeUndefined();
  });

  it('accepts only UTC instants as SlotStartIso and normalises them', () => {
    expect(parseSlotStartIso('2026-03-08T15:00Z')).toBe('2026-03-08T15:00:00.000Z');
    expect(parseSlotStartIso('2026-03-08T15:00:00-04:00')).toBeUndefined();
    expect(parseSlotStartIso('2026-02-30T15:00:00Z')).toBeUndefined();
    expect(parseSlotStartIso('2026-03-08 15:00')).toBeUndefined();
  });

  it('converts wall-clock times across both daylight-saving changes', () => {
    expect(new Date(localToUtcMs('2026-03-08 01:30' as DateTimeInLocationTz)).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(new Date(localToUtcMs('2026-03-08 03:30' as DateTimeInLocationTz)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(utcMsToLocal(Date.parse('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30');
    expect(utcMsToLocal(Date.parse('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30');
    expect(utcMsToLocal(Date.parse('2026-11-01T16:00:00Z'))).toBe('2026-11-01 11:00');
  });

  it('places the opening hours of a day on the clock', () => {
    const d = (s: string) => s as DateInLocationTz;
    expect(weekdayOf(d('2026-03-08'))).toBe(0);
    expect(openingWindow(d('2026-03-07'), { open: 11 * 60, close: 19 * 60 })).toEqual({ start: Date.parse('2026-03-07T16:00:00Z'), end: Date.parse('2026-03-08T00:00:00Z') });
    expect(openingWindow(d('2026-03-09'), { open: 10 * 60, close: 20 * 60 })).toEqual({ start: Date.parse('2026-03-09T14:00:00Z'), end: Date.parse('2026-03-10T00:00:00Z') });
    expect(nextDate(d('2026-02-28'))).toBe('2026-03-01');
    expect(nextDate(d('2026-12-31'))).toBe('2027-01-01');
  });
});

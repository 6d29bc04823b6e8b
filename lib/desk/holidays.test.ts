import fc from 'fast-check';
import { closuresBetween, federalHolidays } from './holidays';

describe('federalHolidays', () => {
  it('lists 2026: Thanksgiving on 2026-11-26, Christmas on 2026-12-25, Independence Day on a Saturday observed on Friday', () => {
    expect(federalHolidays(2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-07-03', name: 'Independence Day (observed)' },
      { date: '2026-07-04', name: 'Independence Day' },
      { date: '2026-09-07', name: 'Labor Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ]);
  });

  it('observes a Sunday holiday on the Monday after, and next year\'s Saturday New Year on this year\'s December 31', () => {
    // 2027: Christmas on a Saturday (observed Friday 24th); 2028-01-01 is a Saturday (observed 2027-12-31).
    const dates = federalHolidays(2027).map((h) => h.date);
    expect(dates).toEqual(['2027-01-01', '2027-05-31', '2027-07-04', '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24', '2027-12-25', '2027-12-31']);
    expect(federalHolidays(2028).map((h) => h.date)).toEqual(['2028-01-01', '2028-05-29', '2028-07-04', '2028-09-04', '2028-11-23', '2028-12-25']);
    // 2023-01-01 was a Sunday: observed Monday January 2.
    expect(federalHolidays(2023).slice(0, 2)).toEqual([
      { date: '2023-01-01', name: "New Year's Day" },
      { date: '2023-01-02', name: "New Year's Day (observed)" },
    ]);
  });

  it('by rule for any year: Memorial Day is the last Monday of May, Labor Day the first Monday of September, Thanksgiving the fourth Thursday of November', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), (year) => {
        const byName = new Map(federalHolidays(year).map((h) => [h.name, h.date]));
        const day = (d: string) => new Date(`${d}T00:00:00Z`);
        const memorial = day(byName.get('Memorial Day')!);
        expect(memorial.getUTCDay()).toBe(1);
        expect(memorial.getUTCMonth()).toBe(4);
        expect(memorial.getUTCDate()).toBeGreaterThan(24);
        const labor = day(byName.get('Labor Day')!);
        expect([labor.getUTCDay(), labor.getUTCMonth(), labor.getUTCDate() <= 7]).toEqual([1, 8, true]);
        const thanks = day(byName.get('Thanksgiving Day')!);
        expect([thanks.getUTCDay(), thanks.getUTCMonth()]).toEqual([4, 10]);
        expect(thanks.getUTCDate()).toBeGreaterThanOrEqual(22);
        expect(thanks.getUTCDate()).toBeLessThanOrEqual(28);
        for (const h of federalHolidays(year)) {
          expect(h.date.startsWith(`${year}-`)).toBe(true);
          // An observed day is always a weekday.
          if (h.name.endsWith('(observed)')) expect([0, 6]).not.toContain(day(h.date).getUTCDay());
        }
      }),
    );
  });

  it('answers nothing for a year out of range', () => {
    expect(federalHolidays(1999)).toEqual([]);
    expect(federalHolidays(2026.5)).toEqual([]);
  });
});

describe('closuresBetween', () => {
  it('merges the holidays with the location\'s overrides: a removed holiday opens, an added closure closes', () => {
    const closures = closuresBetween('2026-11-01', '2027-01-02', [
      { date: '2026-12-25', name: 'Christmas Day', closed: false },
      { date: '2026-12-24', name: 'Christmas Eve', closed: true },
    ]);
    expect(closures).toEqual([
      { date: '2026-11-26', name: 'Thanksgiving Day', source: 'holiday' },
      { date: '2026-12-24', name: 'Christmas Eve', source: 'added' },
      { date: '2027-01-01', name: "New Year's Day", source: 'holiday' },
    ]);
  });

  it('keeps to the range asked for', () => {
    expect(closuresBetween('2026-11-26', '2026-11-26', [])).toEqual([{ date: '2026-11-26', name: 'Thanksgiving Day', source: 'holiday' }]);
    expect(closuresBetween('2026-11-27', '2026-12-24', [])).toEqual([]);
  });
});

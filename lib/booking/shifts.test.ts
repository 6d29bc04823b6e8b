import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import type { DateInLocationTz } from './dates';
import { appliesOn } from './dates';
import { applyShiftChanges, replaceWeeklyShift, type WeeklyShift } from './shifts';
import { oneOffScenario } from './test-support/one-off-shifts';

jest.setTimeout(120_000);

const d = (date: string) => date as DateInLocationTz;
// 2027-03-01 is a Monday (1), 2027-03-02 a Tuesday (2). Every row applies since always.
const always = { validFrom: null, validUntil: null };
const weekly: WeeklyShift[] = [
  { therapistId: 3, areaId: 2, weekday: 1, startMinute: null, endMinute: null, ...always },
  { therapistId: 3, areaId: 4, weekday: 1, startMinute: 600, endMinute: 900, ...always },
  { therapistId: 3, areaId: 5, weekday: 3, startMinute: null, endMinute: null, ...always },
  { therapistId: 4, areaId: 3, weekday: 1, startMinute: null, endMinute: null, ...always },
  { therapistId: 4, areaId: 3, weekday: 0, startMinute: null, endMinute: null, ...always },
  { therapistId: 4, areaId: 5, weekday: 6, startMinute: null, endMinute: null, ...always },
];
const brief = (shifts: ReturnType<typeof applyShiftChanges>) => shifts.map((s) => `${s.date} ${s.therapistId}/${s.areaId} ${s.startMinute ?? 'open'}-${s.endMinute ?? 'close'}${s.oneOff ? ' once' : ''}`);

describe('applyShiftChanges', () => {
  it('without changes: the weekly rows of each date’s weekday', () => {
    expect(brief(applyShiftChanges(weekly, [], [d('2027-03-01'), d('2027-03-02')]))).toEqual(['2027-03-01 3/2 open-close', '2027-03-01 3/4 600-900', '2027-03-01 4/3 open-close']);
  });

  it('a change replaces the therapist’s shifts that date in the areas rostered that weekday, and no other date', () => {
    const changes = [{ therapistId: 3, date: '2027-03-01', off: false, startMinute: 720, endMinute: 840 }];
    expect(brief(applyShiftChanges(weekly, changes, [d('2027-03-01'), d('2027-03-08')]))).toEqual([
      '2027-03-01 4/3 open-close',
      '2027-03-01 3/2 720-840 once',
      '2027-03-01 3/4 720-840 once',
      '2027-03-08 3/2 open-close',
      '2027-03-08 3/4 600-900',
      '2027-03-08 4/3 open-close',
    ]);
  });

  it('off takes the therapist off that date only; others keep theirs', () => {
    const changes = [{ therapistId: 3, date: '2027-03-01', off: true, startMinute: null, endMinute: null }];
    expect(brief(applyShiftChanges(weekly, changes, [d('2027-03-01')]))).toEqual(['2027-03-01 4/3 open-close']);
  });

  it('on a weekday without a weekly shift: every area the therapist is rostered for at the location', () => {
    const changes = [{ therapistId: 4, date: '2027-03-02', off: false, startMinute: 600, endMinute: 720 }];
    expect(brief(applyShiftChanges(weekly, changes, [d('2027-03-02')]))).toEqual(['2027-03-02 4/3 600-720 once', '2027-03-02 4/5 600-720 once']);
  });

  it('a therapist with no roster at the location gets nothing from a change', () => {
    const changes = [{ therapistId: 9, date: '2027-03-02', off: false, startMinute: 600, endMinute: 720 }];
    expect(applyShiftChanges(weekly, changes, [d('2027-03-02')])).toEqual([]);
  });
});

describe('the weekly roster each date had', () => {
  // The change is made on Monday 2027-03-08: March 1 is last week, March 15 next week.
  const TODAY = '2027-03-08';
  const mondays = [d('2027-03-01'), d('2027-03-08'), d('2027-03-15')];
  const sofia = (shifts: ReturnType<typeof applyShiftChanges>) => brief(shifts.filter((s) => s.therapistId === 3));

  it('a change today leaves last week’s shifts as they were, and applies from today on', () => {
    const changed = replaceWeeklyShift(weekly, { therapistId: 3, areaId: 4, weekday: 1 }, { startMinute: 720, endMinute: 840 }, TODAY);
    expect(sofia(applyShiftChanges(changed, [], mondays))).toEqual([
      '2027-03-01 3/2 open-close',
      '2027-03-01 3/4 600-900',
      '2027-03-08 3/2 open-close',
      '2027-03-08 3/4 720-840',
      '2027-03-15 3/2 open-close',
      '2027-03-15 3/4 720-840',
    ]);
    expect(weekly).toHaveLength(6);
  });

  it('a shift removed today stays on the dates before; one added today is on none of them', () => {
    const removed = replaceWeeklyShift(weekly, { therapistId: 3, areaId: 4, weekday: 1 }, null, TODAY);
    expect(sofia(applyShiftChanges(removed, [], mondays))).toEqual(['2027-03-01 3/2 open-close', '2027-03-01 3/4 600-900', '2027-03-08 3/2 open-close', '2027-03-15 3/2 open-close']);
    const added = replaceWeeklyShift(weekly, { therapistId: 3, areaId: 7, weekday: 1 }, { startMinute: 600, endMinute: 660 }, TODAY);
    expect(sofia(applyShiftChanges(added, [], mondays)).filter((s) => s.includes('3/7'))).toEqual(['2027-03-08 3/7 600-660', '2027-03-15 3/7 600-660']);
  });

  it('changed again the same day: the last hours apply from that day, the dates before keep the first ones', () => {
    const once = replaceWeeklyShift(weekly, { therapistId: 3, areaId: 4, weekday: 1 }, { startMinute: 720, endMinute: 840 }, TODAY);
    const twice = replaceWeeklyShift(once, { therapistId: 3, areaId: 4, weekday: 1 }, { startMinute: 660, endMinute: 780 }, TODAY);
    expect(twice.filter((r) => r.therapistId === 3 && r.areaId === 4)).toEqual([
      { therapistId: 3, areaId: 4, weekday: 1, startMinute: 600, endMinute: 900, validFrom: null, validUntil: TODAY },
      { therapistId: 3, areaId: 4, weekday: 1, startMinute: 660, endMinute: 780, validFrom: TODAY, validUntil: null },
    ]);
  });

  it('a one-off change of a past date reads the areas rostered on that date, not today', () => {
    // Grace Kim (4) leaves the roster today; a change of last Tuesday still covers the areas she had then.
    let gone = weekly;
    for (const row of weekly.filter((r) => r.therapistId === 4)) gone = replaceWeeklyShift(gone, row, null, TODAY);
    const change = (date: string) => ({ therapistId: 4, date, off: false, startMinute: 600, endMinute: 720 });
    expect(brief(applyShiftChanges(gone, [change('2027-03-02')], [d('2027-03-02')]))).toEqual(['2027-03-02 4/3 600-720 once', '2027-03-02 4/5 600-720 once']);
    expect(applyShiftChanges(gone, [change('2027-03-09')], [d('2027-03-09')])).toEqual([]);
  });

  it('a row applies from its first date up to the day before its last', () => {
    const row = { validFrom: '2027-03-01', validUntil: '2027-03-08' };
    expect(['2027-02-28', '2027-03-01', '2027-03-07', '2027-03-08'].map((date) => appliesOn(row, date))).toEqual([false, true, true, false]);
    expect(appliesOn({ validFrom: null, validUntil: null }, '1999-01-01')).toBe(true);
  });
});

describe('every roster reader applies one-off changes (embedded database)', () => {
  createTempDataDir('salon-shifts-');
  oneOffScenario();
});

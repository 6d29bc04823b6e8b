import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import type { DateInLocationTz } from './dates';
import { applyShiftChanges, type WeeklyShift } from './shifts';
import { oneOffScenario } from './test-support/one-off-shifts';

jest.setTimeout(120_000);

const d = (date: string) => date as DateInLocationTz;
// 2027-03-01 is a Monday (1), 2027-03-02 a Tuesday (2).
const weekly: WeeklyShift[] = [
  { therapistId: 3, areaId: 2, weekday: 1, startMinute: null, endMinute: null },
  { therapistId: 3, areaId: 4, weekday: 1, startMinute: 600, endMinute: 900 },
  { therapistId: 3, areaId: 5, weekday: 3, startMinute: null, endMinute: null },
  { therapistId: 4, areaId: 3, weekday: 1, startMinute: null, endMinute: null },
  { therapistId: 4, areaId: 3, weekday: 0, startMinute: null, endMinute: null },
  { therapistId: 4, areaId: 5, weekday: 6, startMinute: null, endMinute: null },
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

describe('every roster reader applies one-off changes (embedded database)', () => {
  createTempDataDir('salon-shifts-');
  oneOffScenario();
});

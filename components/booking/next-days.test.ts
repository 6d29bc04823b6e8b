import type { DateInLocationTz } from '@/lib/booking/dates';
import { nextDaysWithTime } from './next-days';

const d = (s: string) => s as DateInLocationTz;

describe('nextDaysWithTime', () => {
  it('offers the first three later days that have time, in order', async () => {
    const free = new Set(['2026-12-08', '2026-12-10', '2026-12-11', '2026-12-12']);
    const asked: string[] = [];
    const days = await nextDaysWithTime(d('2026-12-05'), async (day) => {
      asked.push(day);
      return free.has(day);
    });
    expect(days).toEqual(['2026-12-08', '2026-12-10', '2026-12-11']);
    // One batch of seven days answered it.
    expect(asked).toEqual(['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']);
  });

  it('crosses month and year ends', async () => {
    const days = await nextDaysWithTime(d('2026-12-30'), async (day) => day >= '2027-01-02', { count: 2 });
    expect(days).toEqual(['2027-01-02', '2027-01-03']);
  });

  it('stops at the horizon and at the last bookable day', async () => {
    expect(await nextDaysWithTime(d('2026-12-05'), async () => false, { horizon: 10 })).toEqual([]);
    const asked: string[] = [];
    await nextDaysWithTime(
      d('2026-12-05'),
      async (day) => {
        asked.push(day);
        return false;
      },
      { last: d('2026-12-08') },
    );
    expect(asked).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
  });

  it('treats a failed lookup as a day without time', async () => {
    const days = await nextDaysWithTime(d('2026-12-05'), async (day) => {
      if (day === '2026-12-06') throw new Error('network');
      return day === '2026-12-06' || day === '2026-12-07';
    });
    expect(days).toEqual(['2026-12-07']);
  });
});

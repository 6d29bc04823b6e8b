import { datesOf, daysIn, periodSpan, presetPeriod, previousPeriod, reportQuerySchema } from './period';

const at = (iso: string) => Date.parse(iso);

describe('report periods', () => {
  it('each preset on the New York day of the clock, not the UTC one', () => {
    // 03:30 UTC on 1 December is still 30 November in New York.
    const now = at('2026-12-01T03:30:00Z');
    expect(presetPeriod('today', now)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetPeriod('week', now)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetPeriod('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('last-month', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('week', at('2026-11-29T15:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetPeriod('last-month', at('2027-01-15T15:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('the period before: the whole month before a whole month, otherwise as many days just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-29' })).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(previousPeriod({ from: '2026-11-30', to: '2026-11-30' })).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(previousPeriod({ from: '2026-03-05', to: '2026-03-14' })).toEqual({ from: '2026-02-23', to: '2026-03-04' });
  });

  it('a period of New York days across daylight saving: the spring day is 23 hours, the autumn one 25', () => {
    expect(periodSpan({ from: '2026-03-08', to: '2026-03-08' })).toEqual({ start: at('2026-03-08T05:00:00Z'), end: at('2026-03-09T04:00:00Z') });
    expect(periodSpan({ from: '2026-11-01', to: '2026-11-01' })).toEqual({ start: at('2026-11-01T04:00:00Z'), end: at('2026-11-02T05:00:00Z') });
    expect(daysIn({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(datesOf({ from: '2026-10-31', to: '2026-11-02' })).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('the query: dates, the order, at most 366 days, a location by its name', () => {
    expect(reportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-11-30', location: 'all' });
    expect(reportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30', location: 'midtown' }).location).toBe(2);
    expect(reportQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    const problems = (query: Record<string, string>) => {
      const parsed = reportQuerySchema.safeParse(query);
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(problems({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from: must be a date, YYYY-MM-DD']);
    expect(problems({ from: '2026-11-30', to: '2026-11-01' })).toEqual(['to: must be on or after from']);
    expect(problems({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['to: must be at most 366 days after from']);
    expect(problems({ from: '2026-11-01', to: '2026-11-30', location: 'brooklyn' })).toEqual(['location: must be one of all, soho, midtown, williamsburg, nolita']);
  });
});

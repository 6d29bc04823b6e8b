import { readReportPageQuery, REPORT_PAGE_PROBLEMS } from './report-page-query';

// Sunday, November 29, 2026, 00:20 in New York (05:20 UTC).
const NOW = Date.parse('2026-11-29T05:20:00Z');
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

describe("the report page's address", () => {
  it('shows this month for all four salons when it asks for nothing', () => {
    expect(readReportPageQuery({}, NOW)).toEqual({ query: { ...NOVEMBER, location: 'all' }, preset: 'month', problem: undefined });
  });

  it('reads a preset with a location, in New York days', () => {
    expect(readReportPageQuery({ preset: 'last-month', location: 'midtown' }, NOW)).toEqual({
      query: { from: '2026-10-01', to: '2026-10-31', location: 2 },
      preset: 'last-month',
      problem: undefined,
    });
    expect(readReportPageQuery({ preset: 'week' }, NOW).query).toEqual({ from: '2026-11-23', to: '2026-11-29', location: 'all' });
    expect(readReportPageQuery({ preset: 'today', location: 'nolita' }, Date.parse('2026-11-30T04:59:00Z')).query).toEqual({ from: '2026-11-29', to: '2026-11-29', location: 4 });
  });

  it('reads a custom range', () => {
    expect(readReportPageQuery({ from: '2026-03-01', to: '2026-03-14', location: 'soho' }, NOW)).toEqual({ query: { from: '2026-03-01', to: '2026-03-14', location: 1 }, problem: undefined });
  });

  it('answers a range it cannot read with this month and the sentence why, never an error', () => {
    for (const search of [{ from: '2026-03-14', to: '2026-03-01' }, { from: '2025-01-01', to: '2026-03-01' }, { from: 'yesterday', to: '2026-03-01' }, { from: '2026-03-01' }]) {
      expect(readReportPageQuery(search, NOW)).toEqual({ query: { ...NOVEMBER, location: 'all' }, problem: REPORT_PAGE_PROBLEMS.range });
    }
  });

  it('answers an unknown preset or salon with the sentence why, keeping what it could read', () => {
    expect(readReportPageQuery({ preset: 'decade' }, NOW)).toEqual({ query: { ...NOVEMBER, location: 'all' }, problem: REPORT_PAGE_PROBLEMS.preset });
    expect(readReportPageQuery({ from: '2026-03-01', to: '2026-03-14', location: 'brooklyn' }, NOW)).toEqual({
      query: { from: '2026-03-01', to: '2026-03-14', location: 'all' },
      problem: REPORT_PAGE_PROBLEMS.location,
    });
  });

  it('takes the first of a repeated parameter', () => {
    expect(readReportPageQuery({ preset: ['today', 'month'], location: ['soho', 'nolita'] }, NOW).query).toEqual({ from: '2026-11-29', to: '2026-11-29', location: 1 });
  });
});

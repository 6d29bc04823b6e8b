import { PERIOD_PRESETS, presetPeriod, reportQuerySchema, type PeriodPreset, type ReportQuery } from '@/lib/reports/period';

/**
 * What the report page's address asks for: a preset (`?preset=month`), or a range (`?from=&to=`), and a location
 * (`&location=soho`, all by default). An address the page cannot read shows this month for all four salons with a
 * sentence saying why, never an error page: the address may be an old bookmark or a typo.
 */

export const PRESET_LABELS: Record<PeriodPreset, string> = { today: 'Today', week: 'This week', month: 'This month', 'last-month': 'Last month' };

export interface ReportPageQuery {
  query: ReportQuery;
  /** The preset asked for, when the address named one. */
  preset?: PeriodPreset;
  /** The sentence to show when the address asked for something the page could not read. */
  problem?: string;
}

type Search = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const REPORT_PAGE_PROBLEMS = {
  preset: 'That address names no period the report offers; here is this month.',
  location: 'That address names no salon; here are all four.',
  range: 'Give a first and a last day, the last on or after the first and at most 366 days on; here is this month.',
} as const;

export function readReportPageQuery(search: Search, now: number = Date.now()): ReportPageQuery {
  const preset = single(search.preset);
  const from = single(search.from);
  const to = single(search.to);
  const location = single(search.location) || undefined;
  const month = presetPeriod('month', now);

  const place = reportQuerySchema.shape.location.safeParse(location);
  const where = place.success ? place.data : 'all';
  const locationProblem = place.success ? undefined : REPORT_PAGE_PROBLEMS.location;

  if (preset !== undefined && preset !== '') {
    if (!(PERIOD_PRESETS as readonly string[]).includes(preset)) return { query: { ...month, location: where }, problem: REPORT_PAGE_PROBLEMS.preset };
    const chosen = preset as PeriodPreset;
    return { query: { ...presetPeriod(chosen, now), location: where }, preset: chosen, problem: locationProblem };
  }
  if (from === undefined && to === undefined) return { query: { ...month, location: where }, preset: 'month', problem: locationProblem };

  const parsed = reportQuerySchema.safeParse({ from, to, location: place.success ? location : undefined });
  if (!parsed.success) return { query: { ...month, location: where }, problem: REPORT_PAGE_PROBLEMS.range };
  return { query: parsed.data, problem: locationProblem };
}

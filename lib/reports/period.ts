import { z } from 'zod';
import { daySpan, localDateOf, nextDate, parseDateInLocationTz, weekdayOf, type DateInLocationTz, type Interval } from '@/lib/booking/dates';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { ReportLocation, ReportPeriod } from './report';

/**
 * The report's periods: the presets the page offers, the period before one of the same length, and the instants a
 * period of New York days covers (a spring-forward day is 23 hours long, a fall-back day 25: each day is placed on
 * the clock through the time-zone database, never as 24 hours).
 */

export const PERIOD_PRESETS = ['today', 'week', 'month', 'last-month'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The longest range a report covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (calendar arithmetic in UTC, so DST never shortens a day). */
export function daysIn(period: ReportPeriod): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Each date of the period, in order. */
export function datesOf(period: ReportPeriod): DateInLocationTz[] {
  const dates: DateInLocationTz[] = [];
  for (let date = period.from as DateInLocationTz; date <= period.to; date = nextDate(date)) dates.push(date);
  return dates;
}

/** The preset's period on the New York day of `now`: today; this week, Monday to Sunday (the desk's weeks); this month; last month. */
export function presetPeriod(preset: PeriodPreset, now: number): ReportPeriod {
  const today = localDateOf(now);
  const monthStart = `${today.slice(0, 8)}01` as DateInLocationTz;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const monday = nextDate(today, -((weekdayOf(today) + 6) % 7));
      return { from: monday, to: nextDate(monday, 6) };
    }
    case 'month':
      return { from: monthStart, to: lastOfMonth(monthStart) };
    case 'last-month': {
      const lastMonthEnd = nextDate(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd };
    }
  }
}

function lastOfMonth(first: DateInLocationTz): DateInLocationTz {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10) as DateInLocationTz;
}

/**
 * The period before, of the same length: a whole calendar month's is the whole month before (October for November,
 * 31 days against 30), so month compares with month; any other range is the same number of days just before it.
 */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const from = period.from as DateInLocationTz;
  if (from.endsWith('-01') && period.to === lastOfMonth(from)) {
    const to = nextDate(from, -1);
    return { from: `${to.slice(0, 8)}01`, to };
  }
  const to = nextDate(from, -1);
  return { from: nextDate(to, 1 - daysIn(period)), to };
}

/** The instants the period covers: New York midnight of `from` to New York midnight after `to`, half-open. */
export function periodSpan(period: ReportPeriod): Interval {
  return { start: daySpan(period.from as DateInLocationTz).start, end: daySpan(period.to as DateInLocationTz).end };
}

const LOCATION_WIRE = ['all', ...LOCATIONS.map((l) => l.slug)] as const;

/** A location on the wire (all | soho | midtown | williamsburg | nolita) as the report's. */
export function reportLocationOf(slug: string): ReportLocation | undefined {
  if (slug === 'all') return 'all';
  return LOCATIONS.find((l) => l.slug === slug)?.id as ReportLocation | undefined;
}

/** The report's location as the wire names it. */
export function locationSlugOf(location: ReportLocation): string {
  return location === 'all' ? 'all' : LOCATIONS.find((l) => l.id === location)!.slug;
}

const isDate = (value: string | undefined) => value !== undefined && parseDateInLocationTz(value) !== undefined;

/** A New York date on the wire, YYYY-MM-DD. */
export const reportDateParam = z.string().refine(isDate, 'must be a date, YYYY-MM-DD');

/** Both ends of a range are real dates (their own checks may have failed and let the range's check run). */
export const bothDates = (from: string | undefined, to: string | undefined) => isDate(from) && isDate(to);

/** A location on the wire as the report's: absent means all four salons. */
export const reportLocationParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const location = reportLocationOf(value ?? 'all');
    if (location === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${LOCATION_WIRE.join(', ')}` });
      return z.NEVER;
    }
    return location;
  });

/** The query of a report: `from` and `to` inclusive New York dates, at most a year apart; `location` all or a salon's name. */
export const reportQuerySchema = z
  .object({ from: reportDateParam, to: reportDateParam, location: reportLocationParam })
  .superRefine((query, ctx) => {
    // A date that failed its own check still reaches here (zod goes on after a refinement): compare real dates only.
    if (!bothDates(query.from, query.to)) return;
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    else if (daysIn(query) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

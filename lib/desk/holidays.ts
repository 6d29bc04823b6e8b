/**
 * The US federal holidays the salon closes on, computed by rule for any year (docs/decisions.md, 'Closures'): New
 * Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas Day. A fixed-date holiday that
 * falls on a weekend also closes its federal observed weekday (Saturday: the Friday before; Sunday: the Monday
 * after), named '(observed)'; the day itself stays closed too. Dates are calendar days 'YYYY-MM-DD' in New York.
 * Pure: no clock, no database.
 */
export interface Holiday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const weekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The n-th (1-based) given weekday of a month, or the last one when n is -1. */
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): string {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const back = (weekday(year, month, last) - dayOfWeek + 7) % 7;
    return iso(year, month, last - back);
  }
  const first = (dayOfWeek - weekday(year, month, 1) + 7) % 7;
  return iso(year, month, 1 + first + (n - 1) * 7);
}

/** A fixed-date holiday and, when it falls on a weekend, its observed weekday. */
function fixed(year: number, month: number, day: number, name: string): Holiday[] {
  const days = [{ date: iso(year, month, day), name }];
  const dow = weekday(year, month, day);
  if (dow === 6) days.push({ date: iso(year, month, day - 1), name: `${name} (observed)` });
  if (dow === 0) days.push({ date: iso(year, month, day + 1), name: `${name} (observed)` });
  return days;
}

/** The closing holidays whose dates fall in `year`, in date order. */
export function federalHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) return [];
  const all = [
    // Next year's New Year's Day on a Saturday is observed on this year's December 31.
    ...fixed(year, 1, 1, "New Year's Day"),
    ...fixed(year + 1, 1, 1, "New Year's Day"),
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    ...fixed(year, 7, 4, 'Independence Day'),
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    ...fixed(year, 12, 25, 'Christmas Day'),
  ];
  return all.filter((h) => h.date.startsWith(`${year}-`)).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** A location's override of one day: closed (a closure staff added) or open (a holiday staff removed). */
export interface ClosureOverride {
  date: string;
  name: string;
  closed: boolean;
}

export interface Closure {
  date: string;
  name: string;
  /** 'holiday': by rule; 'added': by staff; 'hours': a weekday the location's opening hours keep closed. */
  source: 'holiday' | 'added' | 'hours';
}

/** The closed days from `from` to `to` (inclusive): the holidays by rule, less the ones opened, plus those added. */
export function closuresBetween(from: string, to: string, overrides: readonly ClosureOverride[]): Closure[] {
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const result: Closure[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of federalHolidays(year)) {
      if (holiday.date < from || holiday.date > to || byDate.has(holiday.date)) continue;
      result.push({ ...holiday, source: 'holiday' });
    }
  }
  for (const o of overrides) if (o.closed && o.date >= from && o.date <= to) result.push({ date: o.date, name: o.name, source: 'added' });
  return result.sort((a, b) => (a.date < b.date ? -1 : 1));
}

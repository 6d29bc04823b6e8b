import { hoursIn, type HoursTable, type PastDayHours } from './day-hours';
import { catalogSnapshot, DEFAULT_MIN_NOTICE_MINUTES, WEEKDAYS, type CatalogSnapshot, type DayHours, type SpecialHours, type Weekday } from './snapshot';
import type { LocationId } from './tables';

/**
 * The one door to a location's opening hours (docs/decisions.md, 'Opening hours'): the owner's weekly hours as each
 * date had them (a change applies from its day on) and special hours for a date, as the catalogue snapshot holds them
 * (the database's, reloaded after each published change). Slots, visit times, holds, bookings, rosters, the desk, the
 * reports and the location pages all ask here. Closures (holidays and the desk's closed days, lib/booking/schedule.ts)
 * are applied where they apply, on top of these hours.
 */

const CLOSED_WEEK = Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as Record<Weekday, DayHours | null>;
const tables = new WeakMap<CatalogSnapshot, Map<number, HoursTable>>();

/** A location's week and every date with special hours; a location without hours in the database is closed. */
export function hoursTableOf(location: number, snapshot: CatalogSnapshot = catalogSnapshot()): HoursTable {
  let byLocation = tables.get(snapshot);
  if (!byLocation) tables.set(snapshot, (byLocation = new Map()));
  let table = byLocation.get(location);
  if (!table) {
    const special: Record<string, DayHours> = {};
    for (const day of snapshot.specialHours) if (day.location === location) special[day.date] = { open: day.open, close: day.close };
    const past: PastDayHours[] = snapshot.pastHours.filter((row) => row.location === location).map(({ weekday, from, until, hours }) => ({ weekday, from, until, hours }));
    table = { week: { ...CLOSED_WEEK, ...snapshot.hours[location as LocationId] }, special, past };
    byLocation.set(location, table);
  }
  return table;
}

/** The hours of location `location` on the New York date `date` (local minutes), or null when it is closed then. */
export function hoursOn(location: number, date: string, snapshot: CatalogSnapshot = catalogSnapshot()): DayHours | null {
  return hoursIn(hoursTableOf(location, snapshot), date);
}

/**
 * The table for today (`from`) and later dates: the week now and the special hours from `from` on, what a page sends
 * to the browser. Past hours are left out: each ends on the day of its change, today at the latest.
 */
export function hoursTableFrom(location: number, from: string, snapshot: CatalogSnapshot = catalogSnapshot()): HoursTable {
  const { week, special } = hoursTableOf(location, snapshot);
  return { week, special: Object.fromEntries(Object.entries(special).filter(([date]) => date >= from)) };
}

/** A location's special hours from `from` on, by date. */
export function specialHoursOf(location: number, from: string, snapshot: CatalogSnapshot = catalogSnapshot()): SpecialHours[] {
  return snapshot.specialHours.filter((day) => day.location === location && day.date >= from).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** How long before its start a customer must book online at the location (the desk is not bound by it). */
export function minNoticeMinutesOf(location: number, snapshot: CatalogSnapshot = catalogSnapshot()): number {
  return snapshot.minNoticeMinutes[location as LocationId] ?? DEFAULT_MIN_NOTICE_MINUTES;
}

import type { DayHours, Weekday } from './snapshot';

/**
 * A location's opening hours as one table, and the rules read from it: pure and free of the catalogue's data, so the
 * desk's client islands use them too (lib/catalog/hours.ts builds the table from the catalogue snapshot).
 */
export interface HoursTable {
  /** Local minutes after midnight of each weekday (0 Sunday); null: closed that weekday. */
  week: Readonly<Record<Weekday, DayHours | null>>;
  /** New York dates ('YYYY-MM-DD') whose hours differ from their weekday's: a short day, a late night. */
  special: Readonly<Record<string, DayHours>>;
  /**
   * A weekday's hours before a change of them, for the dates from `from` (null: since always) to the day before
   * `until`; left out where only today and later dates are asked about (what a page sends to the browser).
   */
  past?: readonly PastDayHours[];
}

/** A weekday's hours (null: closed) as they were on the dates from `from` to the day before `until`. */
export interface PastDayHours {
  weekday: Weekday;
  from: string | null;
  until: string;
  hours: DayHours | null;
}

/** Day of week (0 Sunday) of a calendar date 'YYYY-MM-DD'; the same everywhere, so computed in UTC. */
export function weekdayOfDate(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/**
 * The hours of a date: its special hours when it has some, else its weekday's as they were on that date (the week now,
 * unless a change came after it); null when closed.
 */
export function hoursIn(table: HoursTable, date: string): DayHours | null {
  const special = table.special[date];
  if (special) return special;
  const weekday = weekdayOfDate(date);
  const then = table.past?.find((row) => row.weekday === weekday && (row.from === null || row.from <= date) && date < row.until);
  return then ? then.hours : (table.week[weekday] ?? null);
}

/** 'HH:mm' for minutes after midnight; 1440 (closing at midnight) is '24:00'. */
export function minuteToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '10:00 AM', '7:30 PM', 'Midnight': the desk's 12-hour clock for an opening or closing minute. */
export function formatHoursMinute(minutes: number): string {
  if (minutes === 0 || minutes === 1440) return 'Midnight';
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '11:00 AM to 7:00 PM', or 'Closed'. */
export function formatDayHours(hours: DayHours | null): string {
  return hours ? `${formatHoursMinute(hours.open)} to ${formatHoursMinute(hours.close)}` : 'Closed';
}

const minuteOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/**
 * Whether a visit from `localStart` to `localEnd` (New York wall-clock 'YYYY-MM-DD HH:mm') lies inside the hours of
 * its day. By the wall clock, so a daylight-saving day changes nothing; a visit that runs past midnight never does.
 */
export function withinHours(table: HoursTable, localStart: string, localEnd: string): boolean {
  const date = localStart.slice(0, 10);
  const hours = hoursIn(table, date);
  if (!hours) return false;
  const end = localEnd.slice(0, 10) === date ? minuteOf(localEnd) : localEnd === `${localEnd.slice(0, 10)} 00:00` ? 1440 : Infinity;
  return minuteOf(localStart) >= hours.open && end <= hours.close;
}

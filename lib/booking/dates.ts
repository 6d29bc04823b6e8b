import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DayHours } from '@/lib/catalog/snapshot';
import { nextDate, TIME_ZONE, type DateInLocationTz, type DateTimeInLocationTz, type Interval } from './calendar';

export {
  formatInstantInNewYork,
  MINUTE,
  nextDate,
  parseDateInLocationTz,
  parseDateTimeInLocationTz,
  parseSlotStartIso,
  TIME_ZONE,
  toSlotStartIso,
  type DateInLocationTz,
  type DateTimeInLocationTz,
  type Interval,
  type SlotStartIso,
} from './calendar';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The instant of a local wall-clock time. A time that does not exist (the hour skipped in spring) moves forward. */
export function localToUtcMs(local: DateTimeInLocationTz, timeZone: string = TIME_ZONE): number {
  return dayjs.tz(local, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
}

/**
 * The instant of `minutes` after local midnight of `date`, by the wall clock (not by elapsed time); 1440 and more
 * count on into the next day (a salon that closes at midnight).
 */
export function localMinuteToUtcMs(date: DateInLocationTz, minutes: number, timeZone: string = TIME_ZONE): number {
  if (minutes >= 1440) return localMinuteToUtcMs(nextDate(date, Math.floor(minutes / 1440)), minutes % 1440, timeZone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return localToUtcMs(`${date} ${hh}:${mm}` as DateTimeInLocationTz, timeZone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local wall-clock time of an instant. */
export function utcMsToLocal(ms: number, timeZone: string = TIME_ZONE): DateTimeInLocationTz {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` as DateTimeInLocationTz;
}

export function localDateOf(ms: number, timeZone: string = TIME_ZONE): DateInLocationTz {
  return utcMsToLocal(ms, timeZone).slice(0, 10) as DateInLocationTz;
}

/**
 * Whether a dated weekly row (a roster row, a weekly time off) applies on a New York date, its weekday aside: from
 * `validFrom` (null: since always) to the day before `validUntil` (null: still standing).
 */
export function appliesOn(row: { validFrom?: string | null; validUntil?: string | null }, date: string): boolean {
  return (row.validFrom == null || row.validFrom <= date) && (row.validUntil == null || date < row.validUntil);
}

/**
 * A dated row (a roster row, a weekday's opening hours) ended on `until`: what is left of it for the dates before, or
 * null when it applied on none of them.
 */
export function pastOf<R extends { validFrom: string | null }>(row: R, until: string): (R & { validUntil: string }) | null {
  return row.validFrom === null || row.validFrom < until ? { ...row, validUntil: until } : null;
}

/** Day of week (0 Sunday) of a calendar date; the same everywhere, so computed in UTC. */
export function weekdayOf(date: DateInLocationTz): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

const windows = new Map<string, Interval>();

/**
 * One day's opening hours (local minutes, from the hours door lib/catalog/hours.ts) as an interval of instants.
 * Remembered per day and hours: the time-zone lookup is most of the cost of a day's slots, and its answer never
 * changes.
 */
export function openingWindow(date: DateInLocationTz, hours: DayHours, timeZone: string = TIME_ZONE): Interval {
  const key = `${timeZone} ${date} ${hours.open} ${hours.close}`;
  const known = windows.get(key);
  if (known) return { ...known };
  const window = { start: localMinuteToUtcMs(date, hours.open, timeZone), end: localMinuteToUtcMs(date, hours.close, timeZone) };
  if (windows.size >= 2048) windows.clear();
  windows.set(key, window);
  return { ...window };
}

/** The whole local day, midnight to midnight, as instants: what the queries of a day's bookings and time off cover. */
export function daySpan(date: DateInLocationTz, timeZone: string = TIME_ZONE): Interval {
  return { start: localMinuteToUtcMs(date, 0, timeZone), end: localMinuteToUtcMs(nextDate(date), 0, timeZone) };
}


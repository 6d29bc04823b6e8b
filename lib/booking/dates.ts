import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DayHours } from '@/lib/catalog/snapshot';
import { LOCATION_TIME_ZONE } from '@/lib/catalog/tables';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Date strings are branded by what they mean, so that a local calendar date, a local wall-clock time and a UTC
 * instant cannot be passed for one another (cal.com's habit).
 */
/** A calendar day in the location's time zone: 'YYYY-MM-DD'. */
export type DateInLocationTz = string & { readonly __brand: 'DateInLocationTz' };
/** A wall-clock time in the location's time zone: 'YYYY-MM-DD HH:mm'. */
export type DateTimeInLocationTz = string & { readonly __brand: 'DateTimeInLocationTz' };
/** A slot start as a UTC instant: 'YYYY-MM-DDTHH:mm:ss.sssZ'. */
export type SlotStartIso = string & { readonly __brand: 'SlotStartIso' };

/** Milliseconds since the epoch, half-open [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export const TIME_ZONE = LOCATION_TIME_ZONE;

const instantInNewYork = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE,
  timeZoneName: 'short',
});

/** 'Monday, June 7, 2027 at 10:00 AM EDT': an instant as a person in New York reads it (pages and mail alike). */
export function formatInstantInNewYork(iso: string): string {
  return instantInNewYork.format(new Date(iso));
}
export const MINUTE = 60_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function parseDateInLocationTz(value: unknown): DateInLocationTz | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE.exec(value);
  if (!match || !validCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined;
  return value as DateInLocationTz;
}

export function parseDateTimeInLocationTz(value: unknown): DateTimeInLocationTz | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value);
  if (!match || !validCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined;
  if (Number(match[4]) > 23 || Number(match[5]) > 59) return undefined;
  return value as DateTimeInLocationTz;
}

export function parseSlotStartIso(value: unknown): SlotStartIso | undefined {
  if (typeof value !== 'string' || !ISO_UTC.test(value)) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  const iso = new Date(ms).toISOString();
  // Date.parse rolls 2026-02-30 over to March; a round trip catches it.
  if (iso.slice(0, 16) !== value.slice(0, 16)) return undefined;
  return iso as SlotStartIso;
}

export function toSlotStartIso(ms: number): SlotStartIso {
  return new Date(ms).toISOString() as SlotStartIso;
}

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

/** The calendar day after `date`. */
export function nextDate(date: DateInLocationTz, days = 1): DateInLocationTz {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10) as DateInLocationTz;
}

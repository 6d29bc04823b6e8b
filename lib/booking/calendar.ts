// The calendar dates and instants of the booking rules without dayjs: the booking page's first script needs these
// (the day strip, the URL's dates, a date read out), and dates.ts's time-zone arithmetic brings dayjs and two plugins.
import { LOCATION_TIME_ZONE } from '@/lib/catalog/tables';

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

/** The calendar day after `date`. */
export function nextDate(date: DateInLocationTz, days = 1): DateInLocationTz {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10) as DateInLocationTz;
}

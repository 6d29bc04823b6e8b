import { z } from 'zod';
import { localDateOf, localToUtcMs, parseDateInLocationTz, type DateTimeInLocationTz } from '@/lib/booking/dates';
import { LOCATIONS } from '@/lib/catalog/tables';
import { isTherapistIdText } from '@/lib/team/therapist-id';

/**
 * The slot the desk books into: `/desk/book/?location=soho&date=2026-12-05&time=14:30&therapist=3` (the day view
 * links its empty cells here). Each part is optional; one that does not parse is dropped, never an error. It travels
 * on to the booking page in back-office mode (`/booking/{custid}/?location=…`), which applies it to the cart.
 */
export interface DeskSlot {
  location?: number;
  date?: string;
  /** New York wall-clock 'HH:mm'; only with a date. */
  time?: string;
  therapist?: number;
}

type Source = URLSearchParams | Record<string, string | string[] | undefined>;

const read = (source: Source, key: string) => {
  const value = source instanceof URLSearchParams ? (source.get(key) ?? undefined) : source[key];
  return Array.isArray(value) ? value[0] : value;
};

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const therapistSchema = z.string().refine(isTherapistIdText).transform(Number);

export function parseDeskSlot(source: Source): DeskSlot {
  const slot: DeskSlot = {};
  const location = LOCATIONS.find((l) => l.slug === read(source, 'location'));
  if (location) slot.location = location.id;
  const date = read(source, 'date');
  if (date && parseDateInLocationTz(date)) {
    slot.date = date;
    const time = timeSchema.safeParse(read(source, 'time'));
    if (time.success) slot.time = time.data;
  }
  const therapist = therapistSchema.safeParse(read(source, 'therapist'));
  if (therapist.success) slot.therapist = therapist.data;
  return slot;
}

/** The slot as query parameters (location by its slug). */
export function deskSlotParams(slot: DeskSlot): URLSearchParams {
  const params = new URLSearchParams();
  const location = LOCATIONS.find((l) => l.id === slot.location);
  if (location) params.set('location', location.slug);
  if (slot.date) params.set('date', slot.date);
  if (slot.date && slot.time) params.set('time', slot.time);
  if (slot.therapist) params.set('therapist', String(slot.therapist));
  return params;
}

const withQuery = (path: string, params: URLSearchParams) => (params.size > 0 ? `${path}?${params}` : path);

/** The booking page in back-office mode for a customer, with the slot to apply. */
export const backOfficeBookingPath = (customerId: string, slot: DeskSlot) => withQuery(`/booking/${customerId}/`, deskSlotParams(slot));

/** The desk's 'book for a customer' page with the slot kept. */
export const deskBookPath = (slot: DeskSlot) => withQuery('/desk/book/', deskSlotParams(slot));

export function hasSlot(slot: DeskSlot): boolean {
  return slot.location !== undefined || slot.date !== undefined || slot.therapist !== undefined;
}

/**
 * A slot whose day or time has passed (an old link, a mistyped date) loses its date and time: nothing can be booked
 * then. `passed` says that it did, for the page to tell the desk.
 */
export function withoutPassedTime(slot: DeskSlot, now: number = Date.now()): { slot: DeskSlot; passed: boolean } {
  if (!slot.date) return { slot, passed: false };
  const passed = slot.time ? localToUtcMs(`${slot.date} ${slot.time}` as DateTimeInLocationTz) <= now : slot.date < localDateOf(now);
  if (!passed) return { slot, passed: false };
  const { date: _date, time: _time, ...rest } = slot;
  return { slot: rest, passed: true };
}

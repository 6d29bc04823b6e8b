import { localDateOf, nextDate, type DateInLocationTz } from './dates';

/**
 * How far ahead a visit can be booked: the booking page offers the days up to this many after today (New York), and
 * a booking, a move or a hold for a later day is refused as too far ahead (`rosteredFor`).
 */
export const BOOKING_HORIZON_DAYS = 180;

/** The last day a visit can be booked for, seen from the instant `now`. */
export function lastBookableDay(now: number): DateInLocationTz {
  return nextDate(localDateOf(now), BOOKING_HORIZON_DAYS);
}

/** A day past the horizon has no free times: the lists offer only what can be booked. */
export function pastHorizon(date: DateInLocationTz, now: number): boolean {
  return date > lastBookableDay(now);
}

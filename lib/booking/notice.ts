import { ApiError } from '@/lib/api/errors';
import { minNoticeMinutesOf } from '@/lib/catalog/hours';
import { salonLocationById } from '@/lib/content/locations';
import { MINUTE } from './dates';

/**
 * The minimum notice of online bookings (DESIGN.md: 2 hours unless the owner sets another per location): a customer's
 * slots, visit times, holds, bookings, moves and waitlist offers start no sooner than this from now. The desk may
 * book any free time, the past excepted, so its calls pass `desk` and skip it.
 */

/** The earliest start an online booking at the location may have, seen from the instant `now`. */
export function earliestOnlineStart(location: number, now: number): number {
  return now + minNoticeMinutesOf(location) * MINUTE;
}

/** The earliest start a caller may book: `now` for the desk, `now` plus the location's notice for everyone else. */
export function earliestStartFor(location: number, now: number, desk: boolean): number {
  return desk ? now : earliestOnlineStart(location, now);
}

/** '2 hours', '1 hour 30 minutes', '45 minutes'. */
export function formatNotice(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 hour' : `${hours} hours`;
  const m = rest === 1 ? '1 minute' : `${rest} minutes`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} ${m}`;
}

export const TOO_SOON = 'too_soon';

/**
 * Refuses an online booking or move to `start` inside the location's minimum notice: a 422 on the card's field, with
 * the notice and the salon's phone for a sooner time.
 */
export function assertOnlineNotice(location: number, start: number, now: number, field: string): void {
  if (start >= earliestOnlineStart(location, now)) return;
  const notice = formatNotice(minNoticeMinutesOf(location));
  const salon = salonLocationById(location);
  const message = `Online bookings${salon ? ` at ${salon.name}` : ''} need ${notice}${notice.endsWith('s') ? "'" : "'s"} notice. Please choose a later time${
    salon ? `, or call ${salon.phoneDisplay} to book sooner` : ''
  }.`;
  throw new ApiError(422, TOO_SOON, message, { [field]: message });
}

import { z } from 'zod';
import { ApiError } from './errors';

/**
 * An owner's edit form posts the whole record, so a save from a copy read before someone else's save would put the
 * old values back unseen. The form sends the record's `updatedAt` as it read it; the change refuses the save, before
 * writing anything, when the record has changed since (docs/decisions.md, 'A save from a stale copy').
 *
 * `updatedAt` is optional in the JSON API (a client that sends one field at a time loses nothing). '' is what a form
 * posts when it has no stamp (a page from an earlier release): a copy of unknown age, refused like a stale one.
 */
export const readStampSchema = z.union([z.literal(''), z.iso.datetime({ offset: true, error: "Send the record's updatedAt as you read it (an ISO date-time)." })]);

export const CHANGED_MEANWHILE = 'changed_meanwhile';

/** 409 when `read` is not the record's `updatedAt` now; nothing when the client sent none. */
export function refuseStaleCopy(current: Date, read: string | undefined, name: string): void {
  if (read === undefined || Date.parse(read) === current.getTime()) return;
  throw new ApiError(409, CHANGED_MEANWHILE, `${name} was changed since you opened it, so nothing was saved: open it again to see that change, then make yours again.`);
}

/** The stamp a change writes: later than the one it replaces even within one millisecond (or a clock set back). */
export function nextStamp(previous: Date | undefined, now = new Date()): Date {
  return previous && previous.getTime() >= now.getTime() ? new Date(previous.getTime() + 1) : now;
}

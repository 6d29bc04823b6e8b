import { appliesOn, localMinuteToUtcMs, TIME_ZONE, weekdayOf, type DateInLocationTz, type Interval } from './dates';
import type { BusyInterval } from './slots';

/**
 * A therapist's time off as the slot engine needs it (lib/desk, drizzle/0070): one-off between two instants, or
 * weekly on a weekday between local minutes after midnight, on the dates it applies (drizzle/0250). Pure.
 */
export type TimeOff =
  | { therapistId: number; kind: 'once'; start: number; end: number }
  | {
      therapistId: number;
      kind: 'weekly';
      weekday: number;
      startMinute: number;
      endMinute: number;
      /** The New York dates it applies: from validFrom (null: since always) to the day before validUntil (null: standing). */
      validFrom?: string | null;
      validUntil?: string | null;
    };

/**
 * The time off of the listed days as busy intervals, one per block and day it touches: to the slot engines a block
 * is the same as an appointment. Weekly minutes are placed by the wall clock (a DST day keeps 13:00 at 13:00).
 */
export function blockedIntervals(blocks: readonly TimeOff[], dates: readonly DateInLocationTz[], timeZone: string = TIME_ZONE): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const block of blocks) {
    if (block.kind === 'once') {
      busy.push({ therapistId: block.therapistId, start: block.start, end: block.end });
      continue;
    }
    for (const date of dates) {
      if (weekdayOf(date) !== block.weekday || !appliesOn(block, date)) continue;
      busy.push({
        therapistId: block.therapistId,
        start: localMinuteToUtcMs(date, block.startMinute, timeZone),
        end: localMinuteToUtcMs(date, block.endMinute, timeZone),
      });
    }
  }
  return busy;
}

/** Whether [start, end) crosses any of the intervals of the therapist. */
export function crossesBlock(therapistId: number, span: Interval, blocked: readonly BusyInterval[]): boolean {
  return blocked.some((b) => b.therapistId === therapistId && b.start < span.end && span.start < b.end);
}

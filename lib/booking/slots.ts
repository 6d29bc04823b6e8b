import type { DayHours } from '@/lib/catalog/snapshot';
import {
  MINUTE,
  TIME_ZONE,
  localMinuteToUtcMs,
  openingWindow,
  toSlotStartIso,
  weekdayOf,
  type DateInLocationTz,
  type Interval,
  type SlotStartIso,
} from './dates';

/** Slots start every 15 minutes from opening time. */
export const SLOT_STEP_MINUTES = 15;

/**
 * When a therapist works at a location: on the listed weekdays (0 Sunday; all days when absent) between the given
 * local minutes after midnight (the opening hours when absent). Shifts are clipped to the opening hours.
 */
export interface RosterEntry {
  therapistId: number;
  weekdays?: readonly number[];
  startMinute?: number;
  endMinute?: number;
}

export interface BusyInterval extends Interval {
  therapistId: number;
}

export interface Slot {
  start: SlotStartIso;
  /** Named therapists free for the whole duration from this start, ascending. */
  therapistIds: number[];
}

export interface SlotQuery {
  date: DateInLocationTz;
  /** The location's opening hours that day (`hoursOn`, lib/catalog/hours.ts); null: closed. */
  hours: DayHours | null;
  /** The therapists to consider (one for a named choice, every rostered one for 'any'). */
  roster: readonly RosterEntry[];
  /** Existing appointments (any order, any therapist; others are ignored). */
  busy: readonly BusyInterval[];
  durationMinutes: number;
  /** No slot starts before it: the current instant, or for online bookings that plus the minimum notice. */
  now: number;
  /** The location is closed that day (a holiday or a closure, lib/desk/holidays.ts): no slots. */
  closed?: boolean;
  timeZone?: string;
  stepMinutes?: number;
}

/** The working interval of each rostered therapist on `date`, clipped to the opening hours `hours` of that day. */
export function shiftsFor(date: DateInLocationTz, hours: DayHours | null, roster: readonly RosterEntry[], timeZone: string = TIME_ZONE): Map<number, Interval> {
  const shifts = new Map<number, Interval>();
  if (!hours) return shifts;
  const open = openingWindow(date, hours, timeZone);
  const weekday = weekdayOf(date);
  for (const entry of roster) {
    if (entry.weekdays && !entry.weekdays.includes(weekday)) continue;
    const start = entry.startMinute === undefined ? open.start : Math.max(open.start, localMinuteToUtcMs(date, entry.startMinute, timeZone));
    const end = entry.endMinute === undefined ? open.end : Math.min(open.end, localMinuteToUtcMs(date, entry.endMinute, timeZone));
    if (end > start) shifts.set(entry.therapistId, { start, end });
  }
  return shifts;
}

/**
 * Free start times of one day in `stepMinutes` steps from opening, for a booking of `durationMinutes`, with the
 * therapists free at each. Pure: time, roster and appointments come in as arguments. All arithmetic is on UTC
 * instants after the day's opening hours are placed on the clock, so a daylight-saving change cannot shift a slot.
 */
export function computeSlots(query: SlotQuery): Slot[] {
  const step = (query.stepMinutes ?? SLOT_STEP_MINUTES) * MINUTE;
  const duration = query.durationMinutes * MINUTE;
  if (!(duration > 0) || !(step > 0) || query.closed || !query.hours) return [];
  const timeZone = query.timeZone ?? TIME_ZONE;
  const open = openingWindow(query.date, query.hours, timeZone);
  if (open.end <= query.now) return [];
  const shifts = shiftsFor(query.date, query.hours, query.roster, timeZone);

  const busyBy = new Map<number, Interval[]>();
  for (const b of query.busy) {
    const shift = shifts.get(b.therapistId);
    if (!shift || b.end <= shift.start || b.start >= shift.end) continue;
    let list = busyBy.get(b.therapistId);
    if (!list) busyBy.set(b.therapistId, (list = []));
    list.push(b);
  }

  const free = new Map<number, number[]>();
  for (const [therapistId, shift] of shifts) {
    const busy = (busyBy.get(therapistId) ?? []).sort((a, b) => a.start - b.start);
    let cursor = Math.max(shift.start, query.now);
    const gaps: Interval[] = [];
    for (const b of busy) {
      if (b.start > cursor) gaps.push({ start: cursor, end: Math.min(b.start, shift.end) });
      if (b.end > cursor) cursor = b.end;
    }
    if (cursor < shift.end) gaps.push({ start: cursor, end: shift.end });
    for (const gap of gaps) {
      // First step on the grid anchored at opening time, at or after the gap's start.
      let start = open.start + Math.ceil((gap.start - open.start) / step) * step;
      for (; start + duration <= gap.end; start += step) {
        let ids = free.get(start);
        if (!ids) free.set(start, (ids = []));
        ids.push(therapistId);
      }
    }
  }

  return [...free.keys()]
    .sort((a, b) => a - b)
    .map((start) => ({ start: toSlotStartIso(start), therapistIds: free.get(start)!.sort((a, b) => a - b) }));
}

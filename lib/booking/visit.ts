import type { DayHours } from '@/lib/catalog/snapshot';
import { MINUTE, TIME_ZONE, openingWindow, toSlotStartIso, type DateInLocationTz, type Interval, type SlotStartIso } from './dates';
import { SLOT_STEP_MINUTES, shiftsFor, type BusyInterval, type RosterEntry } from './slots';

/**
 * One visit, one time: the areas of a booking cart chained back to back (each area's services after the previous
 * area's, in cart order), each with the chosen therapist or any rostered one. Pure, like `computeSlots`: the roster,
 * the appointments and the clock come in as arguments.
 */

export interface VisitAreaQuery {
  areaId: number;
  /** The area's services back to back. */
  durationMinutes: number;
  /** Who may take it: one entry for a named therapist, every rostered one for 'any'. */
  roster: readonly RosterEntry[];
}

export interface VisitQuery {
  date: DateInLocationTz;
  /** The location's opening hours that day (`hoursOn`, lib/catalog/hours.ts); null: closed. */
  hours: DayHours | null;
  /** In the order they are chained. */
  areas: readonly VisitAreaQuery[];
  /** Existing appointments of any of the therapists (any order; others are ignored). */
  busy: readonly BusyInterval[];
  /** No visit starts before it: the current instant, or for online bookings that plus the minimum notice. */
  now: number;
  /** The location is closed that day (a holiday or a closure): no times. */
  closed?: boolean;
  timeZone?: string;
  stepMinutes?: number;
}

export interface VisitLeg {
  areaId: number;
  start: SlotStartIso;
  end: SlotStartIso;
  /** Named therapists free for the whole leg, ascending. */
  therapistIds: number[];
}

export interface VisitSlot {
  /** When the first area starts. */
  start: SlotStartIso;
  /** When the last area ends. */
  end: SlotStartIso;
  legs: VisitLeg[];
}

/** Free intervals of each rostered therapist on the day: the shift less the appointments, sorted. */
function freeTimes(shifts: Map<number, Interval>, busy: readonly BusyInterval[]): Map<number, Interval[]> {
  const busyBy = new Map<number, Interval[]>();
  for (const b of busy) {
    const shift = shifts.get(b.therapistId);
    if (!shift || b.end <= shift.start || b.start >= shift.end) continue;
    let list = busyBy.get(b.therapistId);
    if (!list) busyBy.set(b.therapistId, (list = []));
    list.push(b);
  }
  const free = new Map<number, Interval[]>();
  for (const [therapistId, shift] of shifts) {
    const list = (busyBy.get(therapistId) ?? []).sort((a, b) => a.start - b.start);
    const gaps: Interval[] = [];
    let cursor = shift.start;
    for (const b of list) {
      if (b.start > cursor) gaps.push({ start: cursor, end: Math.min(b.start, shift.end) });
      if (b.end > cursor) cursor = b.end;
    }
    if (cursor < shift.end) gaps.push({ start: cursor, end: shift.end });
    free.set(therapistId, gaps);
  }
  return free;
}

/** Walks one therapist's gaps forward as the candidate starts grow: each gap is passed once per day. */
class GapCursor {
  private index = 0;
  constructor(
    readonly therapistId: number,
    private readonly gaps: readonly Interval[],
  ) {}
  /** Whether [start, end) lies inside one gap. `start` never decreases between calls. */
  fits(start: number, end: number): boolean {
    while (this.index < this.gaps.length && this.gaps[this.index]!.end < end) this.index++;
    const gap = this.gaps[this.index];
    return gap !== undefined && gap.start <= start && end <= gap.end;
  }
}

/**
 * The start times of one day at which the whole visit fits, in `stepMinutes` steps from opening: area i starts when
 * area i-1 ends, and each area has at least one of its therapists free for all of it, inside the opening hours and
 * that therapist's roster. A therapist who serves two areas may take both: the legs never overlap.
 */
export function computeVisitSlots(query: VisitQuery): VisitSlot[] {
  const step = (query.stepMinutes ?? SLOT_STEP_MINUTES) * MINUTE;
  if (query.areas.length === 0 || !(step > 0) || query.closed || !query.hours) return [];
  const durations = query.areas.map((a) => a.durationMinutes * MINUTE);
  if (durations.some((d) => !(d > 0))) return [];
  const total = durations.reduce((sum, d) => sum + d, 0);
  const timeZone = query.timeZone ?? TIME_ZONE;
  const open = openingWindow(query.date, query.hours, timeZone);
  if (open.end <= query.now || open.start + total > open.end) return [];

  const legs = query.areas.map((area) => {
    const shifts = shiftsFor(query.date, query.hours, area.roster, timeZone);
    const free = freeTimes(shifts, query.busy);
    return [...free.entries()].sort((a, b) => a[0] - b[0]).map(([id, gaps]) => new GapCursor(id, gaps));
  });
  if (legs.some((cursors) => cursors.length === 0)) return [];

  const slots: VisitSlot[] = [];
  let first = open.start;
  if (query.now > first) first = open.start + Math.ceil((query.now - open.start) / step) * step;
  for (let start = first; start + total <= open.end; start += step) {
    const found: VisitLeg[] = [];
    let legStart = start;
    for (let i = 0; i < legs.length; i++) {
      const legEnd = legStart + durations[i]!;
      const ids: number[] = [];
      for (const cursor of legs[i]!) if (cursor.fits(legStart, legEnd)) ids.push(cursor.therapistId);
      if (ids.length === 0) break;
      found.push({ areaId: query.areas[i]!.areaId, start: toSlotStartIso(legStart), end: toSlotStartIso(legEnd), therapistIds: ids });
      legStart = legEnd;
    }
    if (found.length === legs.length) slots.push({ start: found[0]!.start, end: found.at(-1)!.end, legs: found });
  }
  return slots;
}

/** Part of the day a visit starts in, by the location's wall clock: before noon, before 5 pm, or later. */
export type DayPart = 'morning' | 'afternoon' | 'evening';

export function dayPartOf(localTime: string): DayPart {
  const hour = Number(localTime.slice(0, 2));
  if (hour < 12) return 'morning';
  return hour < 17 ? 'afternoon' : 'evening';
}

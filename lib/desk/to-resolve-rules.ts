/**
 * The rules of the day view's 'to resolve' list (a therapist's sick day), pure so that they are tested without a
 * database: which visits cannot happen as booked (DayBlock.conflict), whom each can go to at its own time, and which
 * days a new time off leaves visits on. lib/desk/to-resolve.ts reads the data and applies them; the free therapists
 * come from the slot engine (findSlots, channel 'desk'), never from a rule of this file.
 */

/**
 * Why a booked visit cannot happen as it stands: the location is closed that day, the therapist has time off over
 * it, or it lies outside the therapist's shift there. null: nothing in its way.
 */
export type Conflict = 'time_off' | 'off_roster' | 'closed';

export const CONFLICT_LABEL: Record<Conflict, string> = {
  time_off: 'Inside time off',
  off_roster: 'Outside the roster',
  closed: 'Closed day',
};

interface Span {
  startMinute: number;
  endMinute: number;
}

/**
 * A visit's conflict, the gravest first: a closed day (a closure, or a weekday without opening hours) moves every
 * visit; then time off that overlaps it at all; then a shift that does not hold it whole (or no shift that day).
 */
export function blockConflict(visit: Span, at: { closed: boolean; shift: Span | null; timeOff: readonly Span[] }): Conflict | null {
  if (at.closed) return 'closed';
  if (at.timeOff.some((t) => t.startMinute < visit.endMinute && visit.startMinute < t.endMinute)) return 'time_off';
  if (!at.shift || visit.startMinute < at.shift.startMinute || visit.endMinute > at.shift.endMinute) return 'off_roster';
  return null;
}

/** A booked visit the desk still has to resolve: in conflict, not begun or marked, and not over. */
export function needsResolving(visit: { conflict: Conflict | null; status: 'booked' | 'cancelled'; attendance: string | null; endsAt: number }, now: number): boolean {
  return visit.status === 'booked' && visit.conflict !== null && visit.attendance === null && visit.endsAt > now;
}

/**
 * The therapists free and qualified for a visit at its own time, from the slot engine's answer for its services and
 * length (each slot names who is free then): the slot at the visit's start, without the therapist it has now.
 */
export function freeAtStart(slots: readonly { time: string; therapistIds: readonly number[] }[], start: string, current: number): number[] {
  return (slots.find((s) => s.time === start)?.therapistIds ?? []).filter((id) => id !== current);
}

/** The slot engine takes whole quarter hours up to ten hours; a visit of another length has no slot to match. */
export function slotDuration(minutes: number): number | undefined {
  return minutes >= 15 && minutes <= 600 && minutes % 15 === 0 ? minutes : undefined;
}

export interface ToResolveItem {
  id: string;
  bookingId: string;
  customerId: string;
  customerName: string;
  /** Digits as stored (a walk-in may have neither phone nor e-mail). */
  customerPhone: string | null;
  customerEmail: string | null;
  therapistId: number;
  therapistName: string;
  /** 'HH:mm' New York time on the day. */
  start: string;
  end: string;
  services: string[];
  conflict: Conflict;
  /** Free and qualified at the visit's own time (the slot engine, channel 'desk'), the first being the one 'reassign all' takes. */
  free: { id: number; name: string }[];
  /** When the desk last mailed the customer to choose another time (UTC ISO); null: not yet. */
  notifiedAt: string | null;
}

/** The days (location and date) a time off leaves booked visits on, each with how many, in date order. */
export function affectedDays(visits: readonly { locationSlug: string; location: string; localStart: string }[]): { locationSlug: string; location: string; date: string; count: number }[] {
  const days = new Map<string, { locationSlug: string; location: string; date: string; count: number }>();
  for (const v of visits) {
    const date = v.localStart.slice(0, 10);
    const key = `${date} ${v.locationSlug}`;
    const known = days.get(key);
    if (known) known.count += 1;
    else days.set(key, { locationSlug: v.locationSlug, location: v.location, date, count: 1 });
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, day]) => day);
}

/** The outcome of 'reassign all' in a sentence for the desk. */
export function reassignAllMessage(result: { moved: number; left: readonly { customerName: string; reason: string }[] }): string {
  const moved = result.moved === 0 ? 'No visit was reassigned.' : `${result.moved} ${result.moved === 1 ? 'visit' : 'visits'} reassigned.`;
  if (result.left.length === 0) return moved;
  return `${moved} Still to resolve: ${result.left.map((l) => `${l.customerName} (${l.reason})`).join('; ')}.`;
}

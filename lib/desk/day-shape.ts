import type { DayHours } from '@/lib/catalog/snapshot';
import { localMinuteToUtcMs, MINUTE, utcMsToLocal, type DateInLocationTz } from '@/lib/booking/dates';
import { blockConflict, type Conflict, type ToResolveItem } from './to-resolve-rules';

/**
 * The front desk's day at one location, shaped for the page (components/desk/DayView.tsx) and its JSON handler: pure,
 * so the rules (which columns, which free quarter hours, what a block says) are tested without a database. Times are
 * New York wall-clock minutes after midnight, which is what the grid draws.
 */

export const DESK_STEP_MINUTES = 15;

export type Attendance = 'checked_in' | 'started' | 'completed' | 'no_show';

/** One roster row of the location on the day's weekday (null minutes: the opening hours). */
export interface DayRosterRow {
  therapistId: number;
  startMinute: number | null;
  endMinute: number | null;
}

/** One appointment row of the location that starts on the day, with its customer's name. */
export interface DayAppointmentRow {
  id: string;
  bookingId: string;
  customerId: string;
  customerName: string;
  /** The customer's contact, for the visit's panel (a walk-in booked by name only has neither). */
  customerPhone?: string | null;
  customerEmail?: string | null;
  walkIn?: boolean;
  /** Named therapists who do every service of the visit at the location (its move form's choices), by id. */
  qualified?: readonly number[];
  therapistId: number;
  areaId: number;
  startsAt: Date;
  endsAt: Date;
  status: 'booked' | 'cancelled';
  attendance: Attendance | null;
  note: string;
  lines: readonly { name: string; pkgId: string | null }[];
}

export interface DayColumn {
  therapistId: number;
  name: string;
  /** The rostered shift within the opening hours; null for a therapist with visits here but no roster that day. */
  shift: { startMinute: number; endMinute: number } | null;
  /** Free quarter hours to book from ('HH:mm'), in the shift, not under a booked visit or time off, not past. */
  free: string[];
  /** The therapist's time off within the opening hours (lib/booking/schedule.ts), as local minutes. */
  timeOff: { startMinute: number; endMinute: number }[];
}

export interface DayBlock {
  id: string;
  bookingId: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  /** A walk-in booked by name only: nobody to call or mail. */
  walkIn: boolean;
  /** Whom the visit may move to (therapists doing all its services at the location). */
  qualified: number[];
  therapistId: number;
  startMinute: number;
  endMinute: number;
  /** 'HH:mm' New York time. */
  start: string;
  end: string;
  services: string[];
  /** Services paid by a package or bundle session. */
  packageServices: string[];
  status: 'booked' | 'cancelled';
  attendance: Attendance | null;
  note: string;
  /** Why a booked visit cannot happen as it stands (lib/desk/to-resolve-rules.ts); null for none or a cancelled one. */
  conflict: Conflict | null;
}

export interface DeskDay {
  location: { id: number; slug: string; name: string };
  date: DateInLocationTz;
  /** The minutes the grid spans: the opening hours, widened to show any booked visit outside them. */
  open: { startMinute: number; endMinute: number };
  /** The opening hours of the day (lib/catalog/hours.ts); null when the location does not open that weekday. */
  hours: { startMinute: number; endMinute: number } | null;
  /** The closure's name ('Thanksgiving Day') when the location is closed that day: nothing is offered. */
  closed: string | null;
  columns: DayColumn[];
  /** Booked visits, by start then column. */
  blocks: DayBlock[];
  /** Cancelled visits of the day, listed apart from the grid. */
  cancelled: DayBlock[];
  /** The day's booked visits by attendance (this location's; countVisits). */
  counts: DayCounts;
  /** Every location's counts that day (this one first), for the location tabs. */
  locations: { slug: string; name: string; counts: DayCounts }[];
  /** Names of the therapists a visit of the day may move to (DayBlock.qualified), by id. */
  therapists: { id: number; name: string }[];
  /** Booked visits in conflict still to resolve, each with who is free for it (lib/desk/to-resolve.ts fills it). */
  toResolve: ToResolveItem[];
  /** When the answer was made (UTC), for the page's 'updated' note. */
  generatedAt: string;
}

export interface ShapeInput {
  location: { id: number; slug: string; name: string };
  date: DateInLocationTz;
  /** The location's opening hours that day (`hoursOn`, lib/catalog/hours.ts); null: closed. */
  hours: DayHours | null;
  roster: readonly DayRosterRow[];
  appointments: readonly DayAppointmentRow[];
  therapistName: (id: number) => string;
  now: number;
  closed?: string | null;
  /** Time off of the day's therapists, UTC instants. */
  timeOff?: readonly { therapistId: number; start: number; end: number }[];
  /** The attendance of every booked visit of the day at each location (this one's is read from its visits). */
  elsewhere?: readonly { location: { slug: string; name: string }; attendance: readonly (Attendance | null)[] }[];
}

/**
 * A day's booked visits by where they stand; arrived (checked in or in service), completed, no-show and to come (not
 * marked yet) add up to booked.
 */
export interface DayCounts {
  booked: number;
  arrived: number;
  completed: number;
  noShow: number;
  toCome: number;
}

export function countVisits(attendance: Iterable<Attendance | null>): DayCounts {
  const counts: DayCounts = { booked: 0, arrived: 0, completed: 0, noShow: 0, toCome: 0 };
  for (const mark of attendance) {
    counts.booked += 1;
    if (mark === 'checked_in' || mark === 'started') counts.arrived += 1;
    else if (mark === 'completed') counts.completed += 1;
    else if (mark === 'no_show') counts.noShow += 1;
    else counts.toCome += 1;
  }
  return counts;
}

/** Minutes after local midnight of `date` for an instant (a visit past midnight counts on from 24:00). */
function minuteOfDay(ms: number, date: DateInLocationTz): number {
  const local = utcMsToLocal(ms);
  const minutes = Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
  return local.slice(0, 10) > date ? minutes + 24 * 60 : minutes;
}

/**
 * minuteOfDay for many instants of one day: the time-zone lookup (Intl) is most of the cost of a day's shaping, so
 * the day's UTC offset is read once at noon and used for every instant from 03:00 on, past any clock change (which
 * happens at 02:00); earlier instants are looked up one by one.
 */
function minuteReader(date: DateInLocationTz): (ms: number) => number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const noon = 12 * 60;
  const offset = localMinuteToUtcMs(date, noon) - (midnightUtc + noon * MINUTE);
  return (ms) => {
    const minutes = Math.floor((ms - offset - midnightUtc) / MINUTE);
    return minutes >= 3 * 60 && minutes < 26 * 60 ? minutes : minuteOfDay(ms, date);
  };
}

export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function toBlock(row: DayAppointmentRow, minuteOf: (ms: number) => number): DayBlock {
  const startMinute = minuteOf(row.startsAt.getTime());
  const endMinute = minuteOf(row.endsAt.getTime());
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone ?? null,
    customerEmail: row.customerEmail ?? null,
    walkIn: row.walkIn ?? false,
    qualified: [...(row.qualified ?? [])],
    therapistId: row.therapistId,
    startMinute,
    endMinute,
    start: hhmm(startMinute),
    end: hhmm(endMinute),
    services: row.lines.map((l) => l.name),
    packageServices: row.lines.filter((l) => l.pkgId).map((l) => l.name),
    status: row.status,
    attendance: row.status === 'booked' ? row.attendance : null,
    note: row.note,
    conflict: null,
  };
}

/**
 * The minutes the grid shows: the opening hours, widened to whole hours around any booked visit outside them (one
 * left there by a change of hours, for the desk to move); nothing when neither exists.
 */
function gridRange(hours: DayHours | null, booked: readonly DayBlock[]): { startMinute: number; endMinute: number } {
  let start = hours?.open ?? Infinity;
  let end = hours?.close ?? -Infinity;
  for (const block of booked) {
    if (block.startMinute < start) start = Math.floor(block.startMinute / 60) * 60;
    if (block.endMinute > end) end = Math.ceil(block.endMinute / 60) * 60;
  }
  return Number.isFinite(start) ? { startMinute: start, endMinute: end } : { startMinute: 0, endMinute: 0 };
}

export function shapeDay(input: ShapeInput): DeskDay {
  const { date } = input;
  const minuteOf = minuteReader(date);
  const blocks = input.appointments.map((row) => toBlock(row, minuteOf));
  const booked = blocks.filter((b) => b.status === 'booked').sort((a, b) => a.startMinute - b.startMinute || a.therapistId - b.therapistId);
  const cancelled = blocks.filter((b) => b.status === 'cancelled').sort((a, b) => a.startMinute - b.startMinute);
  const grid = gridRange(input.hours, booked);
  // Shifts and free quarter hours lie inside the opening hours; with none that day, nobody works.
  const open = input.hours ? { startMinute: input.hours.open, endMinute: input.hours.close } : { startMinute: 0, endMinute: 0 };

  // A therapist works one shift a day at a location: the union of their areas' rows, clipped to the opening hours.
  const shifts = new Map<number, { startMinute: number; endMinute: number }>();
  for (const row of input.roster) {
    const start = Math.max(open.startMinute, row.startMinute ?? open.startMinute);
    const end = Math.min(open.endMinute, row.endMinute ?? open.endMinute);
    if (end <= start) continue;
    const known = shifts.get(row.therapistId);
    shifts.set(row.therapistId, known ? { startMinute: Math.min(known.startMinute, start), endMinute: Math.max(known.endMinute, end) } : { startMinute: start, endMinute: end });
  }
  const ids = new Set([...shifts.keys(), ...booked.map((b) => b.therapistId)]);

  const today = utcMsToLocal(input.now).slice(0, 10);
  const nowMinute = date < today ? Infinity : date > today ? -Infinity : minuteOfDay(input.now, date);
  const columns = [...ids]
    .sort((a, b) => a - b)
    .map((therapistId): DayColumn => {
      const shift = shifts.get(therapistId) ?? null;
      const mine = booked.filter((b) => b.therapistId === therapistId);
      const timeOff = (input.timeOff ?? [])
        .filter((t) => t.therapistId === therapistId)
        .map((t) => ({ startMinute: Math.max(open.startMinute, minuteOf(t.start)), endMinute: Math.min(open.endMinute, minuteOf(t.end)) }))
        .filter((t) => t.endMinute > t.startMinute)
        .sort((a, b) => a.startMinute - b.startMinute);
      const taken = [...mine, ...timeOff];
      const free: string[] = [];
      if (shift && !input.closed) {
        for (let m = shift.startMinute; m + DESK_STEP_MINUTES <= shift.endMinute; m += DESK_STEP_MINUTES) {
          if (m < nowMinute) continue;
          if (taken.some((b) => b.startMinute < m + DESK_STEP_MINUTES && m < b.endMinute)) continue;
          free.push(hhmm(m));
        }
      }
      return { therapistId, name: input.therapistName(therapistId), shift, free, timeOff };
    });

  const counts = countVisits(booked.map((b) => b.attendance));
  const locations = [
    { slug: input.location.slug, name: input.location.name, counts },
    ...(input.elsewhere ?? []).map((other) => ({ slug: other.location.slug, name: other.location.name, counts: countVisits(other.attendance) })),
  ];
  const movable = [...new Set(booked.flatMap((b) => b.qualified))].sort((a, b) => a - b);
  // Time off as it falls on the day, not clipped to the opening hours: a visit left outside them is inside it all
  // the same. A block of several days is cut at the day's midnights first (its minutes are of this day only).
  const dayStart = localMinuteToUtcMs(date, 0);
  const dayEnd = dayStart + 24 * 60 * MINUTE;
  const offOf = (therapistId: number) =>
    (input.timeOff ?? [])
      .filter((t) => t.therapistId === therapistId && t.end > dayStart && t.start < dayEnd + 3 * 60 * MINUTE)
      .map((t) => ({ startMinute: t.start <= dayStart ? 0 : minuteOf(t.start), endMinute: minuteOf(Math.min(t.end, dayEnd + 3 * 60 * MINUTE)) }));
  for (const block of booked) {
    block.conflict = blockConflict(block, { closed: Boolean(input.closed) || !input.hours, shift: shifts.get(block.therapistId) ?? null, timeOff: offOf(block.therapistId) });
  }

  return {
    location: input.location,
    date,
    open: grid,
    hours: input.hours ? open : null,
    closed: input.closed ?? null,
    columns,
    blocks: booked,
    cancelled,
    counts,
    locations,
    therapists: movable.map((id) => ({ id, name: input.therapistName(id) })),
    toResolve: [],
    generatedAt: new Date(input.now).toISOString(),
  };
}

/** The desk's link to book a free quarter hour (app/(desk)/desk/book/, the back-office booking page). */
export function bookHref(location: string, date: string, time: string, therapistId: number): string {
  const query = new URLSearchParams({ location, date, time, therapist: String(therapistId) });
  return `/desk/book/?${query.toString()}`;
}

export const ATTENDANCE_LABEL: Record<Attendance, string> = { checked_in: 'Checked in', started: 'In service', completed: 'Completed', no_show: 'No-show' };

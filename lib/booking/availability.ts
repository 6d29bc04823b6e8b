import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '@/lib/api/errors';
import { isAreaOfferedAt, serviceById, therapistById, therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import type { DayHours } from '@/lib/catalog/snapshot';
import { locationBySlug } from '@/lib/catalog/routes';
import { ANY_THERAPIST_ID, AREAS, LOCATIONS, type AreaId, type LocationId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import {
  daySpan,
  openingWindow,
  parseDateInLocationTz,
  TIME_ZONE,
  utcMsToLocal,
  type DateInLocationTz,
  type Interval,
  type SlotStartIso,
} from './dates';
import { heldFor } from './holds';
import { pastHorizon } from './horizon';
import { earliestStartFor } from './notice';
import { overlapsSpan } from './overlap-sql';
import { closureOn, timeOffBusy } from './schedule';
import { shiftsOn } from './shifts';
import { computeSlots, SLOT_STEP_MINUTES, type BusyInterval, type RosterEntry } from './slots';

/** The longest booking of one area: several services back to back, within one day's opening hours. */
export const MAX_BOOKING_MINUTES = 600;

const intString = (max: number) => z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).pipe(z.number().int().max(max));

export const slotParamsSchema = z.object({
  location: z.string().regex(/^(\d{1,6}|[a-z]{1,30})$/, 'must be a location id or slug'),
  areaId: intString(999_999),
  therapistId: intString(999_999),
  date: z.string().refine((v) => parseDateInLocationTz(v) !== undefined, 'must be a date YYYY-MM-DD').transform((v) => v as DateInLocationTz),
  duration: intString(999_999).refine(
    (n) => n >= SLOT_STEP_MINUTES && n <= MAX_BOOKING_MINUTES && n % SLOT_STEP_MINUTES === 0,
    `must be ${SLOT_STEP_MINUTES} to ${MAX_BOOKING_MINUTES} minutes in ${SLOT_STEP_MINUTES}-minute steps`,
  ),
});
export type SlotParams = z.output<typeof slotParamsSchema>;

/** A location from its id (0 reads as 1) or slug; undefined when unknown. */
export function resolveLocation(value: string): LocationId | undefined {
  if (/^\d+$/.test(value)) {
    const id = Number(value) === 0 ? 1 : Number(value);
    return LOCATIONS.find((l) => l.id === id)?.id;
  }
  return locationBySlug(value)?.id;
}

/** Whether any service of the area can be booked online at the location (per published catalogue). */
export { isAreaOfferedAt };

export interface BookableTarget {
  location: LocationId;
  areaId: AreaId;
  /** 0 for any therapist. */
  therapistId: number;
  /** The named therapists who serve the area at the location (and do every service asked for, when some were). */
  candidates: number[];
}

/**
 * Who is asking. 'online': a customer or visitor, held to what each location books online (the specification's
 * offerings, per service). 'desk': the front desk, who may book any service a therapist does at a location, where
 * nothing is bookable online too (Williamsburg).
 */
export type BookingChannel = 'online' | 'desk';

export interface TargetOptions {
  channel?: BookingChannel;
  /** The services of the area to be done (a card's lines): only therapists who do every one of them there qualify. */
  serviceIds?: readonly string[];
}

const listOf = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * Checks a location, area and therapist the way the slots answer needs: each unknown one is a 404 with a message
 * that says which. The candidates are the therapists who do a service of the area there (therapist_services), or,
 * with `serviceIds`, every one of those services.
 */
export function resolveTarget(locationParam: string, areaId: number, therapistId: number, options: TargetOptions = {}): BookableTarget {
  const location = resolveLocation(locationParam);
  if (location === undefined) throw notFound(`Unknown location '${locationParam}'.`);
  if (!(areaId in AREAS)) throw notFound(`Unknown area ${areaId}.`);
  const name = LOCATIONS.find((l) => l.id === location)!.name;
  const inArea = therapistsFor(location, areaId)
    .map((t) => t.id)
    .filter((id) => id !== ANY_THERAPIST_ID);
  if ((options.channel ?? 'online') === 'online' ? !isAreaOfferedAt(location, areaId) : inArea.length === 0) {
    throw notFound(options.channel === 'desk' ? `Nobody does ${AREAS[areaId as AreaId]} at ${name}.` : `${AREAS[areaId as AreaId]} cannot be booked online at ${name}.`);
  }
  const serviceIds = options.serviceIds ?? [];
  const doing = serviceIds.length > 0 ? new Set(therapistsDoing(location, serviceIds)) : undefined;
  const candidates = doing ? inArea.filter((id) => doing.has(id)) : inArea;
  if (therapistId !== ANY_THERAPIST_ID && !candidates.includes(therapistId)) {
    if (inArea.includes(therapistId) && doing) {
      const missing = serviceIds.filter((id) => !therapistsDoing(location, [id]).includes(therapistId)).map((id) => serviceById(id)?.name ?? id);
      throw notFound(`${therapistById(therapistId)?.name ?? `Therapist ${therapistId}`} does not do ${listOf(missing)} at ${name}.`);
    }
    throw notFound(`Therapist ${therapistId} does not work in ${AREAS[areaId as AreaId]} at this location.`);
  }
  return { location, areaId: areaId as AreaId, therapistId, candidates };
}

/** The rostered therapists of an area at a location on a date (all of them, or the one asked for), one-off changes applied. */
export async function rosterFor(db: Db | Tx, target: BookableTarget, date: DateInLocationTz): Promise<RosterEntry[]> {
  const only = target.therapistId === ANY_THERAPIST_ID ? undefined : target.therapistId;
  const shifts = await shiftsOn(db, target.location, [date], { therapistId: only });
  return shifts
    .filter((s) => s.areaId === target.areaId && target.candidates.includes(s.therapistId))
    .map((s) => ({ therapistId: s.therapistId, startMinute: s.startMinute ?? undefined, endMinute: s.endMinute ?? undefined }));
}

/** Booked appointments of these therapists (at any location) that overlap the interval. */
export async function busyFor(db: Db | Tx, therapistIds: readonly number[], span: Interval): Promise<BusyInterval[]> {
  if (therapistIds.length === 0) return [];
  const rows = await db
    .select({ therapistId: appointments.therapistId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.therapistId, [...therapistIds]),
        eq(appointments.status, 'booked'),
        overlapsSpan(appointments.startsAt, appointments.endsAt, span),
      ),
    );
  return rows.map((r) => ({ therapistId: r.therapistId, start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
}

/**
 * The signed-in customer a slot list is for: their own booked appointments are busy time with every therapist (one
 * person, one place at a time; booking refuses an overlap with 416), except the one being moved (a booking's area).
 */
export interface SlotCustomer {
  id: string;
  moving?: { bookingId: string; areaId: number };
}

export const slotCustomerQuerySchema = z.object({
  exceptBooking: z.string().uuid('must be a booking id').optional(),
  exceptArea: z.coerce.number().int().min(1).max(999).optional(),
  /** `services=id,id`: the services to be done; only therapists who do them all at the location are offered. */
  services: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('must be service ids, comma-separated').transform((id) => id.toLowerCase())).max(30))
    .optional(),
});

/** Who a slot or visit-time list is for: the customer (their own visits left out), the channel, the services. */
export interface SlotCaller {
  customer?: SlotCustomer;
  channel?: BookingChannel;
  serviceIds?: readonly string[];
}

/** The customer's own booked time within the span, as busy time of each of the therapists. */
export async function customerBusy(db: Db | Tx, customer: SlotCustomer | undefined, therapistIds: readonly number[], span: Interval): Promise<BusyInterval[]> {
  if (!customer || therapistIds.length === 0) return [];
  const rows = await db
    .select({ bookingId: appointments.bookingId, areaId: appointments.areaId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customer.id),
        eq(appointments.status, 'booked'),
        overlapsSpan(appointments.startsAt, appointments.endsAt, span),
      ),
    );
  const moving = customer.moving;
  return rows
    .filter((row) => !(moving && row.bookingId === moving.bookingId && row.areaId === moving.areaId))
    .flatMap((row) => therapistIds.map((therapistId) => ({ therapistId, start: row.startsAt.getTime(), end: row.endsAt.getTime() })));
}

export interface SlotView {
  /** UTC instant. */
  start: SlotStartIso;
  /** Local wall-clock time at the location, 'HH:mm'. */
  time: string;
  therapistIds: number[];
}

export interface SlotsAnswer {
  location: LocationId;
  areaId: number;
  therapistId: number;
  date: DateInLocationTz;
  duration: number;
  timeZone: string;
  /**
   * Opening hours of the day in UTC-day hours (specification section 9), e.g. 14 to 24 on a summer weekday; null when
   * the location does not open that weekday.
   */
  hours: { start: number; end: number } | null;
  /** The name of the day's closure (a holiday), when the location is closed. */
  closure?: string;
  slots: SlotView[];
  /** When the answer was computed, UTC. */
  timestamp: string;
}

function utcDayHours(date: DateInLocationTz, hours: DayHours | null): { start: number; end: number } | null {
  if (!hours) return null;
  const open = openingWindow(date, hours);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { start: (open.start - midnight) / 3_600_000, end: (open.end - midnight) / 3_600_000 };
}

/**
 * Free times of one day for an area, a therapist (0 any) and a duration. Online, none starts inside the location's
 * minimum notice; for the desk (channel 'desk'), any time from now on.
 */
export async function findSlots(db: Db | Tx, params: SlotParams, now: number = Date.now(), holder?: string, caller: SlotCaller = {}): Promise<SlotsAnswer> {
  const { customer, channel, serviceIds } = caller;
  const desk = channel === 'desk';
  const target = resolveTarget(params.location, params.areaId, params.therapistId, { channel, serviceIds });
  const hours = hoursOn(target.location, params.date);
  const roster = await rosterFor(db, target, params.date);
  const ids = roster.map((r) => r.therapistId);
  const day = daySpan(params.date);
  // Times other customers hold while they sign in are taken too (lib/booking/holds.ts); the caller's own are not.
  const busy = [...(await busyFor(db, ids, day)), ...(await heldFor(db, ids, day, holder, now))];
  // The front desk's schedule: time off is busy time, a closed day has no slots (lib/booking/schedule.ts).
  busy.push(...(await timeOffBusy(db, ids, [params.date])));
  busy.push(...(await customerBusy(db, customer, ids, day)));
  const closure = await closureOn(db, target.location, params.date);
  const slots = computeSlots({
    date: params.date,
    hours,
    roster,
    busy,
    durationMinutes: params.duration,
    now: earliestStartFor(target.location, now, desk),
    closed: closure !== undefined || pastHorizon(params.date, now),
  });
  return {
    location: target.location,
    areaId: target.areaId,
    therapistId: target.therapistId,
    date: params.date,
    duration: params.duration,
    timeZone: TIME_ZONE,
    hours: utcDayHours(params.date, hours),
    ...(closure !== undefined ? { closure } : {}),
    slots: slots.map((s) => ({ start: s.start, time: utcMsToLocal(Date.parse(s.start)).slice(11), therapistIds: s.therapistIds })),
    timestamp: new Date(now).toISOString(),
  };
}

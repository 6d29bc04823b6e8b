import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, forbidden, unauthorized } from '@/lib/api/errors';
import { isOfferedAt, serviceById, therapistById } from '@/lib/catalog/catalog';
import { AREAS, PACKAGE_TYPE, type AreaId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments, bookings, users, type Appointment, type Booking, type StoredLine } from '@/lib/db/schema';
import { recordAppointmentEvent } from './appointment-events';
import { busyFor, resolveTarget, rosterFor, type BookableTarget } from './availability';
import { APPOINTMENT_STATUS, appointmentStartMs, type AppointmentCard, type CardArea, type ServiceLine } from './card-schema';
import { localDateOf, MINUTE, toSlotStartIso, utcMsToLocal, type SlotStartIso } from './dates';
import { releaseHolds, withoutHeld } from './holds';
import { refuseClosedOrBlocked } from './schedule';
import { ownedPackages, packageAvailability, refundSession, takeSession, type PackageAvailability } from './packages';
import { computeSlots } from './slots';
import { lockCustomer, lockTherapistTimes, transactionWithRetry } from './therapist-locks';
import { SLOT_TAKEN_MESSAGE } from './messages';

/** Who is calling: from the session, never from the body or the BnpAuth cookie. */
export interface Actor {
  userId: string;
  role: 'customer' | 'staff';
}

/** A customer may not cancel or move an appointment closer than this to its start (the policy pages say so). */
export const CANCELLATION_CUTOFF_HOURS = 24;


/** The caller must be the customer, or staff when `staffMay` is set. */
export function assertCanAccess(actor: Actor | null, customerId: string, staffMay = true): Actor {
  if (!actor) throw unauthorized();
  if (actor.userId === customerId) return actor;
  if (staffMay && actor.role === 'staff') return actor;
  throw forbidden('You can only reach your own appointments.');
}

export function assertStaff(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (actor.role !== 'staff') throw forbidden('The back office needs a staff account.');
  return actor;
}

const slotTaken = () => new ApiError(416, 'slot_taken', SLOT_TAKEN_MESSAGE);
const invalid = (message: string, field: string) => new ApiError(422, 'invalid', message, { [field]: message });

/** The exclusion constraint that keeps one customer's booked appointments apart: one place at a time (drizzle/0003). */
export const CUSTOMER_NO_OVERLAP = 'appointments_customer_no_overlap';

/** The driver's error that carries Postgres' SQLSTATE, wherever the driver or Drizzle put it in the error chain. */
function pgErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') return e as { code?: unknown; constraint?: unknown };
  }
  return undefined;
}

/** Postgres' exclusion_violation (23P01), of either constraint. */
export function isExclusionViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23P01';
}

/** An exclusion_violation of the customer constraint: the customer is booked elsewhere at that time. */
export function isCustomerOverlap(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23P01' && pg.constraint === CUSTOMER_NO_OVERLAP;
}

interface PlannedArea {
  target: BookableTarget;
  start: number;
  end: number;
  note: string;
  lines: StoredLine[];
  price: number;
  field: string;
}

function targetOrInvalid(location: string, areaId: number, therapistId: number, field: string): BookableTarget {
  try {
    return resolveTarget(location, areaId, therapistId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw invalid(error.message, field);
    throw error;
  }
}

/** Recomputes each line from the catalogue: the body's names, prices and durations are never trusted. */
function planLines(area: CardArea, field: string, location: number): { lines: StoredLine[]; minutes: number; price: number } {
  const lines: StoredLine[] = [];
  let minutes = 0;
  let price = 0;
  const seen = new Set<string>();
  for (const type of area.svcTypes) {
    for (const line of type.svcArray) {
      const item = serviceById(line.id.replace(/[{}]/g, '').toLowerCase());
      if (!item) throw invalid(`Unknown service ${line.id}.`, field);
      if (seen.has(item.id)) throw invalid(`${item.name} appears twice.`, field);
      seen.add(item.id);
      if (item.areaId !== area.areaId || item.svcType !== type.svcTypeId) throw invalid(`${item.name} does not belong there.`, field);
      if (!isOfferedAt(location, item.svcType)) throw invalid(`${item.name} cannot be booked online at this location.`, field);
      let pkgId: string | null = null;
      if (line.isPackage && line.pkgId) {
        const offer = item.spkg.find((o) => o.pvId.toLowerCase() === line.pkgId!.replace(/[{}]/g, '').toLowerCase());
        if (!offer) throw invalid(`That package does not cover ${item.name}.`, field);
        pkgId = offer.pvId.toLowerCase();
      }
      minutes += item.duration;
      const linePrice = pkgId ? 0 : item.price;
      price += linePrice;
      lines.push({ id: item.id, svcId: item.value, name: item.name, serviceTypeId: item.svcType, gen: item.gen, duration: item.duration, price: linePrice, pkgId });
    }
  }
  return { lines, minutes, price };
}

/** Checks a card against the catalogue and the clock, without the database. */
export function planCard(card: AppointmentCard, now: number): PlannedArea[] {
  if (card.svcAreas.length === 0) throw invalid('Choose at least one service to book.', 'svcAreas');
  const planned = card.svcAreas.map((area, i) => {
    const field = `svcAreas.${i}`;
    const target = targetOrInvalid(card.header.location, area.areaId, area.svcTherapist, `${field}.svcTherapist`);
    const { lines, minutes, price } = planLines(area, field, target.location);
    const start = appointmentStartMs(area.svcDate);
    if (start === undefined) throw invalid('Choose a time for this appointment.', `${field}.svcDate`);
    if (start <= now) throw invalid('That time has already passed. Please choose another time.', `${field}.svcDate`);
    return { target, start, end: start + minutes * MINUTE, note: area.svcNote, lines, price, field };
  });
  // One person cannot be with two therapists at once.
  for (const a of planned) {
    const clash = planned.find((b) => b !== a && b.start < a.end && a.start < b.end);
    if (clash) throw invalid('Two of these appointments overlap. Please choose times one after the other.', `${a.field}.svcDate`);
  }
  return planned;
}

/**
 * The therapists who may take [start, end) by roster and opening hours (not yet by other appointments), or a 422
 * when the time is not a bookable slot for the therapist asked for.
 */
export async function rosteredFor(tx: Tx, area: Pick<PlannedArea, 'target' | 'start' | 'end' | 'field'>, now: number): Promise<number[]> {
  const date = localDateOf(area.start);
  const roster = await rosterFor(tx, area.target, date);
  const slots = computeSlots({ date, roster, busy: [], durationMinutes: (area.end - area.start) / MINUTE, now });
  const iso = toSlotStartIso(area.start);
  const slot = slots.find((s) => s.start === iso);
  if (!slot) throw invalid('That time is outside the opening hours or the therapist\'s roster. Please choose a listed time.', `${area.field}.svcDate`);
  return refuseClosedOrBlocked(tx, area, date, slot.therapistIds);
}

/**
 * Runs `claim` for one therapist after another (each in a savepoint) until the database accepts one: the exclusion
 * constraints, not this loop, are what refuse a double booking. A lost race for every candidate is a 416, and so is
 * the customer being booked elsewhere at that time (no other therapist would change that).
 */
async function claimTherapist(tx: Tx, candidates: readonly number[], claim: (tx: Tx, therapistId: number) => Promise<void>): Promise<number> {
  if (candidates.length === 1) {
    try {
      await claim(tx, candidates[0]!);
      return candidates[0]!;
    } catch (error) {
      if (isExclusionViolation(error)) throw slotTaken();
      throw error;
    }
  }
  for (const therapistId of candidates) {
    try {
      await tx.transaction(async (savepoint) => claim(savepoint as Tx, therapistId));
      return therapistId;
    } catch (error) {
      if (isCustomerOverlap(error)) throw slotTaken();
      if (!isExclusionViolation(error)) throw error;
    }
  }
  throw slotTaken();
}

/** Candidates for 'any therapist': those rostered and free by what this transaction sees, in id order. */
async function orderCandidates(tx: Tx, rostered: number[], start: number, end: number, named: number): Promise<number[]> {
  if (named !== 0) return rostered.includes(named) ? [named] : [];
  const busy = await busyFor(tx, rostered, { start, end });
  const taken = new Set(busy.map((b) => b.therapistId));
  return rostered.filter((id) => !taken.has(id));
}

export interface CreateOptions {
  actor: Actor;
  customerId: string;
  card: AppointmentCard;
  idempotencyKey?: string;
  now?: number;
  /** Set by the back-office path: the staff account booking for the customer. */
  createdBy?: string;
  /** The caller's hold owner (lib/booking/holds.ts): their own holds do not block them, and booking ends them. */
  holder?: string;
}

export interface CreateResult {
  card: BookedCard;
  replayed: boolean;
}

function requestHash(customerId: string, card: AppointmentCard): string {
  return createHash('sha256').update(JSON.stringify([customerId, card.header.location, card.header.gender, card.svcAreas])).digest('hex');
}

/**
 * Books a card: one appointment per area, all or nothing, in one transaction. With an idempotency key a retried
 * request returns the first booking instead of booking again.
 */
export async function createBooking(db: Db, options: CreateOptions): Promise<CreateResult> {
  const now = options.now ?? Date.now();
  const { customerId, card } = options;
  const plan = planCard(card, now);
  const hash = requestHash(customerId, card);
  const outcome = await transactionWithRetry(db, async (tx) => {
    await lockCustomer(tx, customerId);
    const values = {
      customerId,
      createdBy: options.createdBy ?? null,
      idempotencyKey: options.idempotencyKey ?? null,
      requestHash: hash,
      location: plan[0]!.target.location,
      gender: Number(card.header.gender),
      customerType: card.header.customerType,
      source: card.header.source,
      url: card.header.url,
    };
    const inserted = await tx.insert(bookings).values(values).onConflictDoNothing().returning();
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ id: bookings.id, requestHash: bookings.requestHash })
        .from(bookings)
        .where(and(eq(bookings.customerId, customerId), eq(bookings.idempotencyKey, options.idempotencyKey ?? '')));
      if (!existing) throw new ApiError(409, 'conflict', 'Please try again.');
      if (existing.requestHash !== hash) {
        throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different booking.');
      }
      return { bookingId: existing.id, replayed: true as const };
    }
    const booking = inserted[0]!;
    const bookingId = booking.id;
    const rows: Appointment[] = [];
    for (const area of plan) for (const line of area.lines) if (line.pkgId) await takeSession(tx, customerId, line.pkgId, line.id);
    const rosteredByArea: number[][] = [];
    for (const area of plan) rosteredByArea.push(await rosteredFor(tx, area, now));
    await lockTherapistTimes(tx, plan.flatMap((area, i) => rosteredByArea[i]!.map((therapistId) => ({ therapistId, start: area.start, end: area.end }))));
    for (const [i, area] of plan.entries()) {
      const rostered = rosteredByArea[i]!;
      const free = await orderCandidates(tx, rostered, area.start, area.end, area.target.therapistId);
      const candidates = await withoutHeld(tx, free, area, options.holder, now);
      if (candidates.length === 0) throw slotTaken();
      await claimTherapist(tx, candidates, async (t, therapistId) => {
        const [row] = await t.insert(appointments).values({
          bookingId,
          customerId,
          location: area.target.location,
          areaId: area.target.areaId,
          therapistId,
          requestedTherapistId: area.target.therapistId,
          startsAt: new Date(area.start),
          endsAt: new Date(area.end),
          note: area.note,
          lines: area.lines,
          price: area.price,
        }).returning();
        rows.push(row!);
      });
    }
    for (const row of rows) {
      await recordAppointmentEvent(tx, { appointmentId: row.id, actorId: options.actor.userId, action: 'booked', details: { start: row.startsAt.toISOString(), therapistId: row.therapistId }, at: now });
    }
    await releaseHolds(tx, options.holder);
    return { bookingId, replayed: false as const, booking, rows };
  });
  if (outcome.replayed) return { card: (await readBooking(db, customerId, outcome.bookingId))!, replayed: true };
  // The answer is built from the rows just written: one query for the packages instead of re-reading the booking.
  const owned = packageAvailability(await ownedPackages(db, customerId));
  return { card: toCard(outcome.booking, outcome.rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()), owned), replayed: false };
}

export interface AppointmentView {
  id: string;
  areaId: number;
  areaName: string;
  therapistId: number;
  therapistName: string;
  requestedTherapistId: number;
  start: SlotStartIso;
  end: SlotStartIso;
  /** New York wall-clock time, 'YYYY-MM-DD HH:mm'. */
  localStart: string;
  status: 'booked' | 'cancelled';
  price: number;
  lines: StoredLine[];
}

export type BookedCard = AppointmentCard & { appointments: AppointmentView[] };

/** A bundle's line says so (4); a multi-session package's (3). */
function packageTypeOf(line: StoredLine): number {
  const offer = serviceById(line.id)?.spkg.find((o) => o.pvId.toLowerCase() === line.pkgId);
  return offer?.pvType ?? PACKAGE_TYPE.MULTI_SESSION;
}

function toLine(line: StoredLine, areaId: number): ServiceLine {
  return {
    pkgId: line.pkgId,
    packageType: line.pkgId ? packageTypeOf(line) : 0,
    qtyFulfilled: 0,
    qtyCombined: 0,
    svcId: line.svcId,
    duration: line.duration,
    isPackage: line.pkgId !== null,
    isOrdered: true,
    serviceTypeId: line.serviceTypeId,
    gen: line.gen as 0 | 1,
    id: line.id,
    areaId,
  };
}

function toCard(booking: Booking, rows: Appointment[], pkgAvailable: PackageAvailability[]): BookedCard {
  const anyBooked = rows.some((r) => r.status === 'booked');
  return {
    header: {
      url: booking.url,
      customerId: booking.customerId,
      aptId: booking.id,
      location: String(booking.location),
      gender: String(booking.gender) as '0' | '1',
      customerType: booking.customerType,
      status: anyBooked ? APPOINTMENT_STATUS.BOOKED : APPOINTMENT_STATUS.CANCELLED,
      source: booking.source,
    },
    svcAreas: rows.map((r) => {
      const types = new Map<number, ServiceLine[]>();
      for (const line of r.lines) {
        const list = types.get(line.serviceTypeId) ?? [];
        list.push(toLine(line, r.areaId));
        types.set(line.serviceTypeId, list);
      }
      return {
        areaId: r.areaId,
        svcTherapist: r.therapistId,
        svcDate: r.startsAt.toISOString(),
        svcNote: r.note,
        svcTypes: [...types].map(([svcTypeId, svcArray]) => ({ svcTypeId, svcArray })),
      };
    }),
    pkgAreas: [],
    pkgAvailable,
    appointments: rows.map((r) => ({
      id: r.id,
      areaId: r.areaId,
      areaName: AREAS[r.areaId as AreaId] ?? String(r.areaId),
      therapistId: r.therapistId,
      therapistName: therapistById(r.therapistId)?.name ?? `Therapist ${r.therapistId}`,
      requestedTherapistId: r.requestedTherapistId,
      start: toSlotStartIso(r.startsAt.getTime()),
      end: toSlotStartIso(r.endsAt.getTime()),
      localStart: utcMsToLocal(r.startsAt.getTime()),
      status: r.status,
      price: r.price,
      lines: r.lines,
    })),
  };
}

/** One booking of a customer, or undefined when it is not theirs (or does not exist). */
export async function readBooking(db: Db | Tx, customerId: string, bookingId: string): Promise<BookedCard | undefined> {
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking) return undefined;
  const rows = await db.select().from(appointments).where(eq(appointments.bookingId, bookingId)).orderBy(asc(appointments.startsAt));
  return toCard(booking, rows, packageAvailability(await ownedPackages(db, customerId)));
}

/** Every booking of a customer, newest first, and their packages. */
export async function listBookings(db: Db, customerId: string): Promise<{ customerId: string; cards: BookedCard[]; pkgAvailable: PackageAvailability[] }> {
  const owned = packageAvailability(await ownedPackages(db, customerId));
  const rows = await db.select().from(bookings).where(eq(bookings.customerId, customerId));
  const appts = rows.length
    ? await db
        .select()
        .from(appointments)
        .where(inArray(appointments.bookingId, rows.map((r) => r.id)))
        .orderBy(asc(appointments.startsAt))
    : [];
  const cards = rows
    .map((b) => toCard(b, appts.filter((a) => a.bookingId === b.id), owned))
    .filter((c) => c.appointments.length > 0)
    .sort((a, b) => (b.appointments[0]!.start > a.appointments[0]!.start ? 1 : -1));
  return { customerId, cards, pkgAvailable: owned };
}

export async function customerExists(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, customerId));
  return Boolean(row);
}

export interface UpdateOptions {
  actor: Actor;
  customerId: string;
  bookingId: string;
  card: AppointmentCard;
  now?: number;
}

function assertBeforeCutoff(actor: Actor, startsAt: Date, now: number, field: string): void {
  if (startsAt.getTime() <= now) throw invalid('That appointment has already started.', field);
  if (actor.role === 'staff') return;
  if (startsAt.getTime() - now < CANCELLATION_CUTOFF_HOURS * 3_600_000) {
    throw invalid(`Appointments can be changed or cancelled up to ${CANCELLATION_CUTOFF_HOURS} hours before they start. Please call the salon.`, field);
  }
}

/**
 * PUT with the card: status '2' cancels the listed areas (all when none are listed) and gives package sessions back;
 * otherwise each listed area moves to its new svcDate and svcTherapist (its services stay as booked).
 */
export async function updateBooking(db: Db, options: UpdateOptions): Promise<BookedCard> {
  const now = options.now ?? Date.now();
  const { actor, customerId, bookingId, card } = options;
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking) throw forbidden('You can only reach your own appointments.');
  const cancelling = card.header.status === APPOINTMENT_STATUS.CANCELLED;
  await transactionWithRetry(db, async (tx) => {
    await lockCustomer(tx, customerId);
    const rows = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, 'booked')))
      .for('update');
    if (cancelling) {
      const areaIds = new Set(card.svcAreas.map((a) => a.areaId));
      const chosen = rows.filter((r) => areaIds.size === 0 || areaIds.has(r.areaId));
      if (chosen.length === 0) throw invalid('Nothing in this booking is left to cancel.', 'svcAreas');
      for (const row of chosen) {
        assertBeforeCutoff(actor, row.startsAt, now, 'svcAreas');
        await tx.update(appointments).set({ status: 'cancelled', attendance: null, cancelledAt: new Date(now), updatedAt: new Date(now), icsSequence: sql`${appointments.icsSequence} + 1` }).where(eq(appointments.id, row.id));
        await recordAppointmentEvent(tx, { appointmentId: row.id, actorId: actor.userId, action: 'cancelled', details: { start: row.startsAt.toISOString(), therapistId: row.therapistId }, at: now });
        for (const line of row.lines) if (line.pkgId) await refundSession(tx, customerId, line.pkgId, line.id);
      }
      return;
    }
    if (card.svcAreas.length === 0) throw invalid('Choose the appointment to move.', 'svcAreas');
    // The customer constraint is checked once all areas have moved, so that two areas of the card may swap times.
    await tx.execute(sql.raw(`set constraints ${CUSTOMER_NO_OVERLAP} deferred`));
    for (const [i, area] of card.svcAreas.entries()) {
      const field = `svcAreas.${i}`;
      const row = rows.find((r) => r.areaId === area.areaId);
      if (!row) throw invalid(`This booking has no upcoming ${AREAS[area.areaId as AreaId] ?? 'such'} appointment.`, field);
      assertBeforeCutoff(actor, row.startsAt, now, field);
      const start = appointmentStartMs(area.svcDate);
      if (start === undefined) throw invalid('Choose a time for this appointment.', `${field}.svcDate`);
      if (start <= now) throw invalid('That time has already passed. Please choose another time.', `${field}.svcDate`);
      const end = start + (row.endsAt.getTime() - row.startsAt.getTime());
      const target = targetOrInvalid(String(row.location), row.areaId, area.svcTherapist, `${field}.svcTherapist`);
      const planned = { target, start, end, field };
      const rostered = await rosteredFor(tx, planned, now);
      await lockTherapistTimes(tx, rostered.map((therapistId) => ({ therapistId, start, end })));
      // The appointment being moved does not block its own new time.
      const busy = await busyFor(tx, rostered, { start, end });
      const taken = new Set(busy.filter((b) => !(b.therapistId === row.therapistId && b.start === row.startsAt.getTime())).map((b) => b.therapistId));
      const free = target.therapistId !== 0 ? (rostered.includes(target.therapistId) ? [target.therapistId] : []) : rostered.filter((id) => !taken.has(id));
      const candidates = await withoutHeld(tx, free, { start, end }, undefined, now);
      if (candidates.length === 0) throw slotTaken();
      await claimTherapist(tx, candidates, async (t, therapistId) => {
        await t
          .update(appointments)
          .set({ therapistId, requestedTherapistId: target.therapistId, startsAt: new Date(start), endsAt: new Date(end), note: area.svcNote, updatedAt: new Date(now), icsSequence: sql`${appointments.icsSequence} + 1` })
          .where(eq(appointments.id, row.id));
        await recordAppointmentEvent(t, {
          appointmentId: row.id,
          actorId: actor.userId,
          action: 'moved',
          details: { from: { start: row.startsAt.toISOString(), therapistId: row.therapistId }, to: { start: new Date(start).toISOString(), therapistId } },
          at: now,
        });
      });
    }
    try {
      await tx.execute(sql.raw(`set constraints ${CUSTOMER_NO_OVERLAP} immediate`));
    } catch (error) {
      if (isExclusionViolation(error)) throw slotTaken();
      throw error;
    }
  });
  return (await readBooking(db, customerId, bookingId))!;
}

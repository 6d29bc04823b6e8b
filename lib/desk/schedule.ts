import 'server-only';
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { blockedIntervals, crossesBlock } from '@/lib/booking/blocks';
import { localDateOf, localToUtcMs, parseDateInLocationTz, parseDateTimeInLocationTz, utcMsToLocal, type DateInLocationTz } from '@/lib/booking/dates';
import { formatLongDate, toTimeOff } from '@/lib/booking/schedule';
import { formatClock } from '@/lib/booking/clock';
import { overlapsSpan } from '@/lib/booking/overlap-sql';
import { therapistById } from '@/lib/catalog/catalog';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { AREAS, LOCATIONS, type AreaId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments, locationClosures, therapistTimeOff, users, type TimeOffRow } from '@/lib/db/schema';
import { federalHolidays } from './holidays';

/**
 * The front desk's schedule (docs/decisions.md, 'Closures'): therapists' time off and each location's closures.
 * The desk pages' server actions call these after checking the staff role; the slot engines read the same tables
 * through lib/booking/schedule.ts.
 */

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/**
 * The therapists the desk schedules: the catalogue's team as the owner keeps it (/desk/team/), without the retired,
 * read from the snapshot at each call so that a new therapist is there at once.
 */
export function namedTherapists(): { id: number; name: string }[] {
  return catalogSnapshot()
    .therapists.filter((therapist) => !therapist.retired)
    .map(({ id, name }) => ({ id, name }));
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** 'HH:mm' as minutes after midnight. */
export const timeOfDay = z
  .string()
  .regex(TIME, 'must be a time HH:MM')
  .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5)));
export const minutesToTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const therapistId = z.coerce
  .number({ message: 'Choose a therapist.' })
  .int()
  .refine((id) => namedTherapists().some((t) => t.id === id), 'Choose a therapist.');
/** A datetime-local field, 'YYYY-MM-DDTHH:mm', in New York time. */
const localDateTime = z
  .string()
  .transform((v) => v.replace('T', ' ').slice(0, 16))
  .refine((v) => parseDateTimeInLocationTz(v) !== undefined, 'Enter a date and time.')
  .transform((v) => localToUtcMs(parseDateTimeInLocationTz(v)!));
const reason = z.string().trim().max(200, 'Keep the reason under 200 characters.').default('');

export const timeOffSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('once'), therapistId, starts: localDateTime, ends: localDateTime, reason })
    .refine((v) => v.ends > v.starts, { message: 'The end must be after the start.', path: ['ends'] }),
  z
    .object({ kind: z.literal('weekly'), therapistId, weekday: z.coerce.number().int().min(0, 'Choose a weekday.').max(6, 'Choose a weekday.'), from: timeOfDay, to: timeOfDay, reason })
    .refine((v) => v.to > v.from, { message: 'The end must be after the start.', path: ['to'] }),
]);

export interface TimeOffView {
  id: string;
  therapistId: number;
  therapistName: string;
  /** 'Friday, December 4, 2026, 1:00 PM to 5:00 PM' or 'Every Monday 1:00 PM to 5:00 PM'. */
  when: string;
  reason: string;
  createdBy: string | null;
  createdAt: string;
  /** The New York day it was added, written out: 'Tuesday, November 24, 2026'. */
  createdOn: string;
}

const therapistName = (id: number) => therapistById(id)?.name ?? `Therapist ${id}`;

export function describeBlock(row: Pick<TimeOffRow, 'weekday' | 'startMinute' | 'endMinute' | 'startsAt' | 'endsAt'>): string {
  if (row.weekday !== null) return `Every ${WEEKDAYS[row.weekday]} ${formatClock(minutesToTime(row.startMinute ?? 0))} to ${formatClock(minutesToTime(row.endMinute ?? 0))}`;
  const start = utcMsToLocal(row.startsAt!.getTime());
  const end = utcMsToLocal(row.endsAt!.getTime());
  const startDay = formatLongDate(start.slice(0, 10));
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${startDay}, ${formatClock(start)} to ${formatClock(end)}`
    : `${startDay} ${formatClock(start)} to ${formatLongDate(end.slice(0, 10))} ${formatClock(end)}`;
}

/** A block the desk still lists: one-off and not yet over, or weekly and not removed. */
const standing = (now: number) => or(and(isNotNull(therapistTimeOff.weekday), isNull(therapistTimeOff.validUntil)), gt(therapistTimeOff.endsAt, new Date(now)));

/** Weekly blocks standing and the one-off blocks that have not ended, by therapist and start. */
async function currentBlocks(db: Db, now: number) {
  return db
    .select({ block: therapistTimeOff, createdBy: users.name })
    .from(therapistTimeOff)
    .leftJoin(users, eq(users.id, therapistTimeOff.createdBy))
    .where(standing(now))
    .orderBy(asc(therapistTimeOff.therapistId), asc(therapistTimeOff.weekday), asc(therapistTimeOff.startsAt));
}

function toView({ block, createdBy }: { block: TimeOffRow; createdBy: string | null }): TimeOffView {
  return {
    id: block.id,
    therapistId: block.therapistId,
    therapistName: therapistName(block.therapistId),
    when: describeBlock(block),
    reason: block.reason,
    createdBy,
    createdAt: block.createdAt.toISOString(),
    createdOn: formatLongDate(utcMsToLocal(block.createdAt.getTime()).slice(0, 10)),
  };
}

/**
 * The desk's time-off list: each current block with how many booked visits, not yet over, it still falls on. The
 * count falls as the desk moves or cancels them, so the list keeps the way to them (`appointmentsInsideTimeOff`) for
 * as long as any is left, not only on the page shown right after the block was added.
 */
export async function listTimeOff(db: Db, now: number = Date.now()): Promise<(TimeOffView & { visitsToMove: number })[]> {
  const rows = await currentBlocks(db, now);
  const counts = await Promise.all(rows.map(async ({ block }) => (await bookedInside(db, block, now)).length));
  return rows.map((row, i) => ({ ...toView(row), visitsToMove: counts[i]! }));
}

/** The activity entry's record of a block: who, when in words, why. */
const timeOffRecord = (row: TimeOffRow) => ({ therapist: therapistName(row.therapistId), when: describeBlock(row), reason: row.reason });
const timeOffText = (row: TimeOffRow) => `${therapistName(row.therapistId)}'s time off: ${describeBlock(row)}${row.reason ? ` (${row.reason})` : ''}`;

/** Adds a block, with its activity entry (kind 'time-off') in the same transaction; a weekly one applies from today (New York) on. */
export async function createTimeOff(db: Db, input: z.output<typeof timeOffSchema>, actor: ActivityActor, now: number = Date.now()): Promise<string> {
  const values =
    input.kind === 'once'
      ? { therapistId: input.therapistId, startsAt: new Date(input.starts), endsAt: new Date(input.ends), reason: input.reason, createdBy: actor.userId }
      : { therapistId: input.therapistId, weekday: input.weekday, startMinute: input.from, endMinute: input.to, reason: input.reason, createdBy: actor.userId, validFrom: localDateOf(now) };
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(therapistTimeOff).values(values).returning();
    await recordActivity(tx, actor, { kind: 'time-off', action: 'added', subject: therapistName(row!.therapistId), summary: `Added ${timeOffText(row!)}`, after: timeOffRecord(row!) });
    return row!.id;
  });
}

/**
 * Removes a block (false when it was already gone), with its activity entry in the same transaction. A weekly block
 * that applied on earlier days ends today (New York) instead, so those days keep it (a closed month's report reads
 * them: docs/decisions.md, 'Rosters keep their past').
 */
export async function deleteTimeOff(db: Db, id: string, actor: ActivityActor, now: number = Date.now()): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const today = localDateOf(now);
  return db.transaction(async (tx) => {
    const which = and(eq(therapistTimeOff.id, id), isNull(therapistTimeOff.validUntil));
    const [ended] = await tx
      .update(therapistTimeOff)
      .set({ validUntil: today })
      .where(and(which, isNotNull(therapistTimeOff.weekday), or(isNull(therapistTimeOff.validFrom), lt(therapistTimeOff.validFrom, today))))
      .returning();
    const [row] = ended ? [ended] : await tx.delete(therapistTimeOff).where(which).returning();
    if (!row) return false;
    await recordActivity(tx, actor, { kind: 'time-off', action: 'removed', subject: therapistName(row.therapistId), summary: `Removed ${timeOffText(row)}`, before: timeOffRecord(row) });
    return true;
  });
}

export interface AffectedAppointment {
  id: string;
  bookingId: string;
  customerId: string;
  customerName: string;
  customerEmail: string | null;
  /** Digits, as the desk stores them: a customer made at the desk may have a phone and no address. */
  customerPhone: string | null;
  location: string;
  area: string;
  therapistName: string;
  /** New York wall-clock time, 'YYYY-MM-DD HH:mm'. */
  localStart: string;
  localEnd: string;
}

const locationName = (id: number) => LOCATIONS.find((l) => l.id === id)?.name ?? `Location ${id}`;

async function upcomingBooked(db: Db | Tx, where: ReturnType<typeof and>, now: number) {
  return db
    .select({ appointment: appointments, customerName: users.name, customerEmail: users.email, customerPhone: users.phone })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.customerId))
    .where(and(eq(appointments.status, 'booked'), gt(appointments.endsAt, new Date(now)), where))
    .orderBy(asc(appointments.startsAt));
}

function toAffected(row: Awaited<ReturnType<typeof upcomingBooked>>[number]): AffectedAppointment {
  const a = row.appointment;
  return {
    id: a.id,
    bookingId: a.bookingId,
    customerId: a.customerId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    location: locationName(a.location),
    area: AREAS[a.areaId as AreaId] ?? String(a.areaId),
    therapistName: therapistName(a.therapistId),
    localStart: utcMsToLocal(a.startsAt.getTime()),
    localEnd: utcMsToLocal(a.endsAt.getTime()),
  };
}

/** The booked appointments, not yet over, that a block crosses: the ones the desk has to move. */
async function bookedInside(db: Db, row: TimeOffRow, now: number) {
  const block = toTimeOff(row);
  const rows = await upcomingBooked(
    db,
    and(
      eq(appointments.therapistId, row.therapistId),
      block.kind === 'once'
        ? overlapsSpan(appointments.startsAt, appointments.endsAt, { start: row.startsAt!.getTime(), end: row.endsAt!.getTime() })
        : undefined,
    ),
    now,
  );
  return rows.filter((r) => {
    const span = { start: r.appointment.startsAt.getTime(), end: r.appointment.endsAt.getTime() };
    return crossesBlock(row.therapistId, span, blockedIntervals([block], [localDateOf(span.start)]));
  });
}

/** A block and the booked appointments, not yet over, that it crosses: the ones the desk has to move. */
export async function appointmentsInsideTimeOff(db: Db, id: string, now: number = Date.now()): Promise<{ block: TimeOffView; appointments: AffectedAppointment[] } | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db
    .select({ block: therapistTimeOff, createdBy: users.name })
    .from(therapistTimeOff)
    .leftJoin(users, eq(users.id, therapistTimeOff.createdBy))
    .where(and(eq(therapistTimeOff.id, id), isNull(therapistTimeOff.validUntil)));
  if (!row) return undefined;
  return { block: toView(row), appointments: (await bookedInside(db, row.block, now)).map(toAffected) };
}

/** A therapist's booked visits that have not ended: what must move before they can retire (lib/team/therapists.ts). */
export async function visitsToComeOf(db: Db | Tx, therapistId: number, now: number = Date.now()): Promise<AffectedAppointment[]> {
  return (await upcomingBooked(db, eq(appointments.therapistId, therapistId), now)).map(toAffected);
}

/** Booked appointments at a location, not yet over, by start (for a change of its opening hours). */
export async function upcomingAtLocation(db: Db, location: number, now: number = Date.now()): Promise<AffectedAppointment[]> {
  return (await upcomingBooked(db, eq(appointments.location, location), now)).map(toAffected);
}

/** Booked appointments at a location on a day (for a new closure). */
export async function appointmentsOnDay(db: Db, location: number, date: DateInLocationTz, now: number = Date.now()): Promise<AffectedAppointment[]> {
  const rows = await upcomingBooked(db, eq(appointments.location, location), now);
  return rows.filter((r) => localDateOf(r.appointment.startsAt.getTime()) === date).map(toAffected);
}

// Closures

const locationId = z.coerce
  .number()
  .int()
  .refine((id) => LOCATIONS.some((l) => l.id === id), 'Choose a location.');
const calendarDate = z
  .string()
  .refine((v) => parseDateInLocationTz(v) !== undefined, 'Enter a date.')
  .transform((v) => v as DateInLocationTz);

/** The first day a closure can be added: today in New York. */
export function firstClosureDay(now: number = Date.now()): DateInLocationTz {
  return localDateOf(now);
}

/**
 * A closure as the form posts it. A day that has passed is refused: nobody can book it any more, and closing it now
 * would change what the reports counted for it (a closed day is left out of the rostered minutes).
 */
export function addClosureSchema(now: number = Date.now()) {
  return z.object({
    location: locationId,
    date: calendarDate.refine((date) => date >= firstClosureDay(now), 'That day has passed: choose today or a later date.'),
    name: z.string().trim().min(1, 'Name the closure.').max(80, 'Keep the name under 80 characters.'),
  });
}
export type AddClosureInput = z.output<ReturnType<typeof addClosureSchema>>;
export const closureDaySchema = z.object({ location: locationId, date: calendarDate });

export interface ClosureRow {
  date: string;
  name: string;
  /** 'holiday' by rule, 'added' by staff. */
  source: 'holiday' | 'added';
  /** False for a holiday the location opens on. */
  closed: boolean;
}

/** A location's year: each federal holiday (closed or opened) and each closure staff added, in date order. */
export async function closuresOfYear(db: Db, location: number, year: number): Promise<ClosureRow[]> {
  const overrides = await db
    .select()
    .from(locationClosures)
    .where(and(eq(locationClosures.location, location), gte(locationClosures.date, `${year}-01-01`), lte(locationClosures.date, `${year}-12-31`)));
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const rows: ClosureRow[] = federalHolidays(year).map((h) => {
    const override = byDate.get(h.date);
    return { date: h.date, name: override?.closed ? override.name : h.name, source: override?.closed ? 'added' : 'holiday', closed: override ? override.closed : true };
  });
  const holidayDates = new Set(rows.map((r) => r.date));
  for (const o of overrides) if (o.closed && !holidayDates.has(o.date)) rows.push({ date: o.date, name: o.name, source: 'added', closed: true });
  return rows.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** What adding a closure did: closed the day, renamed a day already closed (`was` its name before), or nothing. */
export type ClosureOutcome = { kind: 'closed' } | { kind: 'renamed'; was: string } | { kind: 'unchanged' };

type ClosureDay = z.output<typeof closureDaySchema>;

const holidayOn = (date: string) => federalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);

/** The day's closure row, locked until the transaction ends: two desks changing one day take turns. */
async function closureRow(tx: Tx, day: ClosureDay) {
  const [row] = await tx
    .select()
    .from(locationClosures)
    .where(and(eq(locationClosures.location, day.location), eq(locationClosures.date, day.date)))
    .for('update');
  return row;
}

/** The name a day is closed under now, or undefined when the location opens on it. */
function closedUnder(row: { name: string; closed: boolean } | undefined, date: string): string | undefined {
  if (row) return row.closed ? row.name : undefined;
  return holidayOn(date)?.name;
}

async function recordClosure(tx: Tx, actor: ActivityActor, day: ClosureDay, action: string, summary: string, before: string | undefined, after: string | undefined) {
  await recordActivity(tx, actor, {
    kind: 'closures',
    action,
    subject: `${locationName(day.location)}, ${formatLongDate(day.date)}`,
    summary,
    before: { closed: before !== undefined, name: before ?? null },
    after: { closed: after !== undefined, name: after ?? null },
  });
}

/**
 * Closes a location on a day. A day already closed (a holiday, or a closure added before) keeps its closure under the
 * new name, and the answer says it was renamed: the name is what customers read. Recorded in the activity log
 * (kind 'closures') in the same transaction.
 */
export async function addClosure(db: Db, input: AddClosureInput, actor: ActivityActor): Promise<ClosureOutcome> {
  return db.transaction(async (tx) => {
    const was = closedUnder(await closureRow(tx, input), input.date);
    if (was === input.name) return { kind: 'unchanged' };
    await tx
      .insert(locationClosures)
      .values({ location: input.location, date: input.date, name: input.name, closed: true, createdBy: actor.userId })
      .onConflictDoUpdate({ target: [locationClosures.location, locationClosures.date], set: { name: input.name, closed: true, createdBy: actor.userId, createdAt: new Date() } });
    const where = `${locationName(input.location)} on ${formatLongDate(input.date)}`;
    if (was === undefined) {
      await recordClosure(tx, actor, input, 'closed', `Closed ${where} (${input.name})`, undefined, input.name);
      return { kind: 'closed' };
    }
    await recordClosure(tx, actor, input, 'renamed', `Renamed the closure of ${where}: ${was} → ${input.name}`, was, input.name);
    return { kind: 'renamed', was };
  });
}

/**
 * Opens a location on a closed day: an added closure is deleted; a holiday gets an 'open' row. False when it was open
 * already. Recorded in the activity log (kind 'closures') in the same transaction.
 */
export async function openDay(db: Db, input: ClosureDay, actor: ActivityActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const was = closedUnder(await closureRow(tx, input), input.date);
    if (was === undefined) return false;
    const holiday = holidayOn(input.date);
    if (holiday) {
      await tx
        .insert(locationClosures)
        .values({ location: input.location, date: input.date, name: holiday.name, closed: false, createdBy: actor.userId })
        .onConflictDoUpdate({ target: [locationClosures.location, locationClosures.date], set: { name: holiday.name, closed: false, createdBy: actor.userId, createdAt: new Date() } });
    } else {
      await tx.delete(locationClosures).where(and(eq(locationClosures.location, input.location), eq(locationClosures.date, input.date)));
    }
    const where = `${locationName(input.location)} on ${formatLongDate(input.date)}`;
    const summary = holiday ? `Opened ${where}, a holiday (${was})` : `Removed the closure of ${where} (${was}): open again`;
    await recordClosure(tx, actor, input, 'opened', summary, was, undefined);
    return true;
  });
}

/** Closes a holiday again that the location had opened on; false when it was not open. Recorded like the others. */
export async function restoreHoliday(db: Db, input: ClosureDay, actor: ActivityActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(locationClosures)
      .where(and(eq(locationClosures.location, input.location), eq(locationClosures.date, input.date), eq(locationClosures.closed, false)))
      .returning();
    if (!row) return false;
    await recordClosure(tx, actor, input, 'closed', `Closed ${locationName(input.location)} again on ${formatLongDate(input.date)} (${row.name})`, undefined, row.name);
    return true;
  });
}

/** The current year in New York. */
export function currentYear(now: number = Date.now()): number {
  return Number(localDateOf(now).slice(0, 4));
}

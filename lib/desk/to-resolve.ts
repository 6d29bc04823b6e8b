import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { afterAnswer } from '@/lib/api/after-answer';
import { recordAppointmentEvent } from '@/lib/booking/appointment-events';
import type { Actor } from '@/lib/booking/appointments/access';
import { findSlots } from '@/lib/booking/find-slots';
import { utcMsToLocal, type DateInLocationTz } from '@/lib/booking/dates';
import { deliverQueued } from '@/lib/booking/mails';
import { transactionWithRetry } from '@/lib/booking/therapist-locks';
import { therapistById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { appointmentEvents, appointments, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { queueMail } from '@/lib/mail';
import type { DeskDay } from './day-shape';
import { chooseAnotherTimeMail } from './notify-mail';
import { freeAtStart, needsResolving, reassignAllMessage, slotDuration, type ToResolveItem } from './to-resolve-rules';
import { changeVisit } from './visit';

/**
 * The day view's 'to resolve' list (a therapist's sick day, docs/decisions.md 'A sick day'): the day's booked visits in
 * conflict (DayBlock.conflict), not begun and not over, each with its customer's phone and e-mail, the therapists
 * free and qualified at its own time (the slot engine, findSlots with channel 'desk': rosters, time off, holds, other
 * visits, who does its services) and when the customer was last mailed. Every change goes through changeVisit.
 */

const therapistName = (id: number) => therapistById(id)?.name ?? `Therapist ${id}`;

interface VisitRow {
  id: string;
  bookingId: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  therapistId: number;
  areaId: number;
  location: number;
  startsAt: Date;
  endsAt: Date;
  lines: { id: string; name: string }[];
}

async function visitRows(db: Db, ids: readonly string[]): Promise<VisitRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      customerId: appointments.customerId,
      customerName: users.name,
      customerPhone: users.phone,
      customerEmail: users.email,
      therapistId: appointments.therapistId,
      areaId: appointments.areaId,
      location: appointments.location,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      lines: appointments.lines,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.customerId))
    .where(and(inArray(appointments.id, [...ids]), eq(appointments.status, 'booked')));
}

type Slots = { time: string; therapistIds: number[] }[];

/**
 * The slot engine's times for a visit's services and length on its day. The customer is not passed: their other
 * booked visits cannot overlap this one (the customer constraint), so at its own time they change nothing, and visits
 * of one kind share one lookup (a sick therapist's morning of waxes is one call, not one each).
 */
async function slotsFor(db: Db, visit: VisitRow, now: number, cache?: Map<string, Promise<Slots>>): Promise<Slots> {
  const duration = slotDuration(Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000));
  if (duration === undefined) return [];
  const date = utcMsToLocal(visit.startsAt.getTime()).slice(0, 10) as DateInLocationTz;
  const serviceIds = visit.lines.map((l) => l.id);
  const key = [visit.location, visit.areaId, date, duration, ...[...serviceIds].sort()].join(' ');
  const known = cache?.get(key);
  if (known) return known;
  const lookup = findSlots(db, { location: String(visit.location), areaId: visit.areaId, therapistId: 0, date, duration }, now, undefined, { channel: 'desk', serviceIds }).then(
    (answer) => answer.slots,
    (error: unknown) => {
      // Nobody does these services there any more (resolveTarget's 404): no one to reassign to, the customer to mail.
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    },
  );
  cache?.set(key, lookup);
  return lookup;
}

/** Who is free and qualified for the visit at its own time, by the slot engine (its current therapist left out). */
async function freeFor(db: Db, visit: VisitRow, now: number, cache?: Map<string, Promise<Slots>>): Promise<number[]> {
  return freeAtStart(await slotsFor(db, visit, now, cache), utcMsToLocal(visit.startsAt.getTime()).slice(11, 16), visit.therapistId);
}

/** The last 'notified' event of each visit. */
async function notifiedAt(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ appointmentId: appointmentEvents.appointmentId, at: appointmentEvents.at })
    .from(appointmentEvents)
    .where(and(inArray(appointmentEvents.appointmentId, [...ids]), eq(appointmentEvents.action, 'notified')))
    .orderBy(desc(appointmentEvents.at));
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.appointmentId)) latest.set(row.appointmentId, row.at.toISOString());
  return latest;
}

/** The day's list to resolve: nothing is read when no visit of the day is in conflict (the usual day). */
export async function readToResolve(db: Db, day: Pick<DeskDay, 'blocks'>, now: number = Date.now()): Promise<ToResolveItem[]> {
  const open = day.blocks.filter((b) => b.conflict !== null && b.attendance === null);
  if (open.length === 0) return [];
  const rows = new Map((await visitRows(db, open.map((b) => b.id))).map((r) => [r.id, r]));
  const mailed = await notifiedAt(db, [...rows.keys()]);
  const slots = new Map<string, Promise<Slots>>();
  const items = await Promise.all(
    open.map(async (block): Promise<ToResolveItem | undefined> => {
      const row = rows.get(block.id);
      if (!row || !needsResolving({ conflict: block.conflict, status: 'booked', attendance: block.attendance, endsAt: row.endsAt.getTime() }, now)) return undefined;
      const free = await freeFor(db, row, now, slots);
      return {
        id: row.id,
        bookingId: row.bookingId,
        customerId: row.customerId,
        customerName: row.customerName,
        customerPhone: row.customerPhone,
        customerEmail: row.customerEmail,
        therapistId: row.therapistId,
        therapistName: therapistName(row.therapistId),
        start: block.start,
        end: block.end,
        services: block.services,
        conflict: block.conflict!,
        free: free.map((id) => ({ id, name: therapistName(id) })),
        notifiedAt: mailed.get(row.id) ?? null,
      };
    }),
  );
  return items.filter((item) => item !== undefined);
}

export interface ReassignAllResult {
  moved: number;
  left: { id: string; customerName: string; reason: string }[];
  message: string;
}

/**
 * 'Reassign all': each visit of the list, in start order, to the first therapist free and qualified at its time, read
 * again after each move (the one before may have taken that therapist). A visit nobody can take, or whose move is
 * refused, stays on the list with the reason; the others are moved.
 */
export async function reassignAll(db: Db, actor: Actor, list: readonly ToResolveItem[], now: number = Date.now()): Promise<ReassignAllResult> {
  let moved = 0;
  const left: ReassignAllResult['left'] = [];
  for (const item of list) {
    const [row] = await visitRows(db, [item.id]);
    if (!row) continue;
    const [first] = await freeFor(db, row, now);
    if (first === undefined) {
      left.push({ id: item.id, customerName: item.customerName, reason: 'nobody free is qualified' });
      continue;
    }
    try {
      const local = utcMsToLocal(row.startsAt.getTime());
      await changeVisit(db, actor, item.id, { action: 'move', date: local.slice(0, 10), time: local.slice(11, 16), therapistId: first }, now);
      moved += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      left.push({ id: item.id, customerName: item.customerName, reason: error.message.replace(/\.$/, '') });
    }
  }
  return { moved, left, message: reassignAllMessage({ moved, left }) };
}

/**
 * 'Notify': mails the customer a link to choose another time (their own change page of the visit, services kept) and
 * records it as the visit's event 'notified', both in one transaction; the mail is sent after the answer.
 */
export async function notifyCustomer(db: Db, actor: Actor, appointmentId: string, now: number = Date.now()): Promise<{ notifiedAt: string }> {
  const [row] = await visitRows(db, [appointmentId]);
  if (!row) throw new ApiError(404, 'not_found', 'No such booked visit: it may have been cancelled.');
  if (!row.customerEmail) throw new ApiError(422, 'no_email', `${row.customerName} has no e-mail address: call them instead.`);
  const message = chooseAnotherTimeMail({
    to: row.customerEmail,
    name: row.customerName,
    location: LOCATIONS.find((l) => l.id === row.location)?.id ?? 1,
    appointmentId: row.id,
    start: row.startsAt.toISOString(),
    services: row.lines.map((l) => l.name),
    therapistName: therapistName(row.therapistId),
    siteUrl: env().SITE_URL,
  });
  const id = await transactionWithRetry(db, async (tx) => {
    const queued = await queueMail(tx, message);
    await recordAppointmentEvent(tx, { appointmentId, actorId: actor.userId, action: 'notified', details: { to: row.customerEmail }, at: now });
    return queued;
  });
  await afterAnswer(() => deliverQueued(db, [id]));
  return { notifiedAt: new Date(now).toISOString() };
}

import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { afterAnswer } from '@/lib/api/after-answer';
import { effectiveRole } from '@/lib/auth/session';
import { recordAppointmentEvent } from '@/lib/booking/appointment-events';
import type { Actor } from '@/lib/booking/appointments/access';
import { readBooking } from '@/lib/booking/appointments/read';
import { updateBooking } from '@/lib/booking/appointments/update';
import { APPOINTMENT_STATUS, appointmentCardSchema } from '@/lib/booking/card-schema';
import { formatInstantInNewYork, utcMsToLocal } from '@/lib/booking/dates';
import { deliverQueued } from '@/lib/booking/mails';
import { transactionWithRetry } from '@/lib/booking/therapist-locks';
import { notifyWaitlistOfChange } from '@/lib/booking/waitlist';
import { therapistById, therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { ANY_THERAPIST_ID, AREAS, LOCATIONS, type AreaId } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { keepDepositOnNoShow, restoreDepositAfterNoShowUndo } from '@/lib/deposits/fee';
import { queueNoShowFeeMail } from '@/lib/deposits/fee-mail';
import { appointmentEvents, appointments, users, type Appointment } from '@/lib/db/schema';
import { attendanceRefusal, changeRefusal, type AttendanceTarget } from './attendance';
import type { UserRole } from '@/lib/db/schema';

/** One event of a visit's history as the appointment page lists it. */
export interface VisitEvent {
  action: 'booked' | 'moved' | 'cancelled' | 'attendance' | 'notified';
  details: Record<string, unknown>;
  at: string;
  actorName: string | null;
  actorRole: UserRole | null;
}

export interface DeskVisit {
  appointment: Appointment;
  /** email is null for a customer the desk created with a phone only (drizzle/0060). */
  customer: { id: string; name: string; email: string | null; phone: string | null };
  location: (typeof LOCATIONS)[number];
  areaName: string;
  therapistName: string;
  /** Named therapists who serve the area at the location: the move form's choices. */
  therapists: { id: number; name: string }[];
  events: VisitEvent[];
  /** When it was read (ms): what the page's buttons are judged against (a no-show only after the start). */
  readAt: number;
}

const notFound = () => new ApiError(404, 'not_found', 'No such appointment.');

/** An appointment with its customer, the therapists it could move to and its history, oldest change first. */
export async function readDeskVisit(db: Db, appointmentId: string): Promise<DeskVisit | undefined> {
  const [row] = await db
    .select({ appointment: appointments, customer: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.customerId))
    .where(eq(appointments.id, appointmentId));
  if (!row) return undefined;
  const events = await db
    .select({ action: appointmentEvents.action, details: appointmentEvents.details, at: appointmentEvents.at, actorName: users.name, actorEmail: users.email, actorRole: users.role })
    .from(appointmentEvents)
    .leftJoin(users, eq(users.id, appointmentEvents.actorId))
    .where(eq(appointmentEvents.appointmentId, appointmentId))
    .orderBy(asc(appointmentEvents.at), asc(appointmentEvents.id));
  const a = row.appointment;
  return {
    appointment: a,
    customer: row.customer,
    location: LOCATIONS.find((l) => l.id === a.location) ?? LOCATIONS[0],
    areaName: AREAS[a.areaId as AreaId] ?? `Area ${a.areaId}`,
    therapistName: therapistById(a.therapistId)?.name ?? `Therapist ${a.therapistId}`,
    // Whom the visit can move to: therapists who do every one of its services there (therapist_services).
    therapists: therapistsFor(a.location, a.areaId)
      .filter((t) => t.id !== ANY_THERAPIST_ID && (a.lines.length === 0 || therapistsDoing(a.location, a.lines.map((line) => line.id)).includes(t.id)))
      .map((t) => ({ id: t.id, name: t.name })),
    // STAFF_EMAILS makes staff of accounts whose stored role is 'customer': the role shown is the one in force.
    readAt: Date.now(),
    events: events.map(({ actorEmail, actorRole, ...e }) => ({
      ...e,
      at: e.at.toISOString(),
      actorRole: actorEmail !== null && actorRole !== null ? effectiveRole({ email: actorEmail, role: actorRole }) : null,
    })),
  };
}

export type VisitChange =
  | { action: 'attendance'; attendance: AttendanceTarget }
  | { action: 'move'; date: string; time: string; therapistId: number }
  | { action: 'cancel' };

/**
 * A no-show keeps the visit's paid deposit as the fee and mails the customer so; undoing the mark pays it again
 * (lib/deposits/fee.ts), in the mark's own transaction.
 */
async function setAttendance(db: Db, actor: Actor, appointmentId: string, to: AttendanceTarget, now: number): Promise<void> {
  const mail = await transactionWithRetry(db, async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for('update');
    if (!row) throw notFound();
    const refusal = attendanceRefusal({ status: row.status, attendance: row.attendance, startsAt: row.startsAt.getTime() }, to, now);
    if (refusal) throw new ApiError(refusal.status, 'attendance_refused', refusal.message);
    await tx.update(appointments).set({ attendance: to, updatedAt: new Date(now) }).where(eq(appointments.id, appointmentId));
    await recordAppointmentEvent(tx, { appointmentId, actorId: actor.userId, action: 'attendance', details: { from: row.attendance, to }, at: now });
    if (to === 'no_show') {
      const kept = await keepDepositOnNoShow(tx, { bookingId: row.bookingId, now });
      if (kept) return queueNoShowFeeMail(tx, { customerId: row.customerId, location: row.location, when: formatInstantInNewYork(row.startsAt.toISOString()), kept });
    } else if (row.attendance === 'no_show') {
      await restoreDepositAfterNoShowUndo(tx, { bookingId: row.bookingId, appointmentId });
    }
    return null;
  });
  if (mail !== null) await afterAnswer(() => deliverQueued(db, [mail]));
}

/**
 * Moves or cancels through the customer's own update path (updateBooking): the same locks, constraints, package
 * refunds and event record, without the customer's 24-hour cut-off (the actor is staff); the customer gets the
 * changed-visit mail with its calendar update and the waitlist hears of the freed time, as when they change it.
 */
async function changeThroughBooking(db: Db, actor: Actor, row: Appointment, change: Exclude<VisitChange, { action: 'attendance' }>, now: number): Promise<void> {
  const refusal = changeRefusal(row);
  if (refusal) throw new ApiError(refusal.status, 'change_refused', refusal.message);
  const before = await readBooking(db, row.customerId, row.bookingId);
  const area = before?.svcAreas.find((a) => a.areaId === row.areaId);
  if (!before || !area) throw notFound();
  const card = appointmentCardSchema.parse({
    header: { ...before.header, status: change.action === 'cancel' ? APPOINTMENT_STATUS.CANCELLED : APPOINTMENT_STATUS.BOOKED },
    svcAreas: [change.action === 'cancel' ? area : { ...area, svcTherapist: change.therapistId, svcDate: `${change.date} ${change.time}`, svcNote: row.note }],
  });
  const changed = await updateBooking(db, { actor, customerId: row.customerId, bookingId: row.bookingId, card, now });
  if (changed.mails.length > 0) await afterAnswer(() => deliverQueued(db, changed.mails));
  // The time it freed goes to the customers waiting for that day, as when the customer changes it online.
  await afterAnswer(() => notifyWaitlistOfChange(db, changed.before, changed.card));
}

export async function changeVisit(db: Db, actor: Actor, appointmentId: string, change: VisitChange, now: number = Date.now()): Promise<void> {
  if (change.action === 'attendance') return setAttendance(db, actor, appointmentId, change.attendance, now);
  const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  if (!row) throw notFound();
  if (change.action === 'move') {
    const same = row.therapistId === change.therapistId && utcMsToLocal(row.startsAt.getTime()) === `${change.date} ${change.time}`;
    if (same) throw new ApiError(422, 'invalid', 'That is the time and therapist it has now: choose another to move it.', { time: 'unchanged' });
  }
  return changeThroughBooking(db, actor, row, change, now);
}


import 'server-only';
import { and, desc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { appointmentEvents } from '@/lib/db/schema';

export type AppointmentAction = (typeof appointmentEvents.$inferInsert)['action'];

export interface AppointmentEventInput {
  appointmentId: string;
  /** The signed-in user who made the change: a staff member at the desk or the customer. */
  actorId: string;
  action: AppointmentAction;
  details?: Record<string, unknown>;
  at: number;
}

/** Records one change in the transaction that makes it, so a change and its record stand or fall together. */
export async function recordAppointmentEvent(tx: Db | Tx, event: AppointmentEventInput): Promise<void> {
  await tx.insert(appointmentEvents).values({
    appointmentId: event.appointmentId,
    actorId: event.actorId,
    action: event.action,
    details: event.details ?? {},
    at: new Date(event.at),
  });
}

/**
 * The visits the salon has asked their customer to move (a therapist's sick day, lib/desk/to-resolve.ts): the last of
 * their booked, moved and notified events is 'notified'. Such a visit may be moved or cancelled by its customer inside
 * the online cut-off, since the salon, not the customer, changed the plan; once moved, the ask is spent.
 */
export async function visitsTheSalonAskedToMove(db: Db | Tx, appointmentIds: readonly string[]): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([appointmentEvents.appointmentId], { appointmentId: appointmentEvents.appointmentId, action: appointmentEvents.action })
    .from(appointmentEvents)
    .where(and(inArray(appointmentEvents.appointmentId, [...appointmentIds]), inArray(appointmentEvents.action, ['booked', 'moved', 'notified'])))
    .orderBy(appointmentEvents.appointmentId, desc(appointmentEvents.at), desc(appointmentEvents.id));
  return new Set(rows.filter((row) => row.action === 'notified').map((row) => row.appointmentId));
}

import 'server-only';
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

import 'server-only';
import { forbidden, unauthorized } from '@/lib/api/errors';
import { isDeskRole } from '@/lib/auth/roles';
import type { UserRole } from '@/lib/db/schema';
import { invalid } from './errors';

/** Who is calling: from the session, never from the body or the BnpAuth cookie. */
export interface Actor {
  userId: string;
  role: UserRole;
}

/** A customer may not cancel or move an appointment closer than this to its start (the policy pages say so). */
export const CANCELLATION_CUTOFF_HOURS = 24;

/** The caller must be the customer, or staff when `staffMay` is set. */
export function assertCanAccess(actor: Actor | null, customerId: string, staffMay = true): Actor {
  if (!actor) throw unauthorized();
  if (actor.userId === customerId) return actor;
  if (staffMay && isDeskRole(actor.role)) return actor;
  throw forbidden('You can only reach your own appointments.');
}

export function assertStaff(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (!isDeskRole(actor.role)) throw forbidden('The back office needs a staff account.');
  return actor;
}

/**
 * Nobody changes an appointment that has started; customers not within `CANCELLATION_CUTOFF_HOURS` of its start,
 * unless the salon asked them to move it (`salonAsked`: lib/booking/appointment-events.ts).
 */
export function assertBeforeCutoff(actor: Actor, startsAt: Date, now: number, field: string, salonAsked = false): void {
  if (startsAt.getTime() <= now) throw invalid('That appointment has already started.', field);
  if (isDeskRole(actor.role) || salonAsked) return;
  if (startsAt.getTime() - now < CANCELLATION_CUTOFF_HOURS * 3_600_000) {
    throw invalid(`Appointments can be changed or cancelled up to ${CANCELLATION_CUTOFF_HOURS} hours before they start. Please call the salon.`, field);
  }
}

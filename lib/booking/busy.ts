import 'server-only';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { appointments, slotHolds } from '@/lib/db/schema';
import type { Interval } from './dates';
import { overlapsSpan } from './overlap-sql';
import type { BusyInterval } from './slots';

/**
 * The busy-time reads: what the slot engines, the booking's free-therapist check and the waitlist leave out. Booked
 * appointments, other customers' holds (written by holds.ts) and the customer's own visits; time off and closures
 * are the desk's schedule (schedule.ts).
 */

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

/** Live holds of other holders on these therapists that overlap the span: busy time for slot lists. */
export async function heldFor(db: Db | Tx, therapistIds: readonly number[], span: Interval, holder: string | undefined, now = Date.now()): Promise<BusyInterval[]> {
  if (therapistIds.length === 0) return [];
  const rows = await db
    .select({ therapistId: slotHolds.therapistId, startsAt: slotHolds.startsAt, endsAt: slotHolds.endsAt })
    .from(slotHolds)
    .where(
      and(
        inArray(slotHolds.therapistId, [...therapistIds]),
        gt(slotHolds.expiresAt, new Date(now)),
        holder ? ne(slotHolds.holderHash, holder) : undefined,
        overlapsSpan(slotHolds.startsAt, slotHolds.endsAt, span),
      ),
    );
  return rows.map((r) => ({ therapistId: r.therapistId, start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
}

/** The candidates no other holder holds over [start, end): the ones a booking may still take. */
export async function withoutHeld(tx: Tx, candidates: readonly number[], span: Interval, holder: string | undefined, now = Date.now()): Promise<number[]> {
  const held = new Set((await heldFor(tx, candidates, span, holder, now)).map((h) => h.therapistId));
  return candidates.filter((id) => !held.has(id));
}

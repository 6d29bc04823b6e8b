import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db, Tx } from '@/lib/db';
import { appointments, bookings, type Appointment } from '@/lib/db/schema';
import { recordAppointmentEvent } from '../appointment-events';
import { busyFor, withoutHeld } from '../busy';
import type { AppointmentCard } from '../card-schema';
import { releaseHolds } from '../holds';
import { queueBookingConfirmation } from '../mails';
import { ownedPackages, packageAvailability, takeSession } from '../packages';
import { lockCustomer, lockTherapistTimes, transactionWithRetry } from '../therapist-locks';
import type { Actor } from './access';
import { claimTherapist } from './claim';
import { slotTaken } from './errors';
import { planCard, rosteredFor } from './planning';
import { readBooking, toCard, type BookedCard } from './read';

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
  /** The booking's id, when the caller named it first (a deposit's reference, lib/deposits/booking.ts). */
  bookingId?: string;
  /** The minimum notice is counted from here instead of `now` (a deposit paid within its hold counts from BOOK). */
  noticeFrom?: number;
  /** Runs in the booking's transaction once its appointments are written: what it writes commits or rolls back with them. */
  withinBooking?: (tx: Tx, bookingId: string) => Promise<void>;
  /** A sentence the confirmation mail adds after the visit (the deposit paid). */
  confirmationNote?: string;
}

export interface CreateResult {
  card: BookedCard;
  replayed: boolean;
  /** The outbox id of the confirmation queued with the booking (null: replayed, or a customer without an address). */
  confirmation: number | null;
}

function requestHash(customerId: string, card: AppointmentCard): string {
  return createHash('sha256').update(JSON.stringify([customerId, card.header.location, card.header.gender, card.svcAreas])).digest('hex');
}

/**
 * Books a card: one appointment per area, all or nothing, in one transaction, which also queues the confirmation mail
 * (lib/booking/mails.ts): no booking is stored without it. With an idempotency key a retried request returns the
 * first booking instead of booking again, and mails nothing.
 */
export async function createBooking(db: Db, options: CreateOptions): Promise<CreateResult> {
  const now = options.now ?? Date.now();
  const { customerId, card } = options;
  // The back office (createdBy set) books as the desk: any service a therapist does at the location, any free time;
  // everyone else online, within the minimum notice (lib/booking/notice.ts).
  const plan = planCard(card, options.noticeFrom ?? now, options.createdBy ? 'desk' : 'online');
  const hash = requestHash(customerId, card);
  const outcome = await transactionWithRetry(db, async (tx) => {
    await lockCustomer(tx, customerId);
    const values = {
      ...(options.bookingId ? { id: options.bookingId } : {}),
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
    await options.withinBooking?.(tx, bookingId);
    // The answer is built from the rows just written: one query for the packages instead of re-reading the booking.
    const owned = packageAvailability(await ownedPackages(tx, customerId));
    const bookedCard = toCard(booking, rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()), owned);
    return { bookingId, replayed: false as const, card: bookedCard, confirmation: await queueBookingConfirmation(tx, customerId, bookedCard, options.confirmationNote) };
  });
  if (outcome.replayed) return { card: (await readBooking(db, customerId, outcome.bookingId))!, replayed: true, confirmation: null };
  return { card: outcome.card, replayed: false, confirmation: outcome.confirmation };
}

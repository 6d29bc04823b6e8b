import 'server-only';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { slotHolds, type SlotHold } from '@/lib/db/schema';
import { isExclusionViolation } from './appointments/claim';
import { slotTaken } from './appointments/errors';
import { planCard, rosteredFor } from './appointments/planning';
import { busyFor, withoutHeld } from './busy';
import type { AppointmentCard } from './card-schema';
import { lockTherapistTimes, transactionWithRetry } from './therapist-locks';

/**
 * Holds: the times a customer chose wait for them while they sign in (docs/decisions.md, 'Holds'). A hold is a row
 * of slot_holds for one therapist and span, until expiresAt. Other customers' slot lists leave held times out and
 * their bookings of them get the usual 416; the holder's own lists and booking do not see their holds as taken.
 * Booking releases the holder's holds in the booking's transaction; leaving the page releases them (DELETE); the rest
 * expire. The holder is a random token in an HttpOnly cookie (hold-handlers.ts), stored as its SHA-256, so holds
 * outlive neither a sign-in nor a restart, and work across instances: everything is in the database. This module
 * only writes holds; they are read as busy time in busy.ts (`heldFor`, `withoutHeld`).
 *
 * Races: placing a hold takes the same advisory locks per therapist and quarter hour as a booking
 * (therapist-locks.ts), so holds and bookings of one time run one after the other and each sees the other's
 * committed rows. Under them, an exclusion constraint (drizzle/0031) still refuses two overlapping holds of one
 * therapist, whatever the code above it does.
 */
export const HOLD_TTL_MINUTES = 10;
const HOLD_TTL_MS = HOLD_TTL_MINUTES * 60_000;

/** Ends every hold of the holder (booked, or the page left). */
export async function releaseHolds(db: Db | Tx, holder: string | undefined): Promise<number> {
  if (!holder) return 0;
  const gone = await db.delete(slotHolds).where(eq(slotHolds.holderHash, holder)).returning({ id: slotHolds.id });
  return gone.length;
}

export interface PlacedHolds {
  expiresAt: string;
  holds: { areaId: number; therapistId: number; start: string; end: string }[];
}

/**
 * Holds every area of a card for the holder, all or nothing, replacing the holder's earlier holds: each area's
 * chosen therapist, or for 'any therapist' the first rostered one who is neither booked nor held by someone else.
 * The card is checked as a booking is (planCard: catalogue, durations, not in the past; the roster), so a hold
 * covers exactly what the booking will take. A time booked or held by someone else is a 416.
 */
export async function placeHolds(db: Db, holder: string, card: AppointmentCard, now = Date.now()): Promise<PlacedHolds> {
  // Holds are a signed-out customer's: an online booking, held to the minimum notice.
  const plan = planCard(card, now, 'online');
  const expiresAt = new Date(now + HOLD_TTL_MS);
  const rows = await transactionWithRetry(db, async (tx) => {
    const rosteredByArea: number[][] = [];
    for (const area of plan) rosteredByArea.push(await rosteredFor(tx, area, now));
    await lockTherapistTimes(tx, plan.flatMap((area, i) => rosteredByArea[i]!.map((therapistId) => ({ therapistId, start: area.start, end: area.end }))));
    await tx.delete(slotHolds).where(eq(slotHolds.holderHash, holder));
    const all = [...new Set(rosteredByArea.flat())];
    if (all.length > 0) await tx.delete(slotHolds).where(and(inArray(slotHolds.therapistId, all), lte(slotHolds.expiresAt, new Date(now))));
    const placed: SlotHold[] = [];
    for (const [i, area] of plan.entries()) {
      const span = { start: area.start, end: area.end };
      const rostered = rosteredByArea[i]!;
      const named = area.target.therapistId;
      const allowed = named !== 0 ? rostered.filter((id) => id === named) : rostered;
      const booked = new Set((await busyFor(tx, allowed, span)).map((b) => b.therapistId));
      const candidates = await withoutHeld(tx, allowed.filter((id) => !booked.has(id)), span, holder, now);
      let row: SlotHold | undefined;
      for (const therapistId of candidates) {
        try {
          row = await tx.transaction(async (savepoint) => {
            const [inserted] = await savepoint
              .insert(slotHolds)
              .values({ holderHash: holder, location: area.target.location, areaId: area.target.areaId, therapistId, startsAt: new Date(area.start), endsAt: new Date(area.end), expiresAt })
              .returning();
            return inserted;
          });
          break;
        } catch (error) {
          if (!isExclusionViolation(error)) throw error;
        }
      }
      if (!row) throw slotTaken();
      placed.push(row);
    }
    return placed;
  });
  return {
    expiresAt: expiresAt.toISOString(),
    holds: rows.map((r) => ({ areaId: r.areaId, therapistId: r.therapistId, start: r.startsAt.toISOString(), end: r.endsAt.toISOString() })),
  };
}

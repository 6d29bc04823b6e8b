import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Key spaces of the transaction-scoped advisory locks taken on a text id (a user id). They use PostgreSQL's two-int4
 * key form: the first key names the space and is negative, so it never meets lib/booking/therapist-locks.ts, whose
 * first key is a therapist id (positive); the second is hashtext(id). Two ids with the same hash only queue behind
 * each other, which costs a wait, never correctness. The migration lock (lib/db/client.ts) uses the single-bigint
 * form, a key space of its own.
 */
export const LOCK_SPACE = {
  /** Bookings and reschedules of one customer (lib/booking). */
  bookingCustomer: -1,
  /** CHECK OUT presses of one user (lib/shopify/checkout.ts). */
  shopCheckout: -2,
  /** Saves of the home page's banner and news cards (lib/marketing/promotions.ts): each reads what it replaces. */
  promotions: -3,
  /** The owner's team changes (lib/team/): 'roles' (the last owner stays), 'therapists' (the next free id). */
  team: -5,
} as const;

export type LockSpace = keyof typeof LOCK_SPACE;

/**
 * Waits for and takes the lock of `id` in `space` until the transaction ends (commit or rollback). On PostgreSQL
 * only transactions asking for the same space and id wait; PGlite runs one transaction at a time anyway.
 */
export async function lockForTransaction(tx: Tx, space: LockSpace, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE[space]}::int4, hashtext(${id}))`);
}

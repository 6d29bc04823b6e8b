import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { lockForTransaction } from '@/lib/db/advisory-lock';

/** A therapist over a time range [start, end), in UTC milliseconds. */
export interface TherapistTime {
  therapistId: number;
  start: number;
  end: number;
}

/** The lock grain: two overlapping ranges always share at least one quarter-hour bucket. */
export const LOCK_BUCKET_MS = 15 * 60_000;

/** The sorted, distinct (therapist, quarter-hour bucket) pairs that the ranges cover. */
export function lockKeys(times: readonly TherapistTime[]): [number, number][] {
  const keys = new Map<string, [number, number]>();
  for (const { therapistId, start, end } of times) {
    for (let bucket = Math.floor(start / LOCK_BUCKET_MS); bucket * LOCK_BUCKET_MS < end; bucket++) keys.set(`${therapistId}:${bucket}`, [therapistId, bucket]);
  }
  return [...keys.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * Takes a transaction-scoped advisory lock per therapist and quarter hour of the time asked for, in one global
 * order, before a booking reads who is free and writes. Bookings that could clash then run one after the other
 * instead of racing inside the exclusion constraint, where two uncommitted rows can wait on each other until
 * PostgreSQL's deadlock detector aborts one (seen in CI: 49 of 50 racers aborted after 45 s on a loaded machine).
 * Bookings of other times or therapists do not wait. The exclusion constraint stays what refuses a double booking;
 * these locks only make the losers fail fast with a 416.
 */
export async function lockTherapistTimes(tx: Tx, times: readonly TherapistTime[]): Promise<void> {
  // The two-key form lives in its own key space, apart from the migration lock's single bigint key.
  for (const [therapistId, bucket] of lockKeys(times)) await tx.execute(sql`select pg_advisory_xact_lock(${therapistId}::int4, ${bucket}::int4)`);
}

/**
 * Takes the customer's transaction-scoped advisory lock, first thing in a create or a reschedule (before any
 * therapist lock, so the lock order stays global): two cards of one customer then run one after the other instead
 * of waiting on each other inside the customer exclusion constraint (appointments_customer_no_overlap), and the
 * second one sees the first one's rows and fails fast with a 416. The constraint still decides.
 */
export async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  await lockForTransaction(tx, 'bookingCustomer', customerId);
}

const RETRYABLE = new Set(['40P01', '40001']);

/** deadlock_detected or serialization_failure, wherever the driver or Drizzle put it in the error chain. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Runs a transaction again (up to `attempts` times in all) when PostgreSQL aborted it to break a deadlock or a
 * serialization conflict: the rerun sees the winner's committed rows and answers as a lost race would.
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
    }
  }
}

import 'server-only';
import type { Tx } from '@/lib/db';
import { customerBusy, slotTaken } from './errors';

/** The exclusion constraint that keeps one customer's booked appointments apart: one place at a time (drizzle/0003). */
export const CUSTOMER_NO_OVERLAP = 'appointments_customer_no_overlap';

/** The driver's error that carries Postgres' SQLSTATE, wherever the driver or Drizzle put it in the error chain. */
function pgErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') return e as { code?: unknown; constraint?: unknown };
  }
  return undefined;
}

/** Postgres' exclusion_violation (23P01), of either constraint. */
export function isExclusionViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23P01';
}

/** An exclusion_violation of the customer constraint: the customer is booked elsewhere at that time. */
export function isCustomerOverlap(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23P01' && pg.constraint === CUSTOMER_NO_OVERLAP;
}

/**
 * Runs `claim` for one therapist after another (each in a savepoint) until the database accepts one: the exclusion
 * constraints, not this loop, are what refuse a double booking. A lost race for every candidate is a 416, and so is
 * the customer being booked elsewhere at that time (no other therapist would change that; its own code and message).
 */
export async function claimTherapist(tx: Tx, candidates: readonly number[], claim: (tx: Tx, therapistId: number) => Promise<void>): Promise<number> {
  if (candidates.length === 1) {
    try {
      await claim(tx, candidates[0]!);
      return candidates[0]!;
    } catch (error) {
      if (isCustomerOverlap(error)) throw customerBusy();
      if (isExclusionViolation(error)) throw slotTaken();
      throw error;
    }
  }
  for (const therapistId of candidates) {
    try {
      await tx.transaction(async (savepoint) => claim(savepoint as Tx, therapistId));
      return therapistId;
    } catch (error) {
      if (isCustomerOverlap(error)) throw customerBusy();
      if (!isExclusionViolation(error)) throw error;
    }
  }
  throw slotTaken();
}

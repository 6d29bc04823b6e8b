import { rejectedApiError } from '@/lib/test-support/thrown-api-error';
import type { Tx } from '@/lib/db';
import { CUSTOMER_BUSY_MESSAGE, SLOT_TAKEN_MESSAGE } from '../messages';
import { claimTherapist, CUSTOMER_NO_OVERLAP, isCustomerOverlap, isExclusionViolation } from './claim';

/** Errors shaped as the drivers throw them: pg and PGlite put `code` on the error, Drizzle wraps it in `cause`. */
const pgError = (code: string, constraint?: string) => Object.assign(new Error('database error'), { code, constraint });
const wrapped = (cause: unknown, depth = 1): unknown => (depth === 0 ? cause : wrapped(Object.assign(new Error('Failed query'), { cause }), depth - 1));
const THERAPIST_CLASH = pgError('23P01', 'appointments_no_overlap');
const CUSTOMER_CLASH = pgError('23P01', CUSTOMER_NO_OVERLAP);

describe('isExclusionViolation and isCustomerOverlap', () => {
  it('find the SQLSTATE 23P01 on the error or down its cause chain', () => {
    expect(isExclusionViolation(THERAPIST_CLASH)).toBe(true);
    expect(isExclusionViolation(wrapped(THERAPIST_CLASH, 3))).toBe(true);
    expect(isCustomerOverlap(wrapped(CUSTOMER_CLASH, 2))).toBe(true);
    expect(isExclusionViolation(wrapped(CUSTOMER_CLASH, 2))).toBe(true);
  });

  it('tell the customer constraint from the therapist one, and other errors from both', () => {
    expect(isCustomerOverlap(THERAPIST_CLASH)).toBe(false);
    for (const other of [pgError('23505', CUSTOMER_NO_OVERLAP), pgError('40P01'), new Error('no code'), undefined, null, 'text']) {
      expect(isExclusionViolation(other)).toBe(false);
      expect(isCustomerOverlap(other)).toBe(false);
    }
  });

  it('look no deeper than five errors, as a guard against cyclic causes', () => {
    expect(isExclusionViolation(wrapped(THERAPIST_CLASH, 4))).toBe(true);
    expect(isExclusionViolation(wrapped(THERAPIST_CLASH, 5))).toBe(false);
    const cyclic: { cause?: unknown } = new Error('loop');
    cyclic.cause = cyclic;
    expect(isExclusionViolation(cyclic)).toBe(false);
  });
});

describe('claimTherapist', () => {
  /** A transaction whose savepoints run the callback at once and count themselves. */
  function fakeTx() {
    const tx = {
      savepoints: 0,
      async transaction(run: (savepoint: unknown) => Promise<unknown>) {
        tx.savepoints++;
        return run(tx);
      },
    };
    return tx as typeof tx & Tx;
  }
  /** A claim that the database refuses for the therapists in `refusals`, with their error. */
  function claimer(refusals: Record<number, unknown>) {
    const tried: number[] = [];
    const claim = async (_tx: Tx, therapistId: number) => {
      tried.push(therapistId);
      if (therapistId in refusals) throw refusals[therapistId];
    };
    return { tried, claim };
  }
  const SLOT_TAKEN = { status: 416, code: 'slot_taken', message: SLOT_TAKEN_MESSAGE };

  it('claims the one therapist asked for without a savepoint, and answers 416 when the database refuses them', async () => {
    const tx = fakeTx();
    const free = claimer({});
    expect(await claimTherapist(tx, [3], free.claim)).toBe(3);
    const taken = claimer({ 3: wrapped(THERAPIST_CLASH) });
    expect(await rejectedApiError(claimTherapist(tx, [3], taken.claim))).toMatchObject(SLOT_TAKEN);
    expect(tx.savepoints).toBe(0);
  });

  it('tries the candidates in order, each in a savepoint, until one is accepted', async () => {
    const tx = fakeTx();
    const { tried, claim } = claimer({ 1: THERAPIST_CLASH, 2: wrapped(THERAPIST_CLASH) });
    expect(await claimTherapist(tx, [1, 2, 4, 5], claim)).toBe(4);
    expect(tried).toEqual([1, 2, 4]);
    expect(tx.savepoints).toBe(3);
  });

  it('answers 416 when every candidate is taken', async () => {
    const { tried, claim } = claimer({ 1: THERAPIST_CLASH, 2: THERAPIST_CLASH });
    expect(await rejectedApiError(claimTherapist(fakeTx(), [1, 2], claim))).toMatchObject(SLOT_TAKEN);
    expect(tried).toEqual([1, 2]);
  });

  it('stops at the customer\'s own clash with 416 saying so: another therapist would not change it', async () => {
    const customerBusy = { status: 416, code: 'customer_busy', message: CUSTOMER_BUSY_MESSAGE };
    const { tried, claim } = claimer({ 1: wrapped(CUSTOMER_CLASH) });
    expect(await rejectedApiError(claimTherapist(fakeTx(), [1, 2], claim))).toMatchObject(customerBusy);
    expect(tried).toEqual([1]);
    expect(await rejectedApiError(claimTherapist(fakeTx(), [1], claimer({ 1: CUSTOMER_CLASH }).claim))).toMatchObject(customerBusy);
  });

  it('passes any other error on unchanged, with one candidate or several', async () => {
    const broken = new Error('connection lost');
    expect(await claimTherapist(fakeTx(), [1], claimer({ 1: broken }).claim).catch((e: unknown) => e)).toBe(broken);
    const several = claimer({ 1: broken });
    expect(await claimTherapist(fakeTx(), [1, 2], several.claim).catch((e: unknown) => e)).toBe(broken);
    expect(several.tried).toEqual([1]);
  });
});

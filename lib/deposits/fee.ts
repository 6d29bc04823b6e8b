import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError } from '@/lib/api/errors';
import type { Db, Tx } from '@/lib/db';
import { appointments, deposits, users, type DepositRow } from '@/lib/db/schema';
import { formatMoneyCents } from '@/lib/catalog/format';
import { grantCredit } from './credit';
import type { CancelledDeposit, DepositEvent } from './fee-rule';

/**
 * What becomes of a booked visit's deposit (the `deposits` row D's booking path writes as 'paid'): each change runs in
 * the transaction of the cancellation, the attendance mark or the waiver it follows, and only from the state the rule
 * starts from, so a repeated request changes nothing twice. Credit goes to the ledger (lib/deposits/credit.ts), whose
 * unique index lets one booking's deposit become credit once.
 */

export interface SettledDeposit {
  event: DepositEvent;
  cents: number;
}

async function paidDeposit(tx: Tx, bookingId: string): Promise<DepositRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.bookingId, bookingId)).for('update');
  return row?.state === 'paid' ? row : undefined;
}

/**
 * The visit is cancelled (nothing of it is left booked): in time, its deposit becomes credit ('credited', a
 * 'deposit-credited' ledger row); late, it is kept as the fee ('kept'). Undefined when the visit had no paid deposit.
 */
export async function settleDepositOnCancel(tx: Tx, input: { bookingId: string; outcome: CancelledDeposit; now: number }): Promise<SettledDeposit | undefined> {
  const row = await paidDeposit(tx, input.bookingId);
  if (!row) return undefined;
  await tx.update(deposits).set({ state: input.outcome, decidedAt: new Date(input.now), decidedBy: null }).where(eq(deposits.bookingId, input.bookingId));
  if (input.outcome === 'credited') {
    await grantCredit(tx, { customerId: row.customerId, cents: row.amountCents, reason: 'deposit-credited', bookingId: input.bookingId });
    return { event: 'credited', cents: row.amountCents };
  }
  return { event: 'kept-late', cents: row.amountCents };
}

/** The desk marked the visit a no-show: its paid deposit is kept as the fee. */
export async function keepDepositOnNoShow(tx: Tx, input: { bookingId: string; now: number }): Promise<SettledDeposit | undefined> {
  const row = await paidDeposit(tx, input.bookingId);
  if (!row) return undefined;
  await tx.update(deposits).set({ state: 'kept', decidedAt: new Date(input.now), decidedBy: null }).where(eq(deposits.bookingId, input.bookingId));
  return { event: 'kept-no-show', cents: row.amountCents };
}

/**
 * A no-show mark undone (marked by mistake, or the customer came late after all): a fee the rule kept for it is paid
 * again, unless another appointment of the visit is still a no-show. A waived fee stays waived: its credit is given.
 */
export async function restoreDepositAfterNoShowUndo(tx: Tx, input: { bookingId: string; appointmentId: string }): Promise<boolean> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.bookingId, input.bookingId)).for('update');
  if (!row || row.state !== 'kept' || row.decidedBy !== null) return false;
  const others = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.bookingId, input.bookingId), ne(appointments.id, input.appointmentId), eq(appointments.attendance, 'no_show')));
  if (others.length > 0) return false;
  await tx.update(deposits).set({ state: 'paid', decidedAt: null, decidedBy: null }).where(eq(deposits.bookingId, input.bookingId));
  return true;
}

/**
 * Staff give a kept fee back: the deposit becomes credit ('waived', a 'waived-fee' ledger row by them), recorded in
 * the activity log with who. Only a kept fee can be waived; asking twice answers 409 and changes nothing.
 */
export async function waiveFee(db: Db, input: { bookingId: string; staff: ActivityActor & { userId: string }; now?: number }): Promise<SettledDeposit> {
  const now = input.now ?? Date.now();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(deposits).where(eq(deposits.bookingId, input.bookingId)).for('update');
    if (!row) throw new ApiError(404, 'not_found', 'This visit has no deposit.');
    if (row.state !== 'kept') throw new ApiError(409, 'not_kept', `Only a kept fee can be waived: this deposit is ${row.state}.`);
    await tx.update(deposits).set({ state: 'waived', decidedAt: new Date(now), decidedBy: input.staff.userId }).where(eq(deposits.bookingId, input.bookingId));
    await grantCredit(tx, { customerId: row.customerId, cents: row.amountCents, reason: 'waived-fee', bookingId: input.bookingId, by: input.staff.userId });
    const [customer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.customerId));
    await recordActivity(tx, input.staff, {
      kind: 'deposits',
      action: 'waived',
      subject: customer?.name ?? 'A customer',
      summary: `Fee of ${formatMoneyCents(row.amountCents)} waived: now account credit`,
      before: { state: 'kept', bookingId: input.bookingId },
      after: { state: 'waived', bookingId: input.bookingId, creditCents: row.amountCents },
    });
    return { event: 'waived', cents: row.amountCents };
  });
}

/** A visit's deposit, if it has one. */
export async function bookingDeposit(db: Db | Tx, bookingId: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.bookingId, bookingId));
  return row;
}

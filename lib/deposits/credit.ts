import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { accountCredits, users, type CreditReason } from '@/lib/db/schema';

/**
 * The customer's account credit (account_credits, drizzle/0220): one row per movement in cents, + credited and
 * − spent; the balance is their sum. Every movement runs in the caller's transaction, beside the change it pays for
 * or comes from, so credit is never granted or spent without it.
 */

export type GrantReason = Extract<CreditReason, 'deposit-credited' | 'late-payment' | 'waived-fee'>;
export type SpendReason = Extract<CreditReason, 'spent-on-deposit' | 'spent-on-package'>;

/** Spending more than the balance: the caller checked the balance outside this transaction, and it has moved since. */
export class CreditError extends Error {
  readonly balanceCents: number;

  constructor(balanceCents: number, wantedCents: number) {
    super(`The account credit is $${(balanceCents / 100).toFixed(2)}, less than the $${(wantedCents / 100).toFixed(2)} to spend.`);
    this.name = 'CreditError';
    this.balanceCents = balanceCents;
  }
}

function wholeCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Credit moves in whole positive cents, not ${cents}.`);
}

/** The customer's credit in cents (0 when none). */
export async function creditBalanceCents(db: Db | Tx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | number | null>`sum(${accountCredits.amountCents})` })
    .from(accountCredits)
    .where(eq(accountCredits.customerId, customerId));
  return Number(row?.cents ?? 0);
}

/** Holds the customer's row until the transaction ends, so two spends of one balance queue instead of both passing. */
async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}

/** Adds `cents` to the customer's credit; returns the new balance. */
export async function grantCredit(
  tx: Tx,
  input: { customerId: string; cents: number; reason: GrantReason; bookingId?: string | null; by?: string | null },
): Promise<number> {
  wholeCents(input.cents);
  await lockCustomer(tx, input.customerId);
  await tx.insert(accountCredits).values({
    customerId: input.customerId,
    amountCents: input.cents,
    reason: input.reason,
    bookingId: input.bookingId ?? null,
    createdBy: input.by ?? null,
  });
  return creditBalanceCents(tx, input.customerId);
}

/** Takes `cents` from the customer's credit, or throws CreditError when the balance is less; returns the new balance. */
export async function spendCredit(
  tx: Tx,
  input: { customerId: string; cents: number; reason: SpendReason; bookingId?: string | null; giftCardLast4?: string | null; by?: string | null },
): Promise<number> {
  wholeCents(input.cents);
  await lockCustomer(tx, input.customerId);
  const balance = await creditBalanceCents(tx, input.customerId);
  if (balance < input.cents) throw new CreditError(balance, input.cents);
  await tx.insert(accountCredits).values({
    customerId: input.customerId,
    amountCents: -input.cents,
    reason: input.reason,
    bookingId: input.bookingId ?? null,
    giftCardLast4: input.giftCardLast4 ?? null,
    createdBy: input.by ?? null,
  });
  return balance - input.cents;
}

import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { accountCredits, type CreditReason } from '@/lib/db/schema';
import { creditBalanceCents } from './credit';

/** What each movement of the credit ledger was, in the customer's words. */
export const CREDIT_REASON_TEXT: Record<CreditReason, string> = {
  'deposit-credited': 'Deposit of a visit cancelled in time',
  'late-payment': 'Deposit paid after its times were taken',
  'waived-fee': 'Late-cancellation fee waived by the salon',
  'spent-on-deposit': 'Used for a deposit',
  'spent-on-package': 'Used for a package',
};

export interface CreditStatement {
  balanceCents: number;
  /** The newest movements first. */
  movements: { cents: number; reason: CreditReason; at: Date }[];
}

/** A customer's credit and their last movements (the account page); undefined when they never had any. */
export async function creditStatement(db: Db, customerId: string, limit = 10): Promise<CreditStatement | undefined> {
  const movements = await db
    .select({ cents: accountCredits.amountCents, reason: accountCredits.reason, at: accountCredits.createdAt })
    .from(accountCredits)
    .where(eq(accountCredits.customerId, customerId))
    .orderBy(desc(accountCredits.createdAt), desc(accountCredits.id))
    .limit(limit);
  if (movements.length === 0) return undefined;
  return { balanceCents: await creditBalanceCents(db, customerId), movements };
}

/** The account page's credit (components/account/AccountCredit.tsx): the customer's statement, read from the database. */
export async function accountCredit(customerId: string): Promise<CreditStatement | undefined> {
  return creditStatement(await getDb(), customerId);
}

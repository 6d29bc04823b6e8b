import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { deposits, type DepositState } from '@/lib/db/schema';

/**
 * What the confirmation page reads of deposits on the embedded backend (lib/backend/embedded.ts): the deposit of a
 * booked visit. The signed-in customer's deposit still waiting is readPendingDeposit (./booking.ts).
 */

export interface BookingDeposit {
  amountCents: number;
  state: DepositState;
  paidFromCredit: boolean;
}

/** The deposit of a booked visit, or undefined when it had none. */
export async function depositOfBooking(db: Db, bookingId: string): Promise<BookingDeposit | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.bookingId, bookingId));
  return row ? { amountCents: row.amountCents, state: row.state, paidFromCredit: row.orderRef === 'credit' } : undefined;
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { currentUser } from '@/lib/auth/current-user';
import { getDb } from '@/lib/db';
import { deposits, type DepositState } from '@/lib/db/schema';
import { proxyEnabled } from '@/lib/env';
import { isGuid } from '@/lib/validation';
import { readPendingDeposit, type PendingDepositView } from './booking';

/**
 * What the confirmation page reads of deposits: the signed-in customer's deposit still waiting under a booking's
 * address (the deposit's id is the booking's), and the deposit of a booked visit.
 */

/** The signed-in customer's deposit of this reference, or undefined (none, someone else's, signed out, proxy mode). */
export async function signedInPendingDeposit(cid: string): Promise<PendingDepositView | undefined> {
  if (proxyEnabled() || !isGuid(cid)) return undefined;
  const user = await currentUser();
  if (!user) return undefined;
  return readPendingDeposit(await getDb(), user.id, cid.replace(/[{}]/g, '').toLowerCase());
}

export interface BookingDeposit {
  amountCents: number;
  state: DepositState;
  paidFromCredit: boolean;
}

/** The deposit of a booked visit, or undefined when it had none. */
export async function depositOfBooking(bookingId: string): Promise<BookingDeposit | undefined> {
  if (proxyEnabled()) return undefined;
  const [row] = await (await getDb()).select().from(deposits).where(eq(deposits.bookingId, bookingId));
  return row ? { amountCents: row.amountCents, state: row.state, paidFromCredit: row.orderRef === 'credit' } : undefined;
}

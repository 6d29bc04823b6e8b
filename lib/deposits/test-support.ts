import type { Db } from '@/lib/db';
import { deposits } from '@/lib/db/schema';

/**
 * A booked visit's paid deposit, written straight into `deposits` as the booking-with-deposit path (i37-deposits)
 * writes it once the order is paid: the fee and credit rules are tested on it until both branches meet.
 */
export async function seedPaidDeposit(db: Db, input: { bookingId: string; customerId: string; cents: number; orderRef?: string }): Promise<void> {
  await db.insert(deposits).values({ bookingId: input.bookingId, customerId: input.customerId, amountCents: input.cents, state: 'paid', orderRef: input.orderRef ?? 'shop-order:demo:1001' });
}

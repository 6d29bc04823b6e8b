import 'server-only';
import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { z } from 'zod';
import { currentUser } from '@/lib/auth/current-user';
import { readUpstream } from '@/lib/booking/upstream-customer';
import { getDb } from '@/lib/db';
import { deposits, PENDING_DEPOSIT_STATES, type DepositState } from '@/lib/db/schema';
import { proxyEnabled } from '@/lib/env';
import { isGuid } from '@/lib/validation';
import { readPendingDeposit, type PendingDepositView } from './booking';

/**
 * What the confirmation page reads of deposits: the signed-in customer's deposit still waiting under a booking's
 * address (the deposit's id is the booking's), and the deposit of a booked visit.
 */

const upstreamDepositSchema = z.object({
  deposit: z.object({
    id: z.string(),
    status: z.enum(PENDING_DEPOSIT_STATES),
    amountCents: z.number().int(),
    creditCents: z.number().int(),
    expiresAt: z.string(),
    bookingId: z.string().nullable(),
  }),
});

/**
 * The signed-in customer's deposit of this reference, or undefined (none, someone else's, signed out). In proxy mode
 * the upstream booked it and keeps it: its GET /api/deposits/{id}/, with the visitor's cookies.
 */
export async function signedInPendingDeposit(cid: string): Promise<PendingDepositView | undefined> {
  if (!isGuid(cid)) return undefined;
  const id = cid.replace(/[{}]/g, '').toLowerCase();
  if (proxyEnabled()) {
    const read = await readUpstream(`/api/deposits/${id}/`, await headers());
    if (read.kind !== 'answer') return undefined;
    const parsed = upstreamDepositSchema.safeParse(await read.response.json().catch(() => null));
    if (!parsed.success) console.error(`[deposits] the upstream's deposit ${id} did not read as one`);
    return parsed.success ? parsed.data.deposit : undefined;
  }
  const user = await currentUser();
  if (!user) return undefined;
  return readPendingDeposit(await getDb(), user.id, id);
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

import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { appointments, type DepositRow } from '@/lib/db/schema';
import { bookingDeposit } from './fee';
import { leftToPayCents } from './fee-rule';

/** A visit's money at the desk: its deposit (if any) and what is left to pay at the salon. */
export interface VisitMoney {
  deposit: Pick<DepositRow, 'amountCents' | 'state' | 'decidedAt' | 'decidedBy' | 'orderRef'> | undefined;
  /** The booked appointments' services at their booked prices. */
  priceCents: number;
  /** The part a package session covers. */
  packageCents: number;
  /** Price, less packages, less a deposit still held for the visit ('paid'). */
  leftCents: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The whole visit (booking) of an appointment: its booked services, the packages covering some, its deposit. */
export async function visitMoney(db: Db, bookingId: string): Promise<VisitMoney> {
  const rows = await db
    .select({ lines: appointments.lines })
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, 'booked')));
  const lines = rows.flatMap((row) => row.lines);
  const priceCents = lines.reduce((sum, line) => sum + cents(line.price), 0);
  const packageCents = lines.reduce((sum, line) => sum + (line.pkgId ? cents(line.price) : 0), 0);
  const deposit = await bookingDeposit(db, bookingId);
  const held = deposit?.state === 'paid' ? deposit.amountCents : 0;
  return {
    deposit: deposit && { amountCents: deposit.amountCents, state: deposit.state, decidedAt: deposit.decidedAt, decidedBy: deposit.decidedBy, orderRef: deposit.orderRef },
    priceCents,
    packageCents,
    leftCents: leftToPayCents({ priceCents, packageCents, depositCents: held }),
  };
}

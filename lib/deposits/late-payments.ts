import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { appointmentCardSchema, appointmentStartMs } from '@/lib/booking/card-schema';
import { utcMsToLocal } from '@/lib/booking/dates';
import { serviceById } from '@/lib/catalog/catalog';
import type { Db } from '@/lib/db';
import { pendingDeposits, users } from '@/lib/db/schema';

/** A deposit paid after its times were gone: nothing is booked and the payment is the customer's account credit. */
export interface LatePayment {
  depositId: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  /** What the shop's checkout took ('late-payment' credit), in cents. */
  paidCents: number;
  /** The New York time the customer had chosen, 'HH:mm', the earliest of the visit's. */
  time: string;
  services: string[];
  creditedAt: Date;
}

/**
 * The late payments for a location's day (lib/deposits/booking.ts, creditPayment): the visits a customer paid a
 * deposit for on that day that could not be booked. The desk's day view lists them, since the customer may believe
 * they are booked and come in; the customer has the mail saying it is credit.
 */
export async function latePaymentsOn(db: Db, location: number, date: string): Promise<LatePayment[]> {
  const rows = await db
    .select({
      id: pendingDeposits.id,
      customerId: pendingDeposits.customerId,
      request: pendingDeposits.request,
      amountCents: pendingDeposits.amountCents,
      creditCents: pendingDeposits.creditCents,
      updatedAt: pendingDeposits.updatedAt,
      name: users.name,
      phone: users.phone,
    })
    .from(pendingDeposits)
    .innerJoin(users, eq(users.id, pendingDeposits.customerId))
    .where(and(eq(pendingDeposits.status, 'credited'), sql`${pendingDeposits.request}->'header'->>'location' = ${String(location)}`));
  return rows
    .flatMap((row) => {
      const card = appointmentCardSchema.safeParse(row.request);
      if (!card.success) return [];
      const starts = card.data.svcAreas.flatMap((area) => {
        const ms = appointmentStartMs(area.svcDate);
        return ms === undefined ? [] : [utcMsToLocal(ms)];
      });
      const onDay = starts.filter((local) => local.startsWith(`${date} `)).sort();
      if (onDay.length === 0) return [];
      const services = card.data.svcAreas.flatMap((area) => area.svcTypes.flatMap((type) => type.svcArray.map((line) => serviceById(line.id)?.name ?? 'A retired service')));
      return [
        {
          depositId: row.id,
          customerId: row.customerId,
          customerName: row.name,
          customerPhone: row.phone,
          paidCents: row.amountCents - row.creditCents,
          time: onDay[0]!.slice(11),
          services,
          creditedAt: row.updatedAt,
        },
      ];
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

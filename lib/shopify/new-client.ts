import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { allGroupedPackages, isFirstVisitOffer } from '@/lib/catalog/catalog';
import type { Db, Tx } from '@/lib/db';
import { appointments, customerPackages } from '@/lib/db/schema';

/** Why a customer is not a new client: they bought a first-visit offer, or came to a visit. */
export type NotNewClient = 'already-bought' | 'not-new-client';

/** Attendance marks that mean the customer came (a no-show did not). */
const ATTENDED = ['checked_in', 'completed'] as const;

function firstVisitOfferIds(): string[] {
  return allGroupedPackages()
    .filter((offer) => isFirstVisitOffer(offer))
    .map((offer) => offer.pvId.replace(/[{}]/g, '').toLowerCase());
}

/**
 * DESIGN.md's owner rule: a new client, for first-visit offers, has no attended visit (the desk marked one checked in
 * or completed) and has never bought a first-visit offer (any of them: its sessions are credited, used or not).
 * Undefined for a new client; otherwise why not.
 */
export async function notNewClient(db: Db | Tx, customerId: string): Promise<NotNewClient | undefined> {
  const offerIds = firstVisitOfferIds();
  const [bought] = offerIds.length
    ? await db
        .select({ pvId: customerPackages.pvId })
        .from(customerPackages)
        .where(and(eq(customerPackages.customerId, customerId), inArray(customerPackages.pvId, offerIds)))
        .limit(1)
    : [];
  if (bought) return 'already-bought';
  const [visit] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.customerId, customerId), eq(appointments.status, 'booked'), inArray(appointments.attendance, [...ATTENDED])))
    .limit(1);
  return visit ? 'not-new-client' : undefined;
}

import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { allServiceItems } from '@/lib/catalog/catalog';
import { isGuid } from '@/lib/validation';
import { getDb, type Db, type Tx } from '@/lib/db';
import { customerPackages } from '@/lib/db/schema';

export interface PackageAvailability {
  pkgId: string;
  isPkgUsed: boolean;
}

export interface OwnedPackage {
  pkgId: string;
  serviceId: string;
  sessionsTotal: number;
  sessionsUsed: number;
  sessionsLeft: number;
}

/** The service a package offer covers (its svcGuid), or undefined for an unknown pvId. */
export function serviceOfPackage(pvId: string): string | undefined {
  const id = pvId.toLowerCase();
  for (const item of allServiceItems()) {
    const offer = item.spkg.find((o) => o.pvId.toLowerCase() === id);
    if (offer) return offer.svcGuid;
  }
  return undefined;
}

/**
 * Credits `sessions` sessions of package `pvId` to a customer, as a completed shop order does. Crediting the same
 * package again adds to its sessions. Pass a transaction to credit inside the caller's (the order's) transaction.
 */
export async function creditPackage(customerId: string, pvId: string, sessions: number, db?: Db | Tx): Promise<OwnedPackage> {
  if (!isGuid(customerId) || !isGuid(pvId)) throw new ApiError(422, 'invalid', 'Customer and package ids must be GUIDs.');
  if (!Number.isInteger(sessions) || sessions < 1 || sessions > 100) throw new ApiError(422, 'invalid', 'Sessions must be 1 to 100.');
  const serviceId = serviceOfPackage(pvId);
  if (!serviceId) throw new ApiError(422, 'unknown_package', `Unknown package ${pvId}.`);
  const handle = db ?? (await getDb());
  const [row] = await handle
    .insert(customerPackages)
    .values({ customerId, pvId: pvId.toLowerCase(), serviceId, sessionsTotal: sessions })
    .onConflictDoUpdate({
      target: [customerPackages.customerId, customerPackages.pvId],
      set: { sessionsTotal: sql`${customerPackages.sessionsTotal} + ${sessions}`, updatedAt: new Date() },
    })
    .returning();
  return toOwned(row!);
}

function toOwned(row: typeof customerPackages.$inferSelect): OwnedPackage {
  return {
    pkgId: row.pvId,
    serviceId: row.serviceId,
    sessionsTotal: row.sessionsTotal,
    sessionsUsed: row.sessionsUsed,
    sessionsLeft: row.sessionsTotal - row.sessionsUsed,
  };
}

export async function ownedPackages(db: Db | Tx, customerId: string): Promise<OwnedPackage[]> {
  const rows = await db.select().from(customerPackages).where(eq(customerPackages.customerId, customerId)).orderBy(customerPackages.createdAt);
  return rows.map(toOwned);
}

/** pkgAvailable of the card: each owned package, used up or not. */
export function packageAvailability(owned: readonly OwnedPackage[]): PackageAvailability[] {
  return owned.map((p) => ({ pkgId: p.pkgId, isPkgUsed: p.sessionsLeft <= 0 }));
}

/** Takes one session of a package for a booking; 422 when the customer has none left. Runs in the booking's transaction. */
export async function takeSession(tx: Tx, customerId: string, pvId: string): Promise<void> {
  const updated = await tx
    .update(customerPackages)
    .set({ sessionsUsed: sql`${customerPackages.sessionsUsed} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(customerPackages.customerId, customerId),
        eq(customerPackages.pvId, pvId.toLowerCase()),
        lt(customerPackages.sessionsUsed, customerPackages.sessionsTotal),
      ),
    )
    .returning({ pvId: customerPackages.pvId });
  if (updated.length === 0) throw new ApiError(422, 'no_package_session', 'You have no unused session of that package.');
}

/** Gives a session back when its appointment is cancelled. */
export async function refundSession(tx: Tx, customerId: string, pvId: string): Promise<void> {
  await tx
    .update(customerPackages)
    .set({ sessionsUsed: sql`greatest(${customerPackages.sessionsUsed} - 1, 0)`, updatedAt: new Date() })
    .where(and(eq(customerPackages.customerId, customerId), eq(customerPackages.pvId, pvId.toLowerCase())));
}

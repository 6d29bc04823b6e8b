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

/**
 * The services a package offer covers (their svcGuids, lower-case), or [] for an unknown pvId: one for a
 * multi-session package, every service of a bundle (a bundle is one pvId attached to each of its services).
 */
export function servicesOfPackage(pvId: string): string[] {
  const id = pvId.replace(/[{}]/g, '').toLowerCase();
  const services: string[] = [];
  for (const item of allServiceItems()) {
    const offer = item.spkg.find((o) => o.pvId.toLowerCase() === id);
    if (offer && !services.includes(offer.svcGuid.toLowerCase())) services.push(offer.svcGuid.toLowerCase());
  }
  return services;
}

/**
 * Credits `sessions` sessions of package `pvId` to a customer, as a completed shop order does: one row per service
 * the offer covers, so a bundle gives each of its services its own sessions. Crediting the same package again adds to
 * them. Pass a transaction to credit inside the caller's (the order's) transaction.
 */
export async function creditPackage(customerId: string, pvId: string, sessions: number, db?: Db | Tx): Promise<OwnedPackage[]> {
  if (!isGuid(customerId) || !isGuid(pvId)) throw new ApiError(422, 'invalid', 'Customer and package ids must be GUIDs.');
  if (!Number.isInteger(sessions) || sessions < 1 || sessions > 100) throw new ApiError(422, 'invalid', 'Sessions must be 1 to 100.');
  const serviceIds = servicesOfPackage(pvId);
  if (serviceIds.length === 0) throw new ApiError(422, 'unknown_package', `Unknown package ${pvId}.`);
  const handle = db ?? (await getDb());
  const rows = await handle
    .insert(customerPackages)
    .values(serviceIds.map((serviceId) => ({ customerId, pvId: pvId.replace(/[{}]/g, '').toLowerCase(), serviceId, sessionsTotal: sessions })))
    .onConflictDoUpdate({
      target: [customerPackages.customerId, customerPackages.pvId, customerPackages.serviceId],
      set: { sessionsTotal: sql`${customerPackages.sessionsTotal} + ${sessions}`, updatedAt: new Date() },
    })
    .returning();
  return rows.map(toOwned);
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

/** Each service of each package the customer owns, in the order bought (a bundle's services in catalogue order). */
export async function ownedPackages(db: Db | Tx, customerId: string): Promise<OwnedPackage[]> {
  const rows = await db
    .select()
    .from(customerPackages)
    .where(eq(customerPackages.customerId, customerId))
    .orderBy(customerPackages.createdAt, customerPackages.pvId);
  const owned = rows.map(toOwned);
  const firstSeen = new Map<string, number>();
  owned.forEach((pkg, i) => firstSeen.set(pkg.pkgId, firstSeen.get(pkg.pkgId) ?? i));
  const order = (pkg: OwnedPackage) => [firstSeen.get(pkg.pkgId)!, servicesOfPackage(pkg.pkgId).indexOf(pkg.serviceId)] as const;
  return owned.sort((a, b) => {
    const [pa, sa] = order(a);
    const [pb, sb] = order(b);
    return pa - pb || sa - sb;
  });
}

/** pkgAvailable of the card: each owned package once, used up when none of its services has a session left. */
export function packageAvailability(owned: readonly OwnedPackage[]): PackageAvailability[] {
  const byId = new Map<string, boolean>();
  for (const p of owned) byId.set(p.pkgId, (byId.get(p.pkgId) ?? true) && p.sessionsLeft <= 0);
  return [...byId].map(([pkgId, isPkgUsed]) => ({ pkgId, isPkgUsed }));
}

/**
 * Takes one session of the package for one of its services; 422 when the customer has none left. Runs in the
 * booking's transaction: the conditional UPDATE (and the table's check) cannot take more than was bought, even when
 * two bookings race, since the second waits for the first's row lock and then re-reads the count.
 */
export async function takeSession(tx: Tx, customerId: string, pvId: string, serviceId: string): Promise<void> {
  const updated = await tx
    .update(customerPackages)
    .set({ sessionsUsed: sql`${customerPackages.sessionsUsed} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(customerPackages.customerId, customerId),
        eq(customerPackages.pvId, pvId.toLowerCase()),
        eq(customerPackages.serviceId, serviceId.toLowerCase()),
        lt(customerPackages.sessionsUsed, customerPackages.sessionsTotal),
      ),
    )
    .returning({ pvId: customerPackages.pvId });
  if (updated.length === 0) throw new ApiError(422, 'no_package_session', 'You have no unused session of that package for this service.');
}

/** Gives a service's session back when its appointment is cancelled. */
export async function refundSession(tx: Tx, customerId: string, pvId: string, serviceId: string): Promise<void> {
  await tx
    .update(customerPackages)
    .set({ sessionsUsed: sql`greatest(${customerPackages.sessionsUsed} - 1, 0)`, updatedAt: new Date() })
    .where(
      and(
        eq(customerPackages.customerId, customerId),
        eq(customerPackages.pvId, pvId.toLowerCase()),
        eq(customerPackages.serviceId, serviceId.toLowerCase()),
      ),
    );
}

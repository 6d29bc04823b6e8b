import 'server-only';
import type { SessionUser } from '@/lib/auth';
import { serviceById } from '@/lib/catalog/catalog';
import type { Db } from '@/lib/db';
import { listBookings, type BookedCard } from './appointments/read';
import { isPatchTest, type CustomerSummary, type OwnedPackageSummary } from './customer-summary';
import { ownedPackages } from './packages';

/** Whether any booked (not cancelled) appointment of the customer includes a patch test. */
export function hasPatchTestOnRecord(cards: readonly BookedCard[]): boolean {
  return cards.some((card) => card.appointments.some((a) => a.status === 'booked' && a.lines.some((line) => isPatchTest(line.serviceTypeId))));
}

export function packageSummary(pkgId: string, serviceId: string, sessionsLeft: number | null): OwnedPackageSummary {
  const title = serviceById(serviceId)?.spkg.find((offer) => offer.pvId.toLowerCase() === pkgId)?.pvTitle ?? 'Package';
  return { pkgId, serviceId, title, sessionsLeft };
}

/** A customer of the database as the booking page needs them: packages with sessions left, and the patch-test record. */
export async function customerSummary(db: Db, user: Pick<SessionUser, 'id' | 'name' | 'email'>): Promise<CustomerSummary> {
  const [{ cards }, owned] = await Promise.all([listBookings(db, user.id), ownedPackages(db, user.id)]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    packages: owned.filter((pkg) => pkg.sessionsLeft > 0).map((pkg) => packageSummary(pkg.pkgId, pkg.serviceId, pkg.sessionsLeft)),
    hasPatchTest: hasPatchTestOnRecord(cards),
  };
}

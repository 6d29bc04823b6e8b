import 'server-only';
import { listBookings, type BookedCard } from '@/lib/booking/appointments';
import { ownedPackages } from '@/lib/booking/packages';
import type { SessionUser } from '@/lib/auth';
import { serviceById } from '@/lib/catalog/catalog';
import { getDb } from '@/lib/db';
import type { CustomerSummary } from './booking-types';
import { isPatchTest } from './booking-context';

/** Whether any booked (not cancelled) appointment of the customer includes a patch test. */
export function hasPatchTestOnRecord(cards: readonly BookedCard[]): boolean {
  return cards.some((card) => card.appointments.some((a) => a.status === 'booked' && a.lines.some((line) => isPatchTest(line.serviceTypeId))));
}

/** The signed-in customer as the booking page needs them: packages with sessions left, and the patch-test record. */
export async function customerSummary(user: SessionUser): Promise<CustomerSummary> {
  const db = await getDb();
  const [{ cards }, owned] = await Promise.all([listBookings(db, user.id), ownedPackages(db, user.id)]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    packages: owned
      .filter((pkg) => pkg.sessionsLeft > 0)
      .map((pkg) => ({
        pkgId: pkg.pkgId,
        serviceId: pkg.serviceId,
        title: serviceById(pkg.serviceId)?.spkg.find((offer) => offer.pvId.toLowerCase() === pkg.pkgId)?.pvTitle ?? 'Package',
        sessionsLeft: pkg.sessionsLeft,
      })),
    hasPatchTest: hasPatchTestOnRecord(cards),
  };
}

import 'server-only';
import { cookies, headers } from 'next/headers';
import { currentUser } from '@/lib/auth/current-user';
import { AUTH_PROFILE_COOKIE } from '@/lib/auth/cookies';
import { listBookings, type BookedCard } from '@/lib/booking/appointments/read';
import { ownedPackages, servicesOfPackage } from '@/lib/booking/packages';
import { upstreamCustomerRecord } from '@/lib/booking/upstream-customer';
import type { SessionUser } from '@/lib/auth';
import { serviceById } from '@/lib/catalog/catalog';
import { getDb } from '@/lib/db';
import { proxyEnabled } from '@/lib/env';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { isGuid } from '@/lib/validation';
import type { CustomerSummary, OwnedPackageSummary } from './booking-types';
import { isPatchTest } from './booking-context';
import { ACCOUNT_UNAVAILABLE_MESSAGE } from './messages';

/** Whether any booked (not cancelled) appointment of the customer includes a patch test. */
export function hasPatchTestOnRecord(cards: readonly BookedCard[]): boolean {
  return cards.some((card) => card.appointments.some((a) => a.status === 'booked' && a.lines.some((line) => isPatchTest(line.serviceTypeId))));
}

function packageSummary(pkgId: string, serviceId: string, sessionsLeft: number | null): OwnedPackageSummary {
  const title = serviceById(serviceId)?.spkg.find((offer) => offer.pvId.toLowerCase() === pkgId)?.pvTitle ?? 'Package';
  return { pkgId, serviceId, title, sessionsLeft };
}

/** The signed-in customer as the booking page needs them: packages with sessions left, and the patch-test record. */
export async function customerSummary(user: SessionUser): Promise<CustomerSummary> {
  const db = await getDb();
  const [{ cards }, owned] = await Promise.all([listBookings(db, user.id), ownedPackages(db, user.id)]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    packages: owned.filter((pkg) => pkg.sessionsLeft > 0).map((pkg) => packageSummary(pkg.pkgId, pkg.serviceId, pkg.sessionsLeft)),
    hasPatchTest: hasPatchTestOnRecord(cards),
  };
}

/** Who is booking, and a sentence for them when their account could not be loaded. */
export interface BookingCustomer {
  customer: CustomerSummary | null;
  notice: string | null;
}

/**
 * The customer of the booking page. Embedded backend: the session in the local database. Proxy mode: accounts live
 * upstream, so the readable profile cookie names the customer and the upstream's list call (with the visitor's
 * cookies) confirms the session and gives the packages and the patch-test record. When the upstream cannot be
 * reached the customer still sees their cart and can try to book (the upstream then answers or the page says why),
 * with a notice that their packages could not be loaded.
 */
export async function bookingCustomer(): Promise<BookingCustomer> {
  if (!proxyEnabled()) {
    const user = await currentUser();
    return { customer: user ? await customerSummary(user) : null, notice: null };
  }
  const [jar, incoming] = await Promise.all([cookies(), headers()]);
  const profile = profileFromAuthCookie(jar.get(AUTH_PROFILE_COOKIE)?.value);
  if (!profile || !isGuid(profile.customerId)) return { customer: null, notice: null };
  const id = profile.customerId.replace(/[{}]/g, '').toLowerCase();
  const record = await upstreamCustomerRecord(id, incoming);
  if (record.kind === 'signed-out') return { customer: null, notice: null };
  const who = { id, name: profile.name, email: profile.email };
  if (record.kind === 'unavailable') return { customer: { ...who, packages: [], hasPatchTest: false }, notice: ACCOUNT_UNAVAILABLE_MESSAGE };
  // The list call says whether a package has sessions left, not how many (nor which of a bundle's services).
  const packages = record.unusedPackageIds.flatMap((pkgId) => servicesOfPackage(pkgId).map((serviceId) => packageSummary(pkgId, serviceId, null)));
  return { customer: { ...who, packages, hasPatchTest: record.bookedServiceTypes.some(isPatchTest) }, notice: null };
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { listBookings } from '@/lib/booking/appointments/read';
import { ownedPackages } from '@/lib/booking/packages';
import { listWaitlist, wantedText } from '@/lib/booking/waitlist';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import { salonLocationById } from '@/lib/content/locations';
import type { Db } from '@/lib/db';
import { subscriptions, users } from '@/lib/db/schema';

/**
 * A copy of what the salon keeps about a signed-in customer, for them to download from their details page (the right
 * to know and to take one's data along): the account, every appointment with its services, therapist, price and
 * note, the packages and their sessions, the days on the waitlist and the offers subscription. Not the front desk's
 * own note on the customer, which is the salon's working note.
 */
export async function accountExport(db: Db, userId: string, now: Date = new Date()) {
  const [account] = await db.select({ name: users.name, email: users.email, phone: users.phone, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!account) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  const [{ cards }, packages, waitlist, [subscription]] = await Promise.all([
    listBookings(db, userId),
    ownedPackages(db, userId),
    listWaitlist(db, userId, now.getTime()),
    account.email ? db.select({ since: subscriptions.createdAt }).from(subscriptions).where(eq(subscriptions.email, account.email)) : Promise.resolve([]),
  ]);
  const offers = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer]));
  return {
    exportedAt: now.toISOString(),
    account: { name: account.name, email: account.email, phone: account.phone, createdAt: account.createdAt.toISOString() },
    appointments: cards.flatMap((card) =>
      card.appointments.map((appointment) => ({
        salon: salonLocationById(Number(card.header.location))?.name ?? null,
        start: appointment.start,
        startInNewYork: appointment.localStart,
        services: appointment.lines.map((line) => line.name),
        therapist: appointment.therapistName,
        status: appointment.status,
        price: appointment.price,
        note: card.svcAreas.find((area) => area.areaId === appointment.areaId && area.svcDate === appointment.start)?.svcNote ?? '',
      })),
    ),
    packages: packages.map((pkg) => ({
      package: offers.get(pkg.pkgId.toLowerCase())?.pvTitle ?? null,
      service: serviceById(pkg.serviceId)?.title ?? null,
      sessionsTotal: pkg.sessionsTotal,
      sessionsUsed: pkg.sessionsUsed,
      sessionsLeft: pkg.sessionsLeft,
    })),
    waitlist: waitlist.map((entry) => ({ date: entry.date, salon: entry.locationName, wanted: wantedText(entry) })),
    offersSubscription: subscription ? { since: subscription.since.toISOString() } : null,
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { POST } from './route';
import { PUT } from './[cid]/route';
import { cardFor, PACKAGE_OF, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { allBundles, allServiceItems } from '@/lib/catalog/catalog';
import type { ServiceItem } from '@/lib/catalog/schema';
import { closeDb, getDb } from '@/lib/db';
import { appointments, bookings, catalogServices, customerPackages } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { creditPackage, ownedPackages, packageAvailability, servicesOfPackage } from '@/lib/booking/packages';

jest.setTimeout(120_000);
createTempDataDir('salon-bundles-');
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

// 'Smooth Face Wax' (BNDL003): Eyebrows, Upper Lip and Chin, one session of each.
const SMOOTH_FACE = allBundles().find((offer) => offer.pvSku === 'BNDL003')!;
const byMoniker = (moniker: string) => allServiceItems().find((item) => item.moniker === moniker)!;
const [BROWS, LIP, CHIN] = ['womens-eyebrows-wax', 'womens-upper-lip-wax', 'womens-chin-wax'].map(byMoniker) as [ServiceItem, ServiceItem, ServiceItem];
const PV = SMOOTH_FACE.pvId.toLowerCase();

async function book(me: { userId: string; cookie: string }, date: string, items: ServiceItem[], pkgId: string | null = PV) {
  const response = await callRoute(POST, { customerId: me.userId }, { path: `/api/appointments/${me.userId}/`, ...jsonInit('POST', cardFor([{ therapist: 0, date, items, pkgId: pkgId ?? undefined }]), me.cookie) });
  return { status: response.status, body: await response.json() };
}

const left = async (customerId: string) =>
  Object.fromEntries((await ownedPackages(await getDb(), customerId)).map((pkg) => [pkg.serviceId, `${pkg.sessionsLeft}/${pkg.sessionsTotal}`]));

describe('bundles', () => {
  it('knows the services of a bundle and of a package', () => {
    expect(SMOOTH_FACE.pvTitle).toBe('Smooth Face Wax');
    expect(servicesOfPackage(SMOOTH_FACE.pvId.toUpperCase())).toEqual([BROWS.id, LIP.id, CHIN.id]);
    expect(servicesOfPackage(PACKAGE_OF(WAX_WITH_PACKAGE).pvId)).toEqual([WAX_WITH_PACKAGE.id]);
    expect(servicesOfPackage('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('credits one session of each of its services, and a second bundle adds one more to each', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const credited = await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    expect(credited.map((pkg) => [pkg.serviceId, pkg.sessionsLeft])).toEqual([[BROWS.id, 1], [LIP.id, 1], [CHIN.id, 1]]);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '2/2', [LIP.id]: '2/2', [CHIN.id]: '2/2' });
    expect(packageAvailability(await ownedPackages(db, me.userId))).toEqual([{ pkgId: PV, isPkgUsed: false }]);
  });

  it('covers all three of its services in one booking: each costs nothing and each takes its own session', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    const { status, body } = await book(me, '2027-01-11 10:00', [BROWS, LIP, CHIN]);
    expect(status).toBe(201);
    expect(body.appointments[0].price).toBe(0);
    expect(body.appointments[0].lines.map((l: { price: number; pkgId: string }) => [l.price, l.pkgId])).toEqual([[0, PV], [0, PV], [0, PV]]);
    expect(body.svcAreas[0].svcTypes[0].svcArray[0]).toMatchObject({ isPackage: true, pkgId: PV, packageType: 4 });
    expect(body.pkgAvailable).toEqual([{ pkgId: PV, isPkgUsed: true }]);
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '0/1', [LIP.id]: '0/1', [CHIN.id]: '0/1' });
  });

  it('covers each service once across later bookings, never twice, and gives a cancelled one back', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    const first = await book(me, '2027-01-11 11:00', [BROWS]);
    expect(first.status).toBe(201);
    expect(first.body.pkgAvailable).toEqual([{ pkgId: PV, isPkgUsed: false }]);
    // Upper lip is covered too (before, only the bundle's first service was, and it was charged again).
    const second = await book(me, '2027-01-12 11:00', [LIP, CHIN]);
    expect(second.status).toBe(201);
    expect(second.body.appointments[0].price).toBe(0);
    const again = await book(me, '2027-01-13 11:00', [BROWS]);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('no_package_session');
    // Paid for instead, it books.
    expect((await book(me, '2027-01-13 11:00', [BROWS], null)).body.appointments[0].price).toBe(BROWS.price);
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '0/1', [LIP.id]: '0/1', [CHIN.id]: '0/1' });

    const cancel = await callRoute(PUT, { customerId: me.userId, cid: second.body.header.aptId }, {
      path: `/api/appointments/${me.userId}/${second.body.header.aptId}/`,
      ...jsonInit('PUT', { ...cardFor([]), header: { location: '1', gender: '0', status: '2' } }, me.cookie),
    });
    expect(cancel.status).toBe(200);
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '0/1', [LIP.id]: '1/1', [CHIN.id]: '1/1' });
  });

  it('does not cover a service outside the bundle', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    const { status, body } = await book(me, '2027-01-14 11:00', [byMoniker('womens-underarm-wax')]);
    expect(status).toBe(422);
    expect(body.error.message).toMatch(/That package does not cover Underarm/);
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '1/1', [LIP.id]: '1/1', [CHIN.id]: '1/1' });
  });
});

describe('migration 0040 (bundle rows per service)', () => {
  it('gives a bundle credited the old way a row per service and recounts each row from the booked lines', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    // The old state: one row for the whole bundle, keyed by its first service, and a booking that took a session for
    // upper lip from it (the server accepted any service of the bundle).
    await db.insert(customerPackages).values({ customerId: me.userId, pvId: PV, serviceId: BROWS.id, sessionsTotal: 1, sessionsUsed: 1 });
    const [booking] = await db.insert(bookings).values({ customerId: me.userId, location: 1, gender: 0 }).returning();
    const line = (item: ServiceItem, pkgId: string | null) => ({ id: item.id, svcId: item.value, name: item.name, serviceTypeId: item.svcType, gen: 0, duration: item.duration, price: 0, pkgId });
    await db.insert(appointments).values({
      bookingId: booking!.id,
      customerId: me.userId,
      location: 1,
      areaId: 1,
      therapistId: 1,
      requestedTherapistId: 0,
      startsAt: new Date('2027-01-20T15:00:00Z'),
      endsAt: new Date('2027-01-20T15:15:00Z'),
      lines: [line(LIP, PV)],
      price: 0,
    });
    // In that release catalog_services.data held each service's offers (spkg); 0120 moved them to catalog_offers.
    for (const item of [BROWS, LIP, CHIN]) await db.update(catalogServices).set({ data: item }).where(eq(catalogServices.id, item.id));
    const statements = readFileSync(path.join(process.cwd(), 'drizzle/0040_bundle_sessions.sql'), 'utf8').split('--> statement-breakpoint');
    // The first two change the key (done when the database opened); the rest repair the rows.
    for (const statement of statements.slice(2)) await db.execute(sql.raw(statement));
    expect(await left(me.userId)).toEqual({ [BROWS.id]: '1/1', [LIP.id]: '0/1', [CHIN.id]: '1/1' });
    const rows = await db.select().from(customerPackages).where(eq(customerPackages.customerId, me.userId));
    expect(rows).toHaveLength(3);
  });
});

import { sql } from 'drizzle-orm';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { POST } from './route';
import { cardFor, PACKAGE_OF, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { bookedOf, tally } from '@/lib/booking/test-support/race';
import { allBundles, allServiceItems } from '@/lib/catalog/catalog';
import type { ServiceItem } from '@/lib/catalog/schema';
import { closeDb, getDatabase, getDb } from '@/lib/db';
import { creditPackage, ownedPackages, takeSession } from '@/lib/booking/packages';

/**
 * Packages and bundles under racing bookings on a real PostgreSQL server (`npm run test:pg` inside
 * scripts/with-postgres.sh): however many bookings spend one package at once, no more sessions are covered than were
 * bought. PGlite runs one query at a time, so only a real server proves it. Without DATABASE_URL this file fails
 * rather than skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('packages-race.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

// Mondays in March 2027, which the other *.pg.test.ts files (one shared database) leave alone.
const SMOOTH_FACE = allBundles().find((offer) => offer.pvSku === 'BNDL003')!;
const FACE = ['womens-eyebrows-wax', 'womens-upper-lip-wax', 'womens-chin-wax'].map((m) => allServiceItems().find((i) => i.moniker === m)!);
const TIMES = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

async function postAll(me: { userId: string; cookie: string }, cards: ReturnType<typeof cardFor>[]) {
  const responses = await Promise.all(
    cards.map((card) => POST(new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', card, me.cookie)), { params: Promise.resolve({ customerId: me.userId }) })),
  );
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { error?: { code: string } }[];
  return { statuses: responses.map((r) => r.status), codes: bodies.map((b) => b.error?.code ?? 'ok') };
}

const cardAt = (day: string, time: string, items: ServiceItem[], pkgId: string) => cardFor([{ therapist: 0, date: `${day} ${time}`, items, pkgId }]);

describe('packages under racing bookings on PostgreSQL', () => {
  it('runs on a real server', async () => {
    expect((await getDatabase()).kind).toBe('postgres');
  });

  it('eight bookings at once against a three-session package: three are covered, five get 422, three sessions used', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 3);
    const { statuses, codes } = await postAll(me, TIMES.map((time) => cardAt('2027-03-01', time, [WAX_WITH_PACKAGE], offer.pvId)));
    expect(tally(statuses)).toEqual({ 201: 3, 422: 5 });
    expect(codes.filter((c) => c !== 'ok')).toEqual(Array(5).fill('no_package_session'));
    expect(await bookedOf(db, me.userId)).toHaveLength(3);
    expect((await ownedPackages(db, me.userId)).map((p) => [p.sessionsUsed, p.sessionsTotal])).toEqual([[3, 3]]);
  });

  it('four bookings of all three bundle services at once: exactly one is covered, each service once', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    const { statuses } = await postAll(me, TIMES.slice(0, 4).map((time) => cardAt('2027-03-08', time, FACE, SMOOTH_FACE.pvId)));
    expect(tally(statuses)).toEqual({ 201: 1, 422: 3 });
    expect(await bookedOf(db, me.userId)).toHaveLength(1);
    expect((await ownedPackages(db, me.userId)).map((p) => [p.serviceId, p.sessionsUsed, p.sessionsTotal])).toEqual(FACE.map((item) => [item.id, 1, 1]));
  });

  it('bookings that each redeem a different service of one bundle at once: all three are covered', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await creditPackage(me.userId, SMOOTH_FACE.pvId, 1);
    const { statuses } = await postAll(me, FACE.map((item, i) => cardAt('2027-03-15', TIMES[i]!, [item], SMOOTH_FACE.pvId)));
    expect(tally(statuses)).toEqual({ 201: 3 });
    expect((await ownedPackages(db, me.userId)).every((p) => p.sessionsLeft === 0)).toBe(true);
  });

  it('twenty transactions taking a session at once, without the booking\'s customer lock: the row itself stops at three', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 3);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          await takeSession(tx, me.userId, offer.pvId, WAX_WITH_PACKAGE.id);
          // Hold the row lock a moment, so that the others queue behind it.
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(Array(17).fill('no_package_session'));
    expect((await ownedPackages(db, me.userId))[0]).toMatchObject({ sessionsUsed: 3, sessionsTotal: 3, sessionsLeft: 0 });
  });
});

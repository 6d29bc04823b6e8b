import { sql } from 'drizzle-orm';
import { allServiceItems } from '@/lib/catalog/catalog';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { closeDb, getDatabase, getDb } from '.';
import { ROSTER, THERAPISTS } from '@/lib/catalog/data';
import { catalogServices, locationOfferings, rosters, subscriptions, therapists, users } from './schema';
import { seedDatabase } from './seed';

jest.setTimeout(120_000);

const dataDir = createTempDataDir('salon-test-', { empty: true });

afterAll(closeDb);

describe('the embedded database', () => {
  it('opens PGlite in DATA_DIR, applies the migrations and seeds the catalogue on first start', async () => {
    const database = await getDatabase();
    expect(database.kind).toBe('pglite');
    const db = database.db;
    const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(catalogServices)) as [{ count: number }];
    expect(count).toBe(allServiceItems().length);
    const midtown = await db.select().from(locationOfferings).where(sql`${locationOfferings.location} = 2`);
    expect(midtown.map((row) => row.svcType).sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 64]);
    const williamsburg = await db.select().from(locationOfferings).where(sql`${locationOfferings.location} = 3`);
    expect(williamsburg).toEqual([]);
    const people = await db.select().from(therapists);
    expect(people.map((row) => row.id).sort((a, b) => a - b)).toEqual(THERAPISTS.map((t) => t.id).filter((id) => id !== 0).sort((a, b) => a - b));
    const shifts = await db.select().from(rosters);
    expect(shifts.length).toBe(ROSTER.reduce((sum, entry) => sum + entry.areaIds.length * entry.days.length, 0));
  });

  it('is one instance per process', async () => {
    expect(await getDb()).toBe(await getDb());
  });

  it('seeds once: after that the database is the source of truth', async () => {
    expect(await seedDatabase(await getDb())).toEqual({ seeded: false });
  });

  it('keeps every row across a restart', async () => {
    const db = await getDb();
    await db.insert(users).values({ email: 'keep@example.com', name: 'Keep', passwordHash: 'x' });
    await db.insert(subscriptions).values({ email: 'keep@example.com', createdBy: 'test' });
    await closeDb();
    const reopened = await getDb();
    expect(await reopened.select({ email: users.email }).from(users)).toEqual([{ email: 'keep@example.com' }]);
    expect(await reopened.select({ email: subscriptions.email }).from(subscriptions)).toEqual([{ email: 'keep@example.com' }]);
    expect(dataDir).toBeTruthy();
  });
});

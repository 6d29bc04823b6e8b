/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { catalogServices, meta } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { seedSnapshot } from './snapshot';
import { loadCatalogSnapshot } from './snapshot-load';

createTempDataDir();
afterAll(closeDb);

describe('the catalogue in the database', () => {
  it('is seeded from the typed data on a first start and reads back as the seed', async () => {
    const loaded = await loadCatalogSnapshot(await getDb());
    const seed = seedSnapshot();
    expect(loaded.services).toEqual(seed.services);
    expect(loaded.bundles).toEqual(seed.bundles);
    expect(loaded.therapists).toEqual(seed.therapists);
    expect(loaded.therapistServices).toHaveLength(seed.therapistServices.length);
    expect(loaded.hours).toEqual(seed.hours);
    expect(loaded.version).toBe(0);
  });

  it('is the source of truth once seeded: a changed price survives another seed run', async () => {
    const db = await getDb();
    const brazilian = seedSnapshot().services.find((item) => item.moniker === 'womens-brazilian-wax')!;
    await db.update(catalogServices).set({ price: 99, data: { ...brazilian, spkg: undefined, price: 99 } }).where(eq(catalogServices.id, brazilian.id));
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect((await loadCatalogSnapshot(db)).services.find((item) => item.id === brazilian.id)?.price).toBe(99);
    const [source] = await db.select().from(meta).where(eq(meta.key, 'catalog_source'));
    expect(source?.value).toBe('database');
  });
});

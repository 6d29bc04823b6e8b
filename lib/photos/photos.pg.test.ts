import { eq } from 'drizzle-orm';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { loadCatalogSnapshot } from '@/lib/catalog/snapshot-load';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDatabase } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { photos } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { setAttachedPhoto } from './attachments';
import { uploadPhoto } from './photos';
import { databasePhotoStore } from './store';
import { testJpeg } from './test-support/photos';

/**
 * Two instances on one PostgreSQL server (each its own pool, as two processes have): a photo one uploads is served by
 * the other byte for byte (bytea through node-postgres), the same file uploaded on both at once is one photo, and the
 * other's catalogue shows where it was attached. Runs only under `npm run test:pg` (scripts/with-postgres.sh).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('photos.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(120_000);
afterAll(closeDb);
afterAll(resetCatalogSnapshot);

it('two instances: one uploads and attaches, the other serves the same bytes and shows it; a race on one file makes one photo', async () => {
  const one = await getDatabase();
  expect(one.kind).toBe('postgres');
  const two = await openDatabase(env());
  try {
    const file = await testJpeg({ width: 1000, height: 750, orientation: 1 });
    const uploaded = await uploadPhoto(one.db, databasePhotoStore(one.db), file, null);
    expect(uploaded.created).toBe(true);
    for (const width of [160, 320, 640, 1000]) {
      const there = await databasePhotoStore(two.db).read(uploaded.photo.id, width, 'webp');
      const here = await databasePhotoStore(one.db).read(uploaded.photo.id, width, 'webp');
      expect(Buffer.isBuffer(there)).toBe(true);
      expect(there!.length).toBeGreaterThan(100);
      expect(there!.equals(here!)).toBe(true);
    }

    const other = await testJpeg({ width: 900, height: 900, orientation: 1 });
    const both = await Promise.all([uploadPhoto(one.db, databasePhotoStore(one.db), other, null), uploadPhoto(two.db, databasePhotoStore(two.db), other, null)]);
    expect(both[0].photo.id).toBe(both[1].photo.id);
    expect(both.filter((result) => result.created)).toHaveLength(1);
    expect(await one.db.select({ id: photos.id }).from(photos).where(eq(photos.id, both[0].photo.id))).toHaveLength(1);

    const brazilian = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
    await setAttachedPhoto(one.db, { userId: null, name: 'Owner' }, { kind: 'service', id: brazilian.id }, uploaded.photo.id);
    expect((await loadCatalogSnapshot(two.db)).photos.get(brazilian.id)).toBe(uploaded.photo.id);
  } finally {
    await two.close();
  }
});

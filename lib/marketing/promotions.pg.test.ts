import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@/lib/db/client';
import { activityLog, newsCards, promotions } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { createNews, saveBanner } from './promotions';

/**
 * Saves of the owner's promotions from two instances at once on one PostgreSQL server (`npm run test:pg` inside
 * scripts/with-postgres.sh): each instance a connection pool of its own. Without DATABASE_URL this file fails rather
 * than skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('promotions.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'promotions-pg-'));
let instances: Database[] = [];
const owner = { userId: null, name: 'Olive Owner' };

beforeAll(async () => {
  instances = [await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir }), await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir })];
  await seedDatabase(instances[0]!.db);
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

it('twelve banner saves at once from two instances leave one banner, and one entry for each save that changed it', async () => {
  const db = instances[0]!.db;
  const entriesBefore = (await db.select().from(activityLog)).length;
  const saves = Array.from({ length: 12 }, (_, i) =>
    saveBanner(instances[i % 2]!.db, owner, { text: `Sale ${i}`, link: '', startsOn: '2026-12-01', endsOn: '2026-12-24' }),
  );
  const results = await Promise.all(saves);
  const rows = await db.select().from(promotions);
  expect(rows).toHaveLength(1);
  expect(results.map((result) => result.banner.text)).toContain(rows[0]!.text);
  const entries = (await db.select().from(activityLog)).length - entriesBefore;
  expect(entries).toBe(results.filter((result) => result.changed).length);
  expect(entries).toBe(12);
});

it('ten cards added at once from two instances take the places after the others, each its own', async () => {
  const db = instances[0]!.db;
  const before = (await db.select().from(newsCards)).length;
  await Promise.all(Array.from({ length: 10 }, (_, i) => createNews(instances[i % 2]!.db, owner, { title: `Card ${i}`, text: 'News', link: '', published: true })));
  const positions = (await db.select().from(newsCards)).map((card) => card.position).sort((a, b) => a - b);
  expect(positions).toEqual(Array.from({ length: before + 10 }, (_, i) => i));
});

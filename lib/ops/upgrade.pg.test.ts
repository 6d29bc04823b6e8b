import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sessionForToken } from '@/lib/auth/session';
import { listBookings } from '@/lib/booking/appointments/read';
import { openDatabase, type Database } from '@/lib/db/client';
import { seedDatabase } from '@/lib/db/seed';
import { pgAdmin } from '@/lib/test-support/pg-admin';
import { databaseSchemaVersion, releaseSchemaVersion } from './schema-version.mjs';
import { releaseMigrations } from './test-support/release';
import { columnsOf, valuesOf, type Query } from './test-support/rows';

/**
 * upgrade.test.ts on PostgreSQL: the database of commit b0b3610 with rows in every table, migrated by today's
 * release, keeps every value and is read by the site. Runs only under `npm run test:pg` (DATABASE_URL).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('upgrade.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

const FIXTURE = path.join(process.cwd(), 'lib/ops/fixtures/release-b0b3610');
const name = `salon_upgrade_${process.pid}`;
const url = (() => {
  const parsed = new URL(process.env.DATABASE_URL!);
  parsed.pathname = `/${name}`;
  return parsed.toString();
})();
jest.setTimeout(120_000);
let site: Database | undefined;

beforeAll(() => pgAdmin((client) => client.query(`create database ${name}`)));
afterAll(async () => {
  await site?.close();
  await pgAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
});
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it("today's migrations keep every value of the release's tables on PostgreSQL, and the site reads the customer's visits", async () => {
  const old = new pg.Client({ connectionString: url });
  await old.connect();
  const oldQuery: Query = (text) => old.query(text);
  let columns: Record<string, string[]>;
  let before: Record<string, string[]>;
  try {
    const migrations = releaseMigrations(FIXTURE);
    await migrate(drizzle({ client: old }), { migrationsFolder: migrations }).finally(() => rmSync(migrations, { recursive: true, force: true }));
    await old.query(readFileSync(path.join(FIXTURE, 'data.sql'), 'utf8'));
    columns = await columnsOf(oldQuery);
    before = await valuesOf(oldQuery, columns);
  } finally {
    await old.end();
  }
  expect(Object.entries(before).filter(([, rows]) => rows.length === 0)).toEqual([]);
  expect(Object.keys(before)).toHaveLength(27);

  site = await openDatabase({ DATABASE_URL: url, DATA_DIR: '.data/unused' });
  const query: Query = async (text) => (await site!.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  expect(await databaseSchemaVersion(query)).toBe(releaseSchemaVersion());
  expect(await valuesOf(query, columns)).toEqual(before);

  await seedDatabase(site.db);
  expect((await sessionForToken(site.db, 'u'.repeat(43)))?.user.email).toBe('carla@example.com');
  const { cards } = await listBookings(site.db, '00000000-0000-4000-8000-000000000002');
  expect(cards.map((card) => card.appointments.map((a) => a.start))).toEqual([[expect.stringMatching(/^2030-06-05/)]]);
});

/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgAdmin } from '@/lib/test-support/pg-admin';
import { openDatabase, type Database } from '@/lib/db/client';
import { seedDatabase } from '@/lib/db/seed';
import { siteDoor } from '@/lib/server/site-door.mjs';
import { serviceByMoniker } from './catalog';
import { startCatalogFollower, type CatalogFollower } from './live';
import { CATALOG_CHANNEL, CATALOG_TAGS } from './publish';
import { resetCatalogSnapshot } from './snapshot';
import { publishPrice } from './test-support/publish-price';

/**
 * Two instances on one PostgreSQL server (`npm run test:pg` inside scripts/with-postgres.sh): this one follows the
 * catalogue (its own pool, and its own LISTEN connection), the other writes and publishes over its own pool, as the
 * owner's editor on another instance would. A database of its own on that server, so no other test sees the prices.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('live.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(60_000);

const BRAZILIAN = 'womens-brazilian-wax';
const databaseName = `catalog_live_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'catalog-live-pg-'));
let url = '';
let here: Database;
let other: Database;
let follower: CatalogFollower;
let told: string[][] = [];

async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const price = () => serviceByMoniker(BRAZILIAN)?.price;

/** The backends LISTENing on the catalogue's channel (this instance's listener). */
async function listeners(): Promise<number[]> {
  const { rows } = await pgAdmin((client) =>
    client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and query ilike $2`, [databaseName, `LISTEN%${CATALOG_CHANNEL}%`]),
  );
  return rows.map((row) => row.pid);
}

beforeAll(async () => {
  await pgAdmin((client) => client.query(`create database ${databaseName}`));
  const address = new URL(process.env.DATABASE_URL!);
  address.pathname = `/${databaseName}`;
  url = address.toString();
  here = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir });
  await seedDatabase(here.db);
  other = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir });
  siteDoor().pagesChanged = (tags) => told.push([...tags]);
  resetCatalogSnapshot();
  // No poll within these tests: only the notices bring the changes.
  follower = await startCatalogFollower(here, { pollMs: 3_600_000 });
});

beforeEach(() => {
  told = [];
});

afterAll(async () => {
  await follower?.stop();
  siteDoor().pagesChanged = undefined;
  await Promise.all([here?.close(), other?.close()]);
  await pgAdmin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an instance follows changes published on another instance (PostgreSQL)', () => {
  it('hears a NOTIFY from another connection: reloads the catalogue and renders again what the change names', async () => {
    expect(price()).toBe(75);
    await publishPrice(other.db, BRAZILIAN, 91);
    await eventually(() => price() === 91);
    expect(told).toEqual([[CATALOG_TAGS.menu]]);
  });

  it('opens its LISTEN connection again when it is lost, and applies what was published meanwhile', async () => {
    const [lost] = await listeners();
    expect(lost).toBeDefined();
    await pgAdmin((client) => client.query('select pg_terminate_backend($1)', [lost]));
    // Published while nobody listens: the notice is lost, the reopened connection's check finds the change.
    await publishPrice(other.db, BRAZILIAN, 92);
    await eventually(() => price() === 92);
    await eventually(async () => {
      const now = await listeners();
      return now.length === 1 && now[0] !== lost;
    });
    // And the new connection hears the next one.
    await publishPrice(other.db, BRAZILIAN, 93);
    await eventually(() => price() === 93);
    expect(told).toEqual([[CATALOG_TAGS.menu], [CATALOG_TAGS.menu]]);
  });

  it('applies a change whose transaction commits after a later one (its version is the smaller)', async () => {
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query(`update catalog_services set price = 94, data = jsonb_set(data, '{price}', '94'::jsonb) where moniker = $1`, [BRAZILIAN]);
      const { rows } = await slow.query<{ id: string }>(`insert into catalog_changes (tags) values ($1) returning id`, [[CATALOG_TAGS.team]]);
      await slow.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, rows[0]!.id]);
      // A later change commits first.
      await publishPrice(other.db, 'womens-full-bikini-wax', 61);
      await eventually(() => serviceByMoniker('womens-full-bikini-wax')?.price === 61);
      expect(price()).toBe(93);
      await slow.query('commit');
    } finally {
      await slow.end();
    }
    await eventually(() => price() === 94);
    expect(told).toEqual([[CATALOG_TAGS.menu], [CATALOG_TAGS.team]]);
  });
});

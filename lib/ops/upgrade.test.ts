import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { sessionForToken } from '@/lib/auth/session';
import { listBookings } from '@/lib/booking/appointments/read';
import { ownedPackages } from '@/lib/booking/packages';
import { openDatabase, type Database } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { deliverDue } from '@/lib/mail/outbox';
import { openPglite, pgliteFolder } from './pglite-backup.mjs';
import { databaseSchemaVersion, journalEntries, releaseSchemaVersion } from './schema-version.mjs';
import { copyReleaseDatabase, releaseMigrations } from './test-support/release';
import { columnsOf, valuesOf, type Query } from './test-support/rows';

/**
 * An upgrade keeps the data: the database of a fixed earlier release (commit b0b3610, the last before the owner's
 * screens: migrations 0000 to 0100), with rows in every one of its tables, is migrated by today's release; every
 * value of every column it had is still there, and the site's readers serve the customer's account, visit, package
 * and mail. The release's migrations are a copy in the fixture folder, not read from git: a CI clone may be shallow,
 * and a shipped migration never changes (the first test proves the copy is today's file, byte for byte).
 */
const FIXTURE = path.join(process.cwd(), 'lib/ops/fixtures/release-b0b3610');
const OLD_MIGRATIONS = releaseMigrations(FIXTURE);
const CARLA = '00000000-0000-4000-8000-000000000002';
jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-upgrade-'));
let site: Database | undefined;
afterAll(async () => {
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(OLD_MIGRATIONS, { recursive: true, force: true });
});
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("the release's migrations are today's files, unchanged, and the start of today's journal", () => {
  const old = readdirSync(OLD_MIGRATIONS).filter((name) => name.endsWith('.sql'));
  expect(old).toHaveLength(16);
  expect(journalEntries().slice(0, old.length)).toEqual(journalEntries(OLD_MIGRATIONS));
  const changed = mkdtempSync(path.join(tmpdir(), 'salon-release-changed-'));
  writeFileSync(path.join(changed, '_journal.json'), readFileSync(path.join(FIXTURE, '_journal.json')));
  writeFileSync(path.join(changed, 'sha256.json'), JSON.stringify({ '0000_accounts_catalog.sql': '0'.repeat(64) }));
  expect(() => releaseMigrations(changed)).toThrow('drizzle/0000_accounts_catalog.sql is not the migration the release shipped');
  rmSync(changed, { recursive: true, force: true });
});

it("today's migrations keep every value of the release's tables, and the site reads the customer's account, visit, package and mail", async () => {
  await copyReleaseDatabase(FIXTURE, pgliteFolder(dataDir));
  const old = await openPglite(pgliteFolder(dataDir));
  const oldQuery: Query = (text) => old.query(text);
  let columns: Record<string, string[]>;
  let before: Record<string, string[]>;
  try {
    expect(await databaseSchemaVersion(oldQuery, OLD_MIGRATIONS)).toBe('0100_known_devices');
    columns = await columnsOf(oldQuery);
    before = await valuesOf(oldQuery, columns);
  } finally {
    await old.close();
  }
  // The fixture holds rows in every table, so that no table's upgrade goes untried.
  expect(Object.entries(before).filter(([, rows]) => rows.length === 0).map(([table]) => table)).toEqual([]);
  expect(Object.keys(before)).toHaveLength(27);

  // The site's start: today's migrations (openDatabase), then the seed.
  site = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  const query: Query = async (text) => (await site!.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  expect(await databaseSchemaVersion(query)).toBe(releaseSchemaVersion());
  expect(await valuesOf(query, columns)).toEqual(before);

  await seedDatabase(site.db);
  const { db } = site;
  const session = await sessionForToken(db, 'u'.repeat(43));
  expect(session?.user).toMatchObject({ id: CARLA, email: 'carla@example.com', name: 'Carla Customer', role: 'customer' });
  const { cards } = await listBookings(db, CARLA);
  expect(cards.map((card) => card.appointments.map((a) => a.start))).toEqual([[expect.stringMatching(/^2030-06-05/)]]);
  expect((await ownedPackages(db, CARLA)).map((p) => ({ pkgId: p.pkgId, sessionsLeft: p.sessionsLeft }))).toEqual([
    { pkgId: 'd20c8630-afc0-49b7-82b8-24a270229771', sessionsLeft: 2 },
  ]);
  // The mail the old release queued goes out (to the log, without SMTP_URL).
  const report = await deliverDue(db, { now: new Date('2026-11-29T00:00:00Z') });
  expect(report.sent).toBe(1);
  expect(await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, 1))).toEqual([{ status: 'sent' }]);
});

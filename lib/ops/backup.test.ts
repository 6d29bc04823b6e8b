import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDatabase } from '@/lib/db';
import { appointments, customerPackages, outbox, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { openPglite, pgliteFolder } from './pglite-backup.mjs';
import { releaseSchemaVersion } from './schema-version.mjs';
import { serveRunningSiteBackups } from './serve-backups';
import { runScript } from '@/lib/test-support/run-script';
import { customerWithEverything, tableRows } from './test-support/rows';

/**
 * `npm run backup` and `npm run restore` on the embedded database, run as scripts the way a person (or cron) runs
 * them: from the running site (this test process holds DATA_DIR, as the site does) while bookings go on, and from a
 * stopped site's folder.
 */
const dataDir = createTempDataDir('salon-backup-');
const out = mkdtempSync(path.join(tmpdir(), 'salon-backups-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
jest.setTimeout(120_000);
afterAll(async () => {
  await closeDb();
  rmSync(out, { recursive: true, force: true });
});
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

async function rowsOfFolder(folder: string) {
  const client = await openPglite(folder);
  try {
    return await tableRows((text) => client.query(text));
  } finally {
    await client.close();
  }
}

const query = async (text: string) => {
  const { db } = await getDatabase();
  const { sql } = await import('drizzle-orm');
  return (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
};

it('the running site: backed up while bookings go on, wiped, restored, every account, booking, package and mail is back', async () => {
  const database = await getDatabase();
  const channel = await serveRunningSiteBackups(database, dataDir);
  expect(channel).not.toBeNull();
  const mine = await customerWithEverything(database.db, { start: '2031-03-04T15:00:00Z' });
  const before = await tableRows(query);

  // Bookings go on while the script asks the site for its copy, and none is refused.
  const backingUp = runScript('backup', ['--dir', out], env);
  let finished = false;
  void backingUp.then(() => (finished = true));
  let booked = 0;
  while (!finished) {
    // Each booking arrives as a request does, from the event loop (PGlite answers without giving it a turn).
    await new Promise((resolve) => setImmediate(resolve));
    const customerId = await insertUser(database.db);
    await insertAppointment(database.db, { customerId, therapistId: 2, start: new Date(Date.parse('2031-05-01T14:00:00Z') + booked * 3_600_000).toISOString(), minutes: 30 });
    booked += 1;
  }
  const result = await backingUp;
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(new RegExp(`from the running site \\(pid ${process.pid}\\)`));
  expect(booked).toBeGreaterThan(0);
  const after = await tableRows(query);

  const files = readdirSync(out);
  expect(files).toHaveLength(1);
  expect(statSync(path.join(out, files[0]!)).mode & 0o777).toBe(0o600);
  expect(files[0]).toMatch(new RegExp(`^salon-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z-${releaseSchemaVersion()}\\.pglite\\.tar\\.gz$`));

  // While the site holds the folder, a restore is refused: it would replace the database under it.
  const refused = await runScript('restore', [path.join(out, files[0]!)], env);
  expect(refused.code).toBe(3);
  expect(refused.stderr).toMatch(/the site must be stopped/);

  channel!.close();
  await closeDb();
  rmSync(pgliteFolder(dataDir), { recursive: true });
  const restored = await runScript('restore', [path.join(out, files[0]!)], env);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/is this release's/);

  // The copy is one moment of the site: everything there before the backup began, nothing after it ended.
  const back = await rowsOfFolder(pgliteFolder(dataDir));
  expect(Object.keys(back)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) {
    const rows = new Set(back[table]);
    expect({ table, missing: before[table]!.filter((row) => !rows.has(row)) }).toEqual({ table, missing: [] });
    const later = new Set(after[table]);
    expect({ table, unknown: back[table]!.filter((row) => !later.has(row)) }).toEqual({ table, unknown: [] });
  }

  // The site opens the restored folder and finds the customer's account, visit, package and mail.
  const { db } = await getDatabase();
  expect(await db.select({ id: users.id }).from(users).where(eq(users.id, mine.customerId))).toHaveLength(1);
  expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.bookingId, mine.bookingId))).toHaveLength(1);
  expect(await db.select({ used: customerPackages.sessionsUsed }).from(customerPackages).where(eq(customerPackages.customerId, mine.customerId))).toEqual([{ used: 1 }]);
  expect(await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, mine.outboxId))).toEqual([{ status: 'pending' }]);
  await closeDb();
});

it('the stopped site: the script opens the folder itself; a restore onto a database is refused unless --force, which keeps the old one aside', async () => {
  const { db } = await getDatabase();
  await customerWithEverything(db, { start: '2031-03-05T15:00:00Z' });
  await closeDb();
  const before = await rowsOfFolder(pgliteFolder(dataDir));
  rmSync(out, { recursive: true, force: true });

  const made = await runScript('backup', ['--dir', out], env);
  expect(made.code).toBe(0);
  expect(made.stdout).toContain(`from ${dataDir}:`);
  const [file] = readdirSync(out);

  const refused = await runScript('restore', [path.join(out, file!)], env);
  expect(refused.code).toBe(3);
  expect(refused.stderr).toMatch(/already holds a database\. Restore into an empty DATA_DIR, or add --force/);

  const forced = await runScript('restore', [path.join(out, file!), '--force'], env);
  expect(forced.code).toBe(0);
  const aside = forced.stdout.match(/kept in (\S+)\.$/m)?.[1];
  expect(aside && existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
  expect(await rowsOfFolder(pgliteFolder(dataDir))).toEqual(before);
});

it('says what is wrong, in a sentence: a missing file, a file that is no backup, no file named, a DATA_DIR without a database', async () => {
  const missing = await runScript('restore', [path.join(out, 'nothing-here.pgdump')], env);
  expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/^There is no file .*nothing-here\.pgdump\.\n$/) });
  const notBackup = await runScript('restore', ['package.json'], env);
  expect(notBackup.stderr).toMatch(/is not a backup of this site/);
  const usage = await runScript('restore', [], env);
  expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run restore -- FILE [--force]') });
  const empty = await runScript('backup', ['--dir', out], { DATA_DIR: path.join(out, 'no-site-here') });
  expect(empty).toMatchObject({ code: 1, stderr: expect.stringMatching(/^There is no database in .* to back up/) });
});

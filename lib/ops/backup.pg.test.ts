import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { openDatabase, type Database } from '@/lib/db/client';
import { appointments, customerPackages, outbox, users } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { pgAdmin } from '@/lib/test-support/pg-admin';
import { journalEntries, releaseSchemaVersion } from './schema-version.mjs';
import { runScript } from '@/lib/test-support/run-script';
import { customerWithEverything, tableRows } from './test-support/rows';

/**
 * `npm run backup` and `npm run restore` with DATABASE_URL: pg_dump's custom format while bookings go on, restored
 * into an empty database, refused on one that holds data unless --force.
 * Runs only under `npm run test:pg` (scripts/with-postgres.sh sets DATABASE_URL).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('backup.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
const source = `salon_backup_source_${process.pid}`;
const target = `salon_backup_target_${process.pid}`;
const empty = `salon_backup_empty_${process.pid}`;
const urlOf = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};
const out = mkdtempSync(path.join(tmpdir(), 'salon-pg-backups-'));
let site: Database;

beforeAll(async () => {
  await pgAdmin(async (client) => {
    for (const name of [source, target, empty]) await client.query(`create database ${name}`);
  });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  site = await openDatabase({ DATABASE_URL: urlOf(source), DATA_DIR: out });
  await seedDatabase(site.db);
});
afterAll(async () => {
  await site?.close();
  await pgAdmin(async (client) => {
    for (const name of [source, target, empty]) await client.query(`drop database if exists ${name} with (force)`);
  });
  rmSync(out, { recursive: true, force: true });
  jest.restoreAllMocks();
});

async function rowsOf(name: string) {
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    return await tableRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}

it('pg_dump while bookings go on, restored into an empty database: every account, booking, package and mail is back; a second restore is refused unless --force', async () => {
  const mine = await customerWithEverything(site.db, { start: '2031-03-04T15:00:00Z' });
  const before = await rowsOf(source);

  const backingUp = runScript('backup', ['--dir', out], { DATABASE_URL: urlOf(source) });
  let finished = false;
  void backingUp.then(() => (finished = true));
  let booked = 0;
  while (!finished) {
    const customerId = await insertUser(site.db);
    await insertAppointment(site.db, { customerId, therapistId: 2, start: new Date(Date.parse('2031-05-01T14:00:00Z') + booked * 3_600_000).toISOString(), minutes: 30 });
    booked += 1;
  }
  const made = await backingUp;
  expect(made.stderr).toBe('');
  expect(made.code).toBe(0);
  expect(booked).toBeGreaterThan(0);
  const after = await rowsOf(source);
  const [file] = readdirSync(out).filter((name) => name.endsWith('.pgdump'));
  expect(file).toMatch(new RegExp(`^salon-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z-${releaseSchemaVersion()}\\.pgdump$`));
  // Every customer's data: readable by the backup's owner only.
  expect(statSync(path.join(out, file!)).mode & 0o777).toBe(0o600);

  const restored = await runScript('restore', [path.join(out, file!)], { DATABASE_URL: urlOf(target) });
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  const back = await rowsOf(target);
  expect(Object.keys(back)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) {
    const rows = new Set(back[table]);
    expect({ table, missing: before[table]!.filter((row) => !rows.has(row)) }).toEqual({ table, missing: [] });
    const later = new Set(after[table]);
    expect({ table, unknown: back[table]!.filter((row) => !later.has(row)) }).toEqual({ table, unknown: [] });
  }

  // The site opens the restored database (its migrations find nothing to do) and reads the customer's rows.
  const restoredSite = await openDatabase({ DATABASE_URL: urlOf(target), DATA_DIR: out });
  try {
    const { db } = restoredSite;
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, mine.customerId))).toHaveLength(1);
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.bookingId, mine.bookingId))).toHaveLength(1);
    expect(await db.select({ used: customerPackages.sessionsUsed }).from(customerPackages).where(eq(customerPackages.customerId, mine.customerId))).toEqual([{ used: 1 }]);
    expect(await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, mine.outboxId))).toEqual([{ status: 'pending' }]);
    await db.delete(outbox).where(eq(outbox.id, mine.outboxId));
  } finally {
    await restoredSite.close();
  }

  const refused = await runScript('restore', [path.join(out, file!)], { DATABASE_URL: urlOf(target) });
  expect(refused.code).toBe(3);
  expect(refused.stderr).toMatch(/is not empty .* add --force to replace its schemas/);

  const forced = await runScript('restore', [path.join(out, file!), '--force'], { DATABASE_URL: urlOf(target) });
  expect(forced.stderr).toBe('');
  expect(forced.code).toBe(0);
  // The mail deleted above is back: the database is the backup's again, whole.
  const again = await rowsOf(target);
  expect(again).toEqual(back);
});

it("a backup cut short fails with pg_restore's words and, even with --force, leaves the database as it was", async () => {
  const [file] = readdirSync(out).filter((name) => name.endsWith('.pgdump'));
  const whole = readFileSync(path.join(out, file!));
  const cut = path.join(out, 'salon-cut-short.pgdump');
  writeFileSync(cut, whole.subarray(0, Math.floor(whole.byteLength * 0.6)));
  const before = await rowsOf(target);
  const failed = await runScript('restore', [cut, '--force'], { DATABASE_URL: urlOf(target) });
  expect(failed.code).toBe(1);
  expect(failed.stderr).toMatch(/^pg_restore failed \(exit status 1\): /);
  expect(await rowsOf(target)).toEqual(before);
});

it('a PostgreSQL backup is not restored into the embedded database, nor an embedded one into PostgreSQL', async () => {
  const [file] = readdirSync(out).filter((name) => name.endsWith('.pgdump'));
  const intoPglite = await runScript('restore', [path.join(out, file!)], { DATABASE_URL: undefined, DATA_DIR: path.join(out, 'pglite-site') });
  expect(intoPglite).toMatchObject({ code: 1, stderr: expect.stringContaining('is a PostgreSQL backup (pg_dump): set DATABASE_URL') });
  const embedded = path.join(out, 'salon-embedded.pglite.tar.gz');
  writeFileSync(embedded, gzipSync('a tarball'));
  const intoPostgres = await runScript('restore', [embedded], { DATABASE_URL: urlOf(target) });
  expect(intoPostgres).toMatchObject({ code: 1, stderr: expect.stringContaining('is a backup of the embedded database: unset DATABASE_URL') });
});

it("a newer release's backup (a migration this release does not have) is refused before anything is restored", async () => {
  const later = journalEntries().at(-1)!.when + 86_400_000;
  const newer = path.join(out, 'newer');
  await site.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a-later-release', ${later})`);
  try {
    const made = await runScript('backup', ['--dir', newer], { DATABASE_URL: urlOf(source) });
    expect(made).toMatchObject({ code: 0, stderr: '' });
  } finally {
    await site.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${later}`);
  }
  const [file] = readdirSync(newer);
  expect(file).toContain(`-unknown-${later}.pgdump`);
  const refused = await runScript('restore', [path.join(newer, file!), '--force'], { DATABASE_URL: urlOf(empty) });
  expect(refused.code).toBe(4);
  expect(refused.stderr).toMatch(new RegExp(`was written by a newer release of the site: its schema has a migration this release does not have \\(unknown-${later}; this release's newest is ${releaseSchemaVersion()}\\)\\. Nothing was restored\\.`));
  expect(await rowsOf(empty)).toEqual({});
});

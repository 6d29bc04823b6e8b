import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sessionForToken } from '@/lib/auth/session';
import { openDatabase } from '@/lib/db/client';
import { openPglite, pgliteFolder } from './pglite-backup.mjs';
import { databaseSchemaVersion, journalEntries, releaseSchemaVersion } from './schema-version.mjs';
import { copyReleaseDatabase } from './test-support/release';
import { runScript } from '@/lib/test-support/run-script';

/**
 * `npm run restore` and the schema a backup holds, on the embedded database: an earlier release's backup is restored
 * as it is and migrated by the site's start; a newer release's is refused before anything is restored. Both backups
 * are made by `npm run backup` from a stopped site's folder holding the earlier release's database (commit b0b3610,
 * lib/ops/fixtures), the newer one with a migration this release's journal does not have.
 */
const FIXTURE = path.join(process.cwd(), 'lib/ops/fixtures/release-b0b3610');
const CARLA = '00000000-0000-4000-8000-000000000002';
const work = mkdtempSync(path.join(tmpdir(), 'salon-restore-schema-'));
jest.setTimeout(180_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** A stopped site's DATA_DIR holding the earlier release's database with its rows, plus `extraMigrationAt` if given. */
async function earlierReleaseSite(name: string, extraMigrationAt?: number): Promise<string> {
  const dataDir = path.join(work, name);
  mkdirSync(dataDir);
  await copyReleaseDatabase(FIXTURE, pgliteFolder(dataDir));
  if (extraMigrationAt !== undefined) {
    const client = await openPglite(pgliteFolder(dataDir));
    try {
      await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a-later-release', $1)`, [extraMigrationAt]);
    } finally {
      await client.close();
    }
  }
  return dataDir;
}

async function backUp(dataDir: string, dir: string): Promise<string> {
  const made = await runScript('backup', ['--dir', dir], { DATA_DIR: dataDir, DATABASE_URL: undefined });
  expect(made).toMatchObject({ code: 0, stderr: '' });
  const [file] = readdirSync(dir);
  return path.join(dir, file!);
}

it("an earlier release's backup is restored as it is, and the site's start migrates it and reads its customer", async () => {
  const file = await backUp(await earlierReleaseSite('old-site'), path.join(work, 'old-backups'));
  expect(path.basename(file)).toMatch(/-0100_known_devices\.pglite\.tar\.gz$/);

  const target = path.join(work, 'old-restored');
  const restored = await runScript('restore', [file], { DATA_DIR: target, DATABASE_URL: undefined });
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain(`Its schema (0100_known_devices) is older than this release's (${releaseSchemaVersion()}): the site migrates it when it starts.`);

  const site = await openDatabase({ DATA_DIR: target, DATABASE_URL: undefined });
  try {
    const query = async (text: string) => (await site.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    expect(await databaseSchemaVersion(query)).toBe(releaseSchemaVersion());
    expect((await sessionForToken(site.db, 'u'.repeat(43)))?.user).toMatchObject({ id: CARLA, email: 'carla@example.com' });
  } finally {
    await site.close();
  }
});

it("a newer release's backup is refused before anything is restored, with a sentence naming both schemas", async () => {
  const later = journalEntries().at(-1)!.when + 86_400_000;
  const file = await backUp(await earlierReleaseSite('new-site', later), path.join(work, 'new-backups'));
  expect(path.basename(file)).toContain(`-unknown-${later}.pglite.tar.gz`);

  const target = path.join(work, 'new-restored');
  const refused = await runScript('restore', [file], { DATA_DIR: target, DATABASE_URL: undefined });
  expect(refused.code).toBe(4);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toBe(
    `${file} was written by a newer release of the site: its schema has a migration this release does not have (unknown-${later}; this release's newest is ${releaseSchemaVersion()}). Nothing was restored. Restore it with that release or a later one.\n`,
  );
  expect(existsSync(pgliteFolder(target))).toBe(false);

  // Into a DATA_DIR that holds a database, even with --force: the database there is left where it was, untouched.
  const kept = await earlierReleaseSite('kept-site');
  const forced = await runScript('restore', [file, '--force'], { DATA_DIR: kept, DATABASE_URL: undefined });
  expect(forced.code).toBe(4);
  expect(readdirSync(kept).filter((name) => name.includes('before-restore'))).toEqual([]);
  const client = await openPglite(pgliteFolder(kept));
  try {
    expect(await databaseSchemaVersion((text) => client.query(text))).toBe('0100_known_devices');
  } finally {
    await client.close();
  }
});

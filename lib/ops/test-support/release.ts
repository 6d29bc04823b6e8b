import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cachedDatabaseFolder } from '@/lib/test-support/template-db';
import { openPglite } from '../pglite-backup.mjs';

/**
 * An earlier release's migrations, for the upgrade tests: its fixture keeps that release's journal and the SHA-256 of
 * each migration it shipped; the SQL is today's `drizzle/` file, refused if it is not byte for byte the one shipped (a
 * shipped migration never changes). Answers a migrations folder (journal + SQL) in a temporary directory.
 */
export function releaseMigrations(fixture: string): string {
  const hashes = JSON.parse(readFileSync(path.join(fixture, 'sha256.json'), 'utf8')) as Record<string, string>;
  const folder = mkdtempSync(path.join(tmpdir(), 'salon-release-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    copyFileSync(path.join(fixture, '_journal.json'), path.join(folder, 'meta', '_journal.json'));
    for (const [name, expected] of Object.entries(hashes)) {
      const today = path.join(process.cwd(), 'drizzle', name);
      const actual = createHash('sha256').update(readFileSync(today)).digest('hex');
      if (actual !== expected) throw new Error(`drizzle/${name} is not the migration the release shipped (sha256 ${actual}, shipped ${expected}): a shipped migration must never change`);
      copyFileSync(today, path.join(folder, name));
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return folder;
}

/**
 * A stopped site's PGlite folder holding the release's database with the fixture's rows (`data.sql`), built once for
 * every test file that needs one (the upgrade and restore tests) and copied into `folder`. Migrating the release took
 * seconds each time; the copy is the same database, byte for byte.
 */
export async function copyReleaseDatabase(fixture: string, folder: string): Promise<void> {
  const template = await cachedDatabaseFolder(`release-${path.basename(fixture)}`, [path.relative(process.cwd(), fixture)], async (target) => {
    const migrations = releaseMigrations(fixture);
    const client = await openPglite(target);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrations });
      await client.exec(readFileSync(path.join(fixture, 'data.sql'), 'utf8'));
    } finally {
      await client.close();
      rmSync(migrations, { recursive: true, force: true });
    }
  });
  cpSync(template, folder, { recursive: true });
}

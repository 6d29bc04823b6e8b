import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db';
import { serveBackups } from './pglite-backup.mjs';
import { databaseSchemaVersion } from './schema-version.mjs';

/**
 * The running site answers `npm run backup` for its embedded database, which no other process may open
 * (lib/ops/pglite-backup.mjs). Nothing to do on PostgreSQL, which pg_dump reads directly.
 */
export async function serveRunningSiteBackups(database: Database, dataDir: string) {
  const { snapshot } = database;
  if (!snapshot) return null;
  const query = async (text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  try {
    return await serveBackups({ dataDir, backup: async () => ({ schemaVersion: await databaseSchemaVersion(query), data: await snapshot() }) });
  } catch (error) {
    // The site runs without it: `npm run backup` then says the site does not answer, and a stopped site is backed up.
    console.warn(`[backup] backups of the running site are off: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

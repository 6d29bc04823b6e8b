// The schema version of a database is the tag of the last migration applied to it (drizzle/meta/_journal.json).
// drizzle records each applied migration by its journal time (`when`), so the tag is found through the journal.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

/** The journal's migrations, oldest first: `{ tag, when }`. */
export function journalEntries(migrationsFolder = MIGRATIONS_FOLDER) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The schema version this release migrates a database to. */
export function releaseSchemaVersion(migrationsFolder = MIGRATIONS_FOLDER) {
  return journalEntries(migrationsFolder).at(-1).tag;
}

/**
 * The schema version of a database, through `query(text)` (any driver answering `{ rows }`): the last applied
 * migration's tag, `unknown-{when}` for a migration this release does not have (a newer release made it), or null
 * for a database no migration ran on.
 */
export async function databaseSchemaVersion(query, migrationsFolder = MIGRATIONS_FOLDER) {
  const table = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table.rows[0]?.present) return null;
  const { rows } = await query('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
  if (rows.length === 0) return null;
  const when = Number(rows[0].created_at);
  return journalEntries(migrationsFolder).find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;
}

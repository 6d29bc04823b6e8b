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

/**
 * Where a database's schema version stands against this release's: 'empty' (no migration ran), 'current', 'older'
 * (this release migrates it when the site starts), 'newer' (a later release's migration, which this release would not
 * know how to run beside) or 'unknown' (a migration no release of this site's journal has, from no later time).
 */
export function schemaStanding(schemaVersion, migrationsFolder = MIGRATIONS_FOLDER) {
  if (schemaVersion === null) return 'empty';
  const entries = journalEntries(migrationsFolder);
  if (schemaVersion === entries.at(-1).tag) return 'current';
  if (entries.some((entry) => entry.tag === schemaVersion)) return 'older';
  const when = Number(/^unknown-(\d+)$/.exec(schemaVersion)?.[1]);
  return Number.isFinite(when) && when > entries.at(-1).when ? 'newer' : 'unknown';
}

/**
 * The schema version held by a PostgreSQL backup's data, from the text pg_restore writes for drizzle's migrations
 * table (`COPY drizzle.__drizzle_migrations (...) FROM stdin;`, one tab-separated row a line, ended by `\.`): the
 * newest migration's tag as databaseSchemaVersion names it, or null when the backup has no migration.
 */
export function dumpSchemaVersion(copyText, migrationsFolder = MIGRATIONS_FOLDER) {
  const lines = copyText.split('\n');
  const start = lines.findIndex((line) => /^COPY drizzle\.__drizzle_migrations \(.*\) FROM stdin;$/.test(line));
  if (start < 0) return null;
  const column = lines[start].slice(lines[start].indexOf('(') + 1, lines[start].indexOf(')')).split(',').map((name) => name.trim()).indexOf('created_at');
  let newest = null;
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const when = Number(line.split('\t')[column]);
    if (Number.isFinite(when) && (newest === null || when > newest)) newest = when;
  }
  if (newest === null) return null;
  return journalEntries(migrationsFolder).find((entry) => entry.when === newest)?.tag ?? `unknown-${newest}`;
}

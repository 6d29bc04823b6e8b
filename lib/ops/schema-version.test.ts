import { backupFileName, backupKind } from './backup.mjs';
import { databaseSchemaVersion, dumpSchemaVersion, journalEntries, releaseSchemaVersion, schemaStanding } from './schema-version.mjs';

/** A query that answers as a database with these migrations applied (journal times), or none at all. */
const database = (applied: number[] | null) => async (text: string) => {
  if (text.includes('to_regclass')) return { rows: [{ present: applied !== null }] };
  return { rows: applied && applied.length > 0 ? [{ created_at: String(Math.max(...applied)) }] : [] };
};

it("names a database's schema by its last migration's tag, or says it is unknown or none", async () => {
  const entries = journalEntries();
  expect(releaseSchemaVersion()).toBe(entries.at(-1)!.tag);
  expect(await databaseSchemaVersion(database(entries.slice(0, 3).map((e) => e.when)))).toBe(entries[2]!.tag);
  expect(await databaseSchemaVersion(database([...entries.map((e) => e.when), 9_999_999_999_999]))).toBe('unknown-9999999999999');
  expect(await databaseSchemaVersion(database(null))).toBeNull();
  expect(await databaseSchemaVersion(database([]))).toBeNull();
});

it("a backup's name sorts by its UTC time and carries the schema; its kind comes from its first bytes", () => {
  const now = new Date('2026-11-29T03:15:07.123Z');
  expect(backupFileName({ kind: 'pglite', schemaVersion: '0190_passkeys', now })).toBe('salon-2026-11-29T03-15-07Z-0190_passkeys.pglite.tar.gz');
  expect(backupFileName({ kind: 'postgres', schemaVersion: '0190_passkeys', now })).toBe('salon-2026-11-29T03-15-07Z-0190_passkeys.pgdump');
  expect(backupKind(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('pglite');
  expect(backupKind(Buffer.from('PGDMP\u0001'))).toBe('postgres');
  expect(backupKind(Buffer.from('{"name"'))).toBeNull();
});

it("says where a schema stands against this release's: a newer release's migration is one after the journal's last", () => {
  const entries = journalEntries();
  expect(schemaStanding(null)).toBe('empty');
  expect(schemaStanding(releaseSchemaVersion())).toBe('current');
  expect(schemaStanding(entries[0]!.tag)).toBe('older');
  expect(schemaStanding(`unknown-${entries.at(-1)!.when + 1}`)).toBe('newer');
  expect(schemaStanding(`unknown-${entries.at(-1)!.when - 1}`)).toBe('unknown');
  expect(schemaStanding('0999_from_elsewhere')).toBe('unknown');
});

it("reads the schema of a PostgreSQL backup from pg_restore's text of drizzle's migrations table", () => {
  const entries = journalEntries();
  const copy = (whens: number[]) =>
    ['SET client_encoding = \'UTF8\';', 'COPY drizzle.__drizzle_migrations (id, hash, created_at) FROM stdin;', ...whens.map((when, i) => `${i + 1}\tabc${i}\t${when}`), '\\.', '', 'SELECT 1;'].join('\n');
  expect(dumpSchemaVersion(copy([entries[0]!.when, entries[1]!.when]))).toBe(entries[1]!.tag);
  expect(dumpSchemaVersion(copy([entries[1]!.when, entries[0]!.when]))).toBe(entries[1]!.tag);
  expect(dumpSchemaVersion(copy([entries.at(-1)!.when, 9_999_999_999_999]))).toBe('unknown-9999999999999');
  expect(dumpSchemaVersion(copy([]))).toBeNull();
  expect(dumpSchemaVersion('SET client_encoding = \'UTF8\';\n')).toBeNull();
});

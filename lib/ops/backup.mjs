// `npm run backup` and `npm run restore`: one file per backup, its name carrying the date and the schema version.
// The embedded database (PGlite) is copied whole, as a gzipped tarball of its data folder (pglite-backup.mjs); a
// PostgreSQL database (DATABASE_URL) with pg_dump's custom format, restored with pg_restore through psql in one
// transaction. Plain ESM, so that the scripts run with node alone, as create-staff does.
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.mjs';
import { hasPgliteDatabase, loadPgliteSnapshot, openPglite, pgliteFolder, requestBackup, snapshotPglite } from './pglite-backup.mjs';
import { databaseSchemaVersion, dumpSchemaVersion, releaseSchemaVersion, schemaStanding } from './schema-version.mjs';

/**
 * A refusal or failure with the sentence to print; `exitCode` 3 for a refusal the person can lift (--force, stopping the
 * site), 4 for a backup this release must not restore (a newer release's schema).
 */
export class BackupError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'BackupError';
    this.exitCode = exitCode;
  }
}

const EXTENSIONS = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };

/** `salon-2026-11-29T02-55-01Z-0190_passkeys.pglite.tar.gz`: sorts by date, says which release's schema it holds. */
export function backupFileName({ kind, schemaVersion, now }) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  return `salon-${stamp}-${schemaVersion ?? 'empty'}${EXTENSIONS[kind]}`;
}

/** What a backup file holds, from its first bytes (never its name): 'pglite', 'postgres' or null. */
export function backupKind(head) {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

function dataDirOf(env) {
  return path.resolve(env.DATA_DIR?.trim() || '.data');
}

function databaseUrlOf(env) {
  return env.DATABASE_URL?.trim() || undefined;
}

/** Writes a file whole or not at all: a backup cut short (a full disk, a killed cron job) never looks like one. */
function writeWhole(file, data) {
  const partial = `${file}.partial`;
  try {
    const fd = openSync(partial, 'w', 0o600);
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Backs up the configured database into `dir`. PGlite: from the running site when it holds the folder, else from the
 * folder itself. Answers `{ file, kind, schemaVersion, bytes, from }`.
 */
export async function backup({ env = process.env, dir, now = new Date() }) {
  const target = path.resolve(dir);
  mkdirSync(target, { recursive: true });
  const url = databaseUrlOf(env);
  if (url) return backupPostgres({ url, target, now });
  const dataDir = dataDirOf(env);
  if (!hasPgliteDatabase(dataDir)) throw new BackupError(`There is no database in ${pgliteFolder(dataDir)} to back up (DATA_DIR is ${dataDir}).`);
  let release;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const { schemaVersion, data } = await requestBackup(dataDir, error.pid).catch((failure) => {
      throw new BackupError(failure.message);
    });
    return keep({ kind: 'pglite', schemaVersion, data, target, now, from: `the running site (pid ${error.pid})` });
  }
  try {
    const client = await openPglite(pgliteFolder(dataDir));
    try {
      const schemaVersion = await databaseSchemaVersion((text) => client.query(text));
      const data = await snapshotPglite(client);
      return keep({ kind: 'pglite', schemaVersion, data, target, now, from: dataDir });
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

function keep({ kind, schemaVersion, data, target, now, from }) {
  const file = path.join(target, backupFileName({ kind, schemaVersion, now }));
  writeWhole(file, data);
  return { file, kind, schemaVersion, bytes: data.byteLength, from };
}

/** The URL without its password, which goes to the tools in PGPASSWORD instead of their command line (ps shows it). */
function connection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function withPg(url, run) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; rejects with its own words (stderr) when it fails or is not installed. */
function runTool(command, args, { env, stdin, stdout = 'ignore', started } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', stdout, 'pipe'] });
    started?.(child);
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: it comes with Debian's postgresql-client (apt-get install postgresql-client), whose version must be at least the server's.`
            : `${command} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(child);
      else reject(new BackupError(`${command} failed (exit status ${code}): ${errors.trim() || 'no message'}`));
    });
    if (stdin) stdin(child);
  });
}

async function backupPostgres({ url, target, now }) {
  const schemaVersion = await withPg(url, (client) => databaseSchemaVersion((text) => client.query(text)));
  if (schemaVersion === null) throw new BackupError('The database at DATABASE_URL has no tables of the site: nothing to back up.');
  const file = path.join(target, backupFileName({ kind: 'postgres', schemaVersion, now }));
  const partial = `${file}.partial`;
  const { url: bare, env } = connection(url);
  try {
    // pg_dump reads one snapshot of the database (its own transaction): bookings go on while it runs.
    await runTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', bare], { env });
    chmodSync(partial, 0o600);
    const fd = openSync(partial, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, kind: 'postgres', schemaVersion, bytes: statSync(file).size, from: 'pg_dump' };
}

function readBackup(file) {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new BackupError(`There is no file ${absolute}.`);
  const data = readFileSync(absolute);
  const kind = backupKind(data);
  if (!kind) throw new BackupError(`${absolute} is not a backup of this site (neither a PGlite data folder's tarball nor pg_dump's custom format).`);
  return { absolute, data, kind };
}

/** A sentence on the restored database's schema against this release's. */
function schemaNote(schemaVersion) {
  const release = releaseSchemaVersion();
  if (schemaStanding(schemaVersion) === 'older') return `Its schema (${schemaVersion}) is older than this release's (${release}): the site migrates it when it starts.`;
  return `Its schema (${schemaVersion ?? 'none'}) is this release's.`;
}

/**
 * Refuses, before anything is restored, a backup whose schema this release does not have: a newer release's (this
 * release's site would start on tables its code does not know, and its migrations could not be undone), or one of no
 * release of this site's journal.
 */
function refuseForeignSchema(absolute, schemaVersion) {
  const standing = schemaStanding(schemaVersion);
  const release = releaseSchemaVersion();
  if (standing === 'newer') {
    throw new BackupError(
      `${absolute} was written by a newer release of the site: its schema has a migration this release does not have (${schemaVersion}; this release's newest is ${release}). Nothing was restored. Restore it with that release or a later one.`,
      4,
    );
  }
  if (standing === 'unknown') {
    throw new BackupError(`${absolute} holds a schema no release of this site has (${schemaVersion}; this release's newest is ${release}). Nothing was restored.`, 4);
  }
}

/** The schema version a backup holds, read without restoring it anywhere. */
async function backupSchemaVersion(kind, absolute, data) {
  if (kind === 'pglite') {
    const client = await openPglite('memory://', { loadDataDir: new Blob([data]) }).catch((error) => {
      throw new BackupError(`${absolute} could not be read as a backup of the embedded database: ${error instanceof Error ? error.message : String(error)}`);
    });
    try {
      return await databaseSchemaVersion((text) => client.query(text));
    } finally {
      await client.close();
    }
  }
  let text = '';
  await runTool('pg_restore', ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file', '-', absolute], {
    stdout: 'pipe',
    started: (child) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
    },
  });
  return dumpSchemaVersion(text);
}

/**
 * Restores a backup into the configured database: an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL).
 * A target holding data is refused unless `force`: the PGlite folder is then kept beside, renamed; the PostgreSQL
 * schemas are replaced in the same transaction as the restore, so a failure leaves them as they were.
 */
export async function restore({ env = process.env, file, force = false, now = new Date() }) {
  const { absolute, data, kind } = readBackup(file);
  const url = databaseUrlOf(env);
  if (kind === 'postgres' && !url) throw new BackupError(`${absolute} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`);
  if (kind === 'pglite' && url) throw new BackupError(`${absolute} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`);
  refuseForeignSchema(absolute, await backupSchemaVersion(kind, absolute, data));
  return kind === 'postgres' ? restorePostgres({ url, file: absolute, force }) : restorePglite({ dataDir: dataDirOf(env), data, force, now });
}

async function restorePglite({ dataDir, data, force, now }) {
  let release;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(`${error.message} A restore replaces the database: the site must be stopped.`, 3);
    throw error;
  }
  try {
    const folder = pgliteFolder(dataDir);
    let keptAside = null;
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!force) throw new BackupError(`${folder} already holds a database. Restore into an empty DATA_DIR, or add --force to keep the present one beside it and restore in its place.`, 3);
      keptAside = `${folder}.before-restore-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}`;
      renameSync(folder, keptAside);
    }
    try {
      const client = await loadPgliteSnapshot(folder, data);
      try {
        const schemaVersion = await databaseSchemaVersion((text) => client.query(text));
        return { kind: 'pglite', target: folder, schemaVersion, keptAside, note: schemaNote(schemaVersion) };
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, folder);
      throw new BackupError(`The backup could not be restored: ${error instanceof Error ? error.message : String(error)}${keptAside ? ' The database that was there is back in place.' : ''}`);
    }
  } finally {
    release();
  }
}

async function restorePostgres({ url, file, force }) {
  const tables = await withPg(url, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return rows[0].n;
  });
  if (tables > 0 && !force) {
    throw new BackupError(`The database at DATABASE_URL is not empty (${tables} tables and sequences). Restore into a new, empty database, or add --force to replace its schemas with the backup's.`, 3);
  }
  const { url: bare, env } = connection(url);
  // pg_restore writes the backup as SQL; psql runs it, after the drops when forced, in one transaction. psql's input
  // ends only once pg_restore has finished well: a script cut short is never committed.
  const replace = force ? 'drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n' : '';
  let restoreFailure = null;
  const psql = runTool('psql', ['--quiet', '--no-psqlrc', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--dbname', bare], {
    env,
    stdin: (child) => {
      child.stdin.on('error', () => undefined);
      child.stdin.write(replace);
      const sql = runTool('pg_restore', ['--no-owner', '--no-privileges', '--file', '-', file], {
        stdout: 'pipe',
        stdin: null,
        started: (restoreChild) => restoreChild.stdout.pipe(child.stdin, { end: false }),
      });
      sql.then(
        () => child.stdin.end(),
        (error) => {
          if (child.exitCode !== null) return;
          restoreFailure = error;
          child.kill();
        },
      );
    },
  });
  try {
    await psql;
  } catch (error) {
    // psql stopped by a failed pg_restore says nothing useful; psql failing by itself (an SQL error) does.
    throw restoreFailure ?? error;
  }
  const schemaVersion = await withPg(url, (client) => databaseSchemaVersion((text) => client.query(text)));
  return { kind: 'postgres', target: 'DATABASE_URL', schemaVersion, keptAside: null, note: schemaNote(schemaVersion) };
}

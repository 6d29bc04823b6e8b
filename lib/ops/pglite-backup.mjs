// Backups of the embedded PGlite database: a gzipped tarball of its data folder, taken by the one process that owns
// the folder (lib/db/data-dir-lock.mjs). The running site answers on a Unix socket in DATA_DIR that only the site's
// user can open (a copy of every customer's data must not be one connection away for other users of the machine);
// a stopped site's folder is opened by the backup script itself.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const SOCKET_NAME = 'backup.sock';
/** Linux's limit for a Unix socket's path (sun_path, less its final NUL). */
const SOCKET_PATH_MAX = 107;

export function backupSocketPath(dataDir) {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

/** The PGlite folder of a DATA_DIR, as lib/db/client.ts opens it. */
export function pgliteFolder(dataDir) {
  return path.join(path.resolve(dataDir), 'pglite');
}

export function hasPgliteDatabase(dataDir) {
  return existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION'));
}

/** Opens a PGlite folder with the extensions the schema uses (as lib/db/client.ts does), without migrating it. */
export async function openPglite(folder, options = {}) {
  const [{ PGlite }, { btree_gist }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(folder, { extensions: { btree_gist, pg_trgm }, ...options });
}

/**
 * A consistent copy of the data folder, gzipped. Inside a transaction of its own no other transaction or query runs
 * (PGlite runs one at a time), so the copy holds every committed booking and nothing half-done; the CHECKPOINT writes
 * what is in memory to the files first, so the copy opens without replaying the write-ahead log. Bookings wait only
 * for the uncompressed tarball (about 0.3 s for the test database's 42 MB folder); it is compressed after, on
 * libuv's threads, while they go on.
 */
export async function snapshotPglite(client) {
  const tarball = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('none');
  });
  return new Uint8Array(await gzipAsync(new Uint8Array(await tarball.arrayBuffer())));
}

/** Restores a snapshot into `folder`, which must not hold a database. */
export async function loadPgliteSnapshot(folder, data) {
  const client = await openPglite(folder, { loadDataDir: new Blob([data]) });
  return client;
}

/**
 * Answers backup requests on DATA_DIR/backup.sock: `backup()` gives `{ schemaVersion, data }`. Returns the server,
 * or null (with the reason logged) when the socket's path is too long for Linux. Call only in the process that holds
 * the folder's lock: a socket file left by an earlier process is removed.
 */
export async function serveBackups({ dataDir, backup, log = console }) {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    log.warn(`[backup] ${socket} is longer than a Unix socket's path may be (${SOCKET_PATH_MAX} bytes): backups of the running site are off; use a shorter DATA_DIR.`);
    return null;
  }
  rmSync(socket, { force: true });
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('error', () => undefined);
    // A client that asks nothing does not hold a connection open.
    connection.setTimeout(10_000, () => {
      if (!request.includes('\n')) connection.destroy();
    });
    connection.on('data', async (chunk) => {
      request += chunk;
      if (!request.includes('\n')) return;
      connection.removeAllListeners('data');
      if (request.trim() !== 'backup') {
        connection.end(`${JSON.stringify({ ok: false, message: 'Unknown request: this socket answers "backup".' })}\n`);
        return;
      }
      try {
        const { schemaVersion, data } = await backup();
        connection.write(`${JSON.stringify({ ok: true, schemaVersion, bytes: data.byteLength })}\n`);
        connection.end(data);
      } catch (error) {
        log.error('[backup] the backup of the running site failed', error);
        connection.end(`${JSON.stringify({ ok: false, message: `The site could not copy its database: ${error instanceof Error ? error.message : String(error)}` })}\n`);
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  server.unref();
  return server;
}

export class BackupChannelError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BackupChannelError';
  }
}

/** Asks the running site (the process holding DATA_DIR) for a snapshot: `{ schemaVersion, data }`. */
export function requestBackup(dataDir, pid) {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    return Promise.reject(
      new BackupChannelError(`${socket} is longer than a Unix socket's path may be (${SOCKET_PATH_MAX} bytes), so the running site cannot be asked for a backup: stop it and run the backup again, or use a shorter DATA_DIR.`),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    const connection = createConnection(socket);
    connection.on('connect', () => connection.write('backup\n'));
    connection.on('data', (chunk) => chunks.push(chunk));
    connection.on('error', (error) => {
      const site = pid ? `The site (pid ${pid})` : 'The process that holds it';
      const reason =
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? `${site} holds ${path.resolve(dataDir)} but does not answer backups on ${socket}: it may still be starting (try again in a few seconds) or run a release without online backups (stop it, then run the backup again).`
          : `Could not reach the running site on ${socket}: ${error.message}`;
      reject(new BackupChannelError(reason));
    });
    connection.on('end', () => {
      const whole = Buffer.concat(chunks);
      const newline = whole.indexOf(0x0a);
      if (newline === -1) {
        reject(new BackupChannelError('The running site closed the backup connection without an answer.'));
        return;
      }
      const header = JSON.parse(whole.subarray(0, newline).toString('utf8'));
      if (!header.ok) {
        reject(new BackupChannelError(header.message));
        return;
      }
      const data = whole.subarray(newline + 1);
      if (data.byteLength !== header.bytes) {
        reject(new BackupChannelError(`The running site sent ${data.byteLength} of ${header.bytes} bytes; the backup is incomplete and was not kept.`));
        return;
      }
      resolve({ schemaVersion: header.schemaVersion, data });
    });
  });
}

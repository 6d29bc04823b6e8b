import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Hosts whose disk does not outlast a request or an instance (and where many instances run at once): an embedded
 * database there would lose every booking. Each is known by a variable the platform sets in every function.
 */
const EPHEMERAL_HOSTS: readonly { variable: string; name: string }[] = [
  { variable: 'VERCEL', name: 'Vercel' },
  { variable: 'AWS_LAMBDA_FUNCTION_NAME', name: 'AWS Lambda' },
  { variable: 'NETLIFY', name: 'Netlify' },
  { variable: 'K_SERVICE', name: 'Google Cloud Run' },
];

/** The embedded database cannot be used where it would lose its data; the message says what to set instead. */
export class EmbeddedDatabaseRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseRefusedError';
  }
}

/** The file system calls of probeWritable (a test gives its own). */
export interface ProbeFs {
  existsSync(folder: string): boolean;
  mkdirSync(folder: string, options?: { recursive: boolean }): unknown;
  writeFileSync(file: string, data: string): void;
  rmSync(file: string, options: { force: boolean }): void;
}

/** Writes and removes a small file in `folder` (made first); throws what the file system said. */
export function probeWritable(folder: string, fs: ProbeFs = { existsSync, mkdirSync, writeFileSync, rmSync }): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Node's recursive mkdir says ENOENT where the file system refused (EROFS on a read-only one): made one level at a
    // time, the first missing level says why.
    const missing: string[] = [];
    for (let level = folder; !fs.existsSync(level) && level !== path.dirname(level); level = path.dirname(level)) missing.unshift(level);
    for (const level of missing) fs.mkdirSync(level);
  }
  const probe = path.join(folder, `.write-test-${process.pid}`);
  fs.writeFileSync(probe, 'ok');
  fs.rmSync(probe, { force: true });
}

const NOT_WRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * Throws EmbeddedDatabaseRefusedError, at start and before anything is written, when the embedded database (PGlite in
 * DATA_DIR) would run on an ephemeral host or a read-only disk, with a sentence naming DATABASE_URL.
 */
export function assertEmbeddedDiskUsable(dataDir: string, environment: Record<string, string | undefined> = process.env, probe: (folder: string) => void = probeWritable): void {
  const host = EPHEMERAL_HOSTS.find(({ variable }) => environment[variable]?.trim());
  if (host) {
    throw new EmbeddedDatabaseRefusedError(
      `This site runs on ${host.name} (${host.variable} is set), whose disk is lost between requests and instances: the embedded database in DATA_DIR would lose every booking. Set DATABASE_URL to a PostgreSQL server (postgres://…).`,
    );
  }
  try {
    probe(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code || !NOT_WRITABLE.has(code)) throw error;
    const why = code === 'EROFS' ? 'it is on a read-only file system' : 'this process may not write there';
    throw new EmbeddedDatabaseRefusedError(
      `The embedded database cannot be kept in ${dataDir}: ${why} (${code}). Set DATA_DIR to a writable folder on a lasting disk, or DATABASE_URL to a PostgreSQL server (postgres://…).`,
    );
  }
}

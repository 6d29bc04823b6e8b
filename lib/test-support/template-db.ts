import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@/lib/db/client';
import { seedDatabase } from '@/lib/db/seed';

/**
 * One migrated and seeded embedded database, built once and copied into each test file's DATA_DIR (migrating and
 * seeding a fresh PGlite took seconds per file). Its key is a hash of what shapes it: the migrations, the seed and
 * the catalogue data. A copy is still opened the normal way, so a migration or a catalogue change the key missed
 * would be applied on open: the template only saves time, it never decides what a test sees.
 */
const CACHE_DIR = path.join(process.cwd(), 'node_modules', '.cache', 'salon-test-db');
const SOURCES = ['drizzle', 'lib/db/seed.ts', 'lib/catalog/data'];
const LOCK_STALE_MS = 5 * 60_000;
/** What shapes every template besides its own sources: this file (the buffer pool below). */
const THIS_FILE = 'lib/test-support/template-db.ts';
/**
 * The buffer pool of a test file's database. PGlite's default, 128 MB, is allocated and cleared in WebAssembly memory
 * on every open: a copy of the template opened in 1.1 s with it and 0.65 s with 16 MB, and twelve database test
 * files took 27 to 31 s instead of 34. A test file's data is a few megabytes; the site itself keeps the default.
 */
const TEST_SHARED_BUFFERS = '16MB';
const WAIT_MS = 180_000;

function filesUnder(entry: string): string[] {
  const full = path.join(process.cwd(), entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(process.cwd(), path.join(dirent.parentPath, dirent.name)))
    .sort();
}

function templateKey(sources: string[]): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(filesUnder)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function build(target: string): Promise<void> {
  const dataDir = `${target}-data`;
  rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  renameSync(path.join(dataDir, 'pglite'), target);
  rmSync(dataDir, { recursive: true, force: true });
}

/** Sets the PGlite folder's shared_buffers to TEST_SHARED_BUFFERS (postgresql.conf, read when it opens). */
function withTestBufferPool(folder: string): void {
  const file = path.join(folder, 'postgresql.conf');
  const settings = readFileSync(file, 'utf8');
  if (!/^shared_buffers = /m.test(settings)) throw new Error(`No shared_buffers line in ${file}`);
  writeFileSync(file, settings.replace(/^shared_buffers = \S+/m, `shared_buffers = ${TEST_SHARED_BUFFERS}`));
}

/**
 * A PGlite folder built once by `build(scratch)` and kept under `name` and the hash of `sources` (paths from the
 * repository's root), built by the first Jest worker that asks while the others wait for it.
 */
export async function cachedDatabaseFolder(name: string, sources: string[], build: (target: string) => Promise<void>): Promise<string> {
  const target = path.join(CACHE_DIR, `${name}-${templateKey([...sources, THIS_FILE])}`);
  const ready = `${target}.ready`;
  const lock = `${target}.lock`;
  mkdirSync(CACHE_DIR, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A worker that died while building leaves its lock: taken over once it is old.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for the test database template ${lock}`);
      else await sleep(200);
      continue;
    }
    try {
      if (!existsSync(ready)) {
        const scratch = `${target}.building-${process.pid}`;
        rmSync(scratch, { recursive: true, force: true });
        await build(scratch);
        withTestBufferPool(scratch);
        rmSync(target, { recursive: true, force: true });
        renameSync(scratch, target);
        writeFileSync(ready, new Date().toISOString());
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return target;
}

/** Today's migrated and seeded database (the template every test file's DATA_DIR starts from). */
export function templateDatabase(): Promise<string> {
  return cachedDatabaseFolder('seeded', SOURCES, build);
}

/** Copies the template into `dataDir` as its PGlite folder. */
export async function copyTemplateDatabase(dataDir: string): Promise<void> {
  cpSync(await templateDatabase(), path.join(dataDir, 'pglite'), { recursive: true });
}

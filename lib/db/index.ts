import 'server-only';
import { env } from '@/lib/env';
import { openDatabase, type Database, type Db } from './client';
import { seedDatabase } from './seed';

export type { Db, Tx, Database } from './client';
export * from './schema';

interface DbGlobal {
  __salonDatabase?: Promise<Database>;
  __salonDatabaseSignals?: boolean;
  /** Set by server.mjs, which stops the site on SIGTERM/SIGINT and calls __salonCloseDatabase before it exits. */
  __salonServerHandlesSignals?: boolean;
  __salonCloseDatabase?: () => Promise<void>;
}

const store = globalThis as typeof globalThis & DbGlobal;

async function start(): Promise<Database> {
  const database = await openDatabase(env());
  await seedDatabase(database.db);
  return database;
}

function closeOnSignals() {
  if (store.__salonServerHandlesSignals) {
    store.__salonCloseDatabase = closeDb;
    return;
  }
  if (store.__salonDatabaseSignals) return;
  store.__salonDatabaseSignals = true;
  const close = () => {
    void closeDb();
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

/**
 * The process's one database: opened, migrated and seeded on first use. Kept on globalThis so that development
 * reloads and every route bundle share it (PGlite allows one instance per data folder).
 */
export function getDatabase(): Promise<Database> {
  if (!store.__salonDatabase) {
    store.__salonDatabase = start().catch((error: unknown) => {
      store.__salonDatabase = undefined;
      throw error;
    });
    closeOnSignals();
  }
  return store.__salonDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the database (on SIGTERM, and at the end of a test file). The next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const pending = store.__salonDatabase;
  store.__salonDatabase = undefined;
  if (!pending) return;
  const database = await pending.catch(() => undefined);
  await database?.close();
}

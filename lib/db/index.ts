import 'server-only';
import { env } from '@/lib/env';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import { openDatabase, type Database, type Db } from './client';
import { seedDatabase } from './seed';

export type { Db, Tx, Database } from './client';
export * from './schema';

async function start(): Promise<Database> {
  const database = await openDatabase(env());
  await seedDatabase(database.db);
  return database;
}

function closeOnSignals() {
  // server.mjs stops the site on SIGTERM/SIGINT and calls closeDatabase before it exits.
  if (sharedSlot('serverHandlesSignals')) {
    setSharedSlot('closeDatabase', closeDb);
    return;
  }
  if (sharedSlot('databaseSignals')) return;
  setSharedSlot('databaseSignals', true);
  const close = () => {
    void closeDb();
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

/**
 * The process's one database: opened, migrated and seeded on first use. In a shared slot so that development
 * reloads and every route bundle share it (PGlite allows one instance per data folder).
 */
export function getDatabase(): Promise<Database> {
  let database = sharedSlot('database');
  if (!database) {
    database = start().catch((error: unknown) => {
      setSharedSlot('database', undefined);
      throw error;
    });
    setSharedSlot('database', database);
    closeOnSignals();
  }
  return database;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the database (on SIGTERM, and at the end of a test file). The next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const pending = sharedSlot('database');
  setSharedSlot('database', undefined);
  if (!pending) return;
  const database = await pending.catch(() => undefined);
  await database?.close();
}

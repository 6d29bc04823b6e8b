import { sql } from 'drizzle-orm';
import { repeatRound } from '@/lib/server/repeating-round';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import type { Database, Db } from './client';

/**
 * PGlite runs PostgreSQL as one standalone backend: autovacuum never runs there (measured: 50,000 dead rows still
 * dead 75 s on, `last_autovacuum` null). Without it a site on its default database would never reuse the space of an
 * updated or deleted row, and its planner would never learn a table's size (an export of 100,000 appointments sorted
 * 82,000 rows for each batch of 1,000 until ANALYZE). So the embedded site does what autovacuum would: every
 * UPKEEP_INTERVAL_MS it vacuums and analyses the tables past autovacuum's default thresholds. On PostgreSQL the
 * server's own autovacuum does this.
 */
export const UPKEEP_INTERVAL_MS = 10 * 60_000;

/** A table is due, as autovacuum decides with its defaults: dead rows over 50 + 20% of its rows, changes since its
 * last analysis over 50 + 10%, or no analysis yet (a database from before this upkeep, or its counters lost to a
 * crash). */
export async function tablesDueForUpkeep(db: Db): Promise<string[]> {
  // The counters of the latest writes reach the statistics when the backend is next idle, at most once a second.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select relname as name from pg_stat_user_tables
    where schemaname = 'public'
      and (n_dead_tup > 50 + 0.2 * n_live_tup
        or n_mod_since_analyze > 50 + 0.1 * n_live_tup
        or (last_analyze is null and last_autoanalyze is null))
    order by relname`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** One round: VACUUM (ANALYZE) each due table, one at a time (PGlite answers nothing else meanwhile). */
export async function upkeepRound(db: Db): Promise<string[]> {
  const due = await tablesDueForUpkeep(db);
  for (const table of due) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return due;
}

/**
 * Runs upkeepRound every `intervalMs` in this process, one round at a time, for an embedded database; nothing for
 * PostgreSQL. Stopped by server.mjs before the database closes (the shared slot `stopDatabaseUpkeep`).
 */
export function startDatabaseUpkeep(database: Pick<Database, 'db' | 'kind'>, intervalMs = UPKEEP_INTERVAL_MS): { stop(): Promise<void> } {
  const started = sharedSlot('databaseUpkeep');
  if (started) return started;
  if (database.kind !== 'pglite') return { stop: async () => undefined };
  const rounds = repeatRound(
    async () => {
      const began = Date.now();
      const tables = await upkeepRound(database.db);
      if (tables.length > 0) console.info(`[db] vacuumed and analysed ${tables.join(', ')} in ${Date.now() - began} ms`);
    },
    intervalMs,
    (error) => console.error('[db] the upkeep round failed; the next one tries again', error),
  );
  const upkeep = {
    async stop() {
      await rounds.stop();
      setSharedSlot('databaseUpkeep', undefined);
    },
  };
  setSharedSlot('databaseUpkeep', upkeep);
  setSharedSlot('stopDatabaseUpkeep', () => upkeep.stop());
  return upkeep;
}

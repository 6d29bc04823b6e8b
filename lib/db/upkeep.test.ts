import { sql } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { startDatabaseUpkeep, tablesDueForUpkeep, upkeepRound } from './upkeep';

createTempDataDir('salon-upkeep-');
afterAll(closeDb);

interface TableStats {
  dead: number;
  vacuumed: boolean;
  analysed: boolean;
}

async function statsOf(db: Db, table: string): Promise<TableStats> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
    from pg_stat_user_tables where relname = ${table}`)) as unknown as { rows: TableStats[] };
  return result.rows[0]!;
}

/** The churn of the rate limiter's counters (one row per address and action, removed when its window ends). */
async function leaveDeadRateLimitRows(db: Db): Promise<void> {
  await db.execute(sql`insert into rate_limits (key, window_start, count) select 'signin:' || n, now(), 1 from generate_series(1, 300) n`);
  await db.execute(sql`delete from rate_limits`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('vacuums and analyses the tables past autovacuum’s thresholds, every one never analysed first, then only those changed', async () => {
  const db = await getDb();
  // The seeded database has never been analysed: its first round takes every table.
  const first = await upkeepRound(db);
  expect(first).toEqual(expect.arrayContaining(['appointments', 'therapists', 'users']));
  expect(await statsOf(db, 'appointments')).toMatchObject({ vacuumed: true, analysed: true });
  expect(await tablesDueForUpkeep(db)).toEqual([]);

  await leaveDeadRateLimitRows(db);
  expect((await statsOf(db, 'rate_limits')).dead).toBeGreaterThan(50);
  expect(await upkeepRound(db)).toEqual(['rate_limits']);
  expect((await statsOf(db, 'rate_limits')).dead).toBe(0);
  expect(await upkeepRound(db)).toEqual([]);
});

it('runs a round each interval on PGlite until stopped, and none on PostgreSQL (its autovacuum does it)', async () => {
  const db = await getDb();
  await upkeepRound(db);

  await leaveDeadRateLimitRows(db);
  const onPostgres = startDatabaseUpkeep({ db, kind: 'postgres' }, 5);
  await sleep(100);
  expect((await statsOf(db, 'rate_limits')).dead).toBeGreaterThan(50);
  await onPostgres.stop();

  const upkeep = startDatabaseUpkeep({ db, kind: 'pglite' }, 5);
  // One per process: a second start (instrumentation may run twice) is the same timer.
  expect(startDatabaseUpkeep({ db, kind: 'pglite' }, 5)).toBe(upkeep);
  for (let waited = 0; (await statsOf(db, 'rate_limits')).dead > 0; waited += 20) {
    if (waited > 10_000) throw new Error('no upkeep round within 10 s');
    await sleep(20);
  }
  await upkeep.stop();
  await leaveDeadRateLimitRows(db);
  await sleep(100);
  expect((await statsOf(db, 'rate_limits')).dead).toBeGreaterThan(50);
});

/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgAdmin } from '@/lib/test-support/pg-admin';
import { openDatabase, type Database } from './client';

/**
 * A PostgreSQL restart, a failover or `drop database … with (force)` ends the pool's idle connections from the server's
 * side. pg's pool then emits 'error'; without a listener Node throws it and the whole site stops. The pool must
 * forget the lost connection and open another for the next query. Runs only under `npm run test:pg`.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('pool.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(60_000);

const databaseName = `pool_lost_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pool-lost-pg-'));
let database: Database;

beforeAll(async () => {
  await pgAdmin((client) => client.query(`create database ${databaseName}`));
  const address = new URL(process.env.DATABASE_URL!);
  address.pathname = `/${databaseName}`;
  database = await openDatabase({ DATABASE_URL: address.toString(), DATA_DIR: dataDir });
});

afterAll(async () => {
  await database?.close();
  await pgAdmin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

it('an idle connection ended by the server is dropped from the pool, and the next query opens another', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // Three connections at once, then idle in the pool.
  await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
  const { rows } = await pgAdmin((client) =>
    client.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [databaseName]),
  );
  expect(rows.filter((row) => row.ended).length).toBeGreaterThanOrEqual(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { rows: answer } = (await database.db.execute(sql`select 1 + 1 as two`)) as unknown as { rows: { two: number }[] };
  expect(answer).toEqual([{ two: 2 }]);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('[db] an idle PostgreSQL connection was lost'), expect.anything());
  warn.mockRestore();
});

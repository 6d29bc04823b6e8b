import { sql } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { isRetryableConflict, lockTherapistDays, transactionWithRetry } from './therapist-locks';

jest.setTimeout(120_000);
createTempDataDir('salon-locks-');
afterAll(closeDb);

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

async function advisoryLocksHeld(db: Db): Promise<string[]> {
  // Both drivers answer raw queries with { rows }.
  const result = (await db.execute(sql`select classid::int as a, objid::int as b from pg_locks where locktype = 'advisory' and objsubid = 2 order by a, b`)) as unknown as { rows: { a: number; b: number }[] };
  return result.rows.map((r) => `${r.a}:${r.b}`);
}

describe('lockTherapistDays', () => {
  it('holds one lock per therapist and New York day until the transaction ends', async () => {
    const db = await getDb();
    const held = await db.transaction(async (tx) => {
      await lockTherapistDays(tx, [
        { therapistId: 3, startMs: Date.parse('2027-01-11T15:00:00Z') },
        { therapistId: 1, startMs: Date.parse('2027-01-11T20:00:00Z') },
        { therapistId: 3, startMs: Date.parse('2027-01-11T16:00:00Z') },
        // 11 p.m. on the 11th in New York is already the 12th in UTC: the day is New York's.
        { therapistId: 1, startMs: Date.parse('2027-01-12T04:00:00Z') },
      ]);
      return advisoryLocksHeld(tx as unknown as Db);
    });
    expect(held).toEqual(['1:20270111', '3:20270111']);
    expect(await advisoryLocksHeld(db)).toEqual([]);
  });
});

describe('transactionWithRetry', () => {
  it('reruns a transaction that PostgreSQL aborted for a deadlock or a serialization failure', async () => {
    const db = await getDb();
    const failures = [pgError('40P01'), { cause: pgError('40001') }];
    let runs = 0;
    const result = await transactionWithRetry(db, async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'booked';
    });
    expect(result).toBe('booked');
    expect(runs).toBe(3);
  });

  it('gives up after the last attempt and passes other errors through at once', async () => {
    const db = await getDb();
    let runs = 0;
    await expect(transactionWithRetry(db, async () => { runs++; throw pgError('40P01'); }, 2)).rejects.toThrow('pg 40P01');
    expect(runs).toBe(2);
    runs = 0;
    await expect(transactionWithRetry(db, async () => { runs++; throw pgError('23P01'); })).rejects.toThrow('pg 23P01');
    expect(runs).toBe(1);
  });

  it('tells retryable conflicts from other errors', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(new Error('x', { cause: pgError('40001') }))).toBe(true);
    expect(isRetryableConflict(pgError('23P01'))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});

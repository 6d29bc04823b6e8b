import { sql } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { isRetryableConflict, LOCK_BUCKET_MS, lockKeys, lockTherapistTimes, transactionWithRetry } from './therapist-locks';

jest.setTimeout(120_000);
createTempDataDir('salon-locks-');
afterAll(closeDb);

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

async function advisoryLocksHeld(db: Db): Promise<string[]> {
  // Both drivers answer raw queries with { rows }.
  const result = (await db.execute(sql`select classid::int as a, objid::int as b from pg_locks where locktype = 'advisory' and objsubid = 2 order by a, b`)) as unknown as { rows: { a: number; b: number }[] };
  return result.rows.map((r) => `${r.a}:${r.b}`);
}

const at = (iso: string) => Date.parse(iso);
const bucketOf = (iso: string) => at(iso) / LOCK_BUCKET_MS;

describe('lockKeys', () => {
  it('covers every quarter hour of each range, once, sorted by therapist and time', () => {
    expect(
      lockKeys([
        { therapistId: 3, start: at('2027-01-11T15:00:00Z'), end: at('2027-01-11T15:30:00Z') },
        { therapistId: 1, start: at('2027-01-11T15:15:00Z'), end: at('2027-01-11T15:30:00Z') },
        { therapistId: 3, start: at('2027-01-11T15:15:00Z'), end: at('2027-01-11T15:45:00Z') },
      ]),
    ).toEqual([
      [1, bucketOf('2027-01-11T15:15:00Z')],
      [3, bucketOf('2027-01-11T15:00:00Z')],
      [3, bucketOf('2027-01-11T15:15:00Z')],
      [3, bucketOf('2027-01-11T15:30:00Z')],
    ]);
  });

  it('gives any two overlapping ranges of one therapist a common key, and back-to-back ones none', () => {
    const keysOf = (start: string, minutes: number) => lockKeys([{ therapistId: 1, start: at(start), end: at(start) + minutes * 60_000 }]).map(String);
    const shared = (a: string[], b: string[]) => a.some((key) => b.includes(key));
    expect(shared(keysOf('2027-01-11T15:00:00Z', 30), keysOf('2027-01-11T15:25:00Z', 45))).toBe(true);
    expect(shared(keysOf('2027-01-11T15:00:00Z', 180), keysOf('2027-01-11T16:00:00Z', 15))).toBe(true);
    expect(shared(keysOf('2027-01-11T15:00:00Z', 30), keysOf('2027-01-11T15:30:00Z', 30))).toBe(false);
  });
});

describe('lockTherapistTimes', () => {
  it('holds the locks until the transaction ends', async () => {
    const db = await getDb();
    const held = await db.transaction(async (tx) => {
      await lockTherapistTimes(tx, [{ therapistId: 2, start: at('2027-01-11T15:00:00Z'), end: at('2027-01-11T15:30:00Z') }]);
      return advisoryLocksHeld(tx as unknown as Db);
    });
    expect(held).toEqual([`2:${bucketOf('2027-01-11T15:00:00Z')}`, `2:${bucketOf('2027-01-11T15:15:00Z')}`]);
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

import { sql } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { LOCK_SPACE, lockForTransaction } from './advisory-lock';

jest.setTimeout(120_000);
createTempDataDir('salon-advisory-');
afterAll(closeDb);

/** The two-key advisory locks this session holds, as 'space:key'. */
async function held(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`select classid::int as a, objid::int as b from pg_locks where locktype = 'advisory' and objsubid = 2 and pid = pg_backend_pid() order by a, b`)) as unknown as {
    rows: { a: number; b: number }[];
  };
  return result.rows.map((r) => `${r.a}:${r.b}`);
}

async function hashOf(db: Db, id: string): Promise<number> {
  const result = (await db.execute(sql`select hashtext(${id}) as h`)) as unknown as { rows: { h: number }[] };
  return result.rows[0]!.h;
}

describe('lockForTransaction', () => {
  it('holds a lock per space and id, apart from the therapist locks (negative first key), until the transaction ends', async () => {
    const db = await getDb();
    const id = '0b5c1c36-6f7a-4a8e-9d3e-2a1f7f0c9a11';
    const locks = await db.transaction(async (tx) => {
      await lockForTransaction(tx, 'bookingCustomer', id);
      await lockForTransaction(tx, 'shopCheckout', id);
      return held(tx as unknown as Db);
    });
    const hash = await hashOf(db, id);
    expect(LOCK_SPACE.bookingCustomer).toBeLessThan(0);
    expect(locks).toEqual([`${LOCK_SPACE.shopCheckout}:${hash}`, `${LOCK_SPACE.bookingCustomer}:${hash}`]);
    expect(await held(db)).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { searchCustomers } from '../customers';

/**
 * The desk's search for a caller, the same on PGlite (customer-search.test.ts) and PostgreSQL
 * (customer-search.pg.test.ts): the number in each form a caller ID or a person gives it, a name with a typo, and the
 * exact and prefix matches ahead of the ones only alike. `tag` keeps the rows of one run apart from others'.
 */
export async function searchCases(db: Db, tag: string) {
  const digits = `212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const [abbott] = await db
    .insert(users)
    .values({ name: `Abbott Kowalczyk${tag}`, email: null, phone: digits })
    .returning({ id: users.id });
  await db.insert(users).values([
    { name: `Abottson Wren${tag}`, email: `wren${tag}@example.com`, phone: null },
    { name: `Cabot Lane${tag}`, email: `cabot${tag}@example.com`, phone: null },
  ]);
  const names = async (q: string) => (await searchCustomers(db, q)).customers.map((c) => c.name);
  const ids = async (q: string) => (await searchCustomers(db, q)).customers.map((c) => c.id);
  const d = digits;
  const forms = [`+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`, `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`, d, `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`, `1 ${d}`];
  return {
    abbottId: abbott!.id,
    phoneForms: await Promise.all(forms.map(async (form) => ({ form, ids: await ids(form) }))),
    /** 'Abott' is no substring of 'Abbott': only the trigram similarity finds it. */
    typo: await names(`Abott Kowalczyk${tag}`),
    typoAlone: await names(`Kowalczk${tag}`),
    /** 'abott' is a prefix of 'Abottson', so Abottson comes before Abbott, who is only alike. */
    prefixFirst: await names('abott'),
    nothing: await names(`Qxzvy Plomb${tag}`),
    /** The plan of the typo search as lib/desk/customers.ts runs it: from the trigram index. */
    typoPlan: await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = (await tx.execute(sql`explain select id from users where search_text %> ${'abott'} limit 50`)) as unknown as { rows: Record<string, string>[] };
      return plan.rows.map((row) => Object.values(row)[0]).join('\n');
    }),
  };
}

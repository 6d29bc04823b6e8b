import { randomUUID } from 'node:crypto';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import type { Db } from '@/lib/db';
import { customerPackages } from '@/lib/db/schema';
import { queueMail } from '@/lib/mail/outbox';

export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every row of every table of the site (schemas public and drizzle) as text, sorted, by table. */
export async function tableRows(query: Query): Promise<Record<string, string[]>> {
  const { rows: tables } = await query(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await query(`select t::text as row from ${String(name)} t`);
    all[String(name)] = rows.map((r) => String(r.row)).sort();
  }
  return all;
}

/** What a customer leaves in the database: the account, a booked visit, a package and a mail waiting in the outbox. */
export async function customerWithEverything(db: Db, { start, therapistId = 1 }: { start: string; therapistId?: number }) {
  const customerId = await insertUser(db);
  const bookingId = await insertAppointment(db, { customerId, therapistId, start, minutes: 30 });
  const pvId = randomUUID();
  await db.insert(customerPackages).values({ customerId, pvId, serviceId: randomUUID(), sessionsTotal: 3, sessionsUsed: 1 });
  const outboxId = await queueMail(db, { to: `${customerId}@example.com`, subject: 'Your visit', text: 'See you soon.', html: '<p>See you soon.</p>' });
  return { customerId, bookingId, pvId, outboxId };
}

/** Each table's columns (quoted), by table. */
export async function columnsOf(query: Query): Promise<Record<string, string[]>> {
  const { rows } = await query(
    `select table_name as t, string_agg(quote_ident(column_name), ',' order by ordinal_position) as c from information_schema.columns where table_schema = 'public' group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.t), String(r.c).split(',')]));
}

/** Every row of each table, as text, in the columns given (an earlier release's), sorted. */
export async function valuesOf(query: Query, columns: Record<string, string[]>): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const [table, names] of Object.entries(columns)) {
    const { rows } = await query(`select row(${names.join(', ')})::text as v from ${table}`);
    all[table] = rows.map((r) => String(r.v)).sort();
  }
  return all;
}

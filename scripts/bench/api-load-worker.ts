/**
 * Database side of the API load run (scripts/bench/api-load.mjs), against DATABASE_URL:
 *   node --conditions=react-server --import tsx scripts/bench/api-load-worker.ts setup <n>   customers with sessions
 *   node --conditions=react-server --import tsx scripts/bench/api-load-worker.ts check       double bookings
 * Prints one JSON line.
 */
import { sql } from 'drizzle-orm';
import { closeDb, getDatabase } from '@/lib/db';

async function setup(n: number) {
  const { signedIn } = await import('@/lib/booking/test-support/fixtures');
  const { WAX } = await import('@/lib/booking/test-support/cards');
  const { db } = await getDatabase();
  const customers = [];
  for (let i = 0; i < n; i++) customers.push(await signedIn(db));
  const item = WAX.find((i) => i.duration === 30);
  if (!item) throw new Error('No 30-minute wax service in the catalogue.');
  return { customers, item: { id: item.id, svcType: item.svcType, gen: item.gen } };
}

/** Booked appointments of one therapist that overlap in time: must be none. */
async function check() {
  const { db } = await getDatabase();
  const overlapping = await db.execute(sql`
    select count(*)::int as n from appointments a join appointments b
      on a.therapist_id = b.therapist_id and a.id < b.id
     and a.status = 'booked' and b.status = 'booked'
     and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
  const booked = await db.execute(sql`select count(*)::int as n from appointments where status = 'booked'`);
  const first = (result: unknown) => (result as { rows: { n: number }[] }).rows[0]!.n;
  return { overlapping: first(overlapping), booked: first(booked) };
}

try {
  const result = process.argv[2] === 'setup' ? await setup(Number(process.argv[3] ?? 200)) : await check();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await closeDb();
}

import { and, eq, sql } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { tally } from '@/lib/booking/test-support/race';
import { closeDb, getDatabase } from '@/lib/db';
import { appointments, slotHolds } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { POST as BOOK } from '../appointments/[customerId]/route';
import { POST } from './route';

/**
 * Runs only under `npm run test:pg` (scripts/with-postgres.sh provides DATABASE_URL): PGlite runs one query at a
 * time, so only a real server shows that racing holds, and holds racing bookings, cannot both win one time. Without
 * DATABASE_URL this file fails rather than skips. The pg tests share one database: these use days no other uses
 * (Tuesday 2027-03-02, Wednesday 2027-03-03).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('holds.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);
freezeClockAt('2027-01-04T17:00:00Z');

let visitor = 0;
/** A hold from a visitor of its own (client address), as racing strangers are: the per-client limit is not the test. */
const holdRequest = (card: unknown) =>
  POST(new Request('http://localhost:3000/api/holds/', jsonInit('POST', card, undefined, { 'x-bnp-client-address': `10.9.${Math.floor((visitor += 1) / 250)}.${visitor % 250}` })));

async function rowsAt(startIso: string) {
  const { db } = await getDatabase();
  const holds = await db.select({ therapistId: slotHolds.therapistId }).from(slotHolds).where(sql`${slotHolds.startsAt} = ${startIso}::timestamptz`);
  const booked = await db
    .select({ therapistId: appointments.therapistId })
    .from(appointments)
    .where(and(eq(appointments.status, 'booked'), sql`${appointments.startsAt} = ${startIso}::timestamptz`));
  return { holds: holds.map((h) => h.therapistId).sort(), booked: booked.map((b) => b.therapistId).sort() };
}

describe('racing holds on PostgreSQL', () => {
  it('runs on a real server', async () => {
    expect((await getDatabase()).kind).toBe('postgres');
  });

  it('40 parallel holds of one therapist and time by 40 visitors: exactly one holds, 39 get 416', async () => {
    const card = cardFor([{ therapist: 1, date: '2027-03-02 10:00' }]);
    const responses = await Promise.all(Array.from({ length: 40 }, () => holdRequest(card)));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 1, 416: 39 });
    expect(await rowsAt('2027-03-02T15:00:00Z')).toEqual({ holds: [1], booked: [] });
  });

  it('40 parallel holds for any therapist: one per rostered therapist, the rest 416', async () => {
    const card = cardFor([{ therapist: 0, date: '2027-03-02 11:00' }]);
    const responses = await Promise.all(Array.from({ length: 40 }, () => holdRequest(card)));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 2, 416: 38 });
    expect(await rowsAt('2027-03-02T16:00:00Z')).toEqual({ holds: [1, 2], booked: [] });
  });

  it('the constraint alone: 20 parallel raw inserts of overlapping holds, without the locks, leave one row', async () => {
    const { db } = await getDatabase();
    const inserts = Array.from({ length: 20 }, (_, i) =>
      db.insert(slotHolds).values({
        holderHash: `raw${i}`,
        location: 1,
        areaId: 1,
        therapistId: 1,
        startsAt: new Date(Date.parse('2027-03-03T15:00:00Z') + (i % 3) * 5 * 60_000),
        endsAt: new Date(Date.parse('2027-03-03T15:30:00Z') + (i % 3) * 5 * 60_000),
        expiresAt: new Date(Date.parse('2027-01-04T17:10:00Z')),
      }),
    );
    const results = await Promise.allSettled(inserts);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.length - failures.length).toBe(1);
    // Each loser is refused by the constraint (23P01), or, when two of them wait on the winner and then on each other
    // (overlapping ranges, not equal ones), by PostgreSQL's deadlock detector (40P01): without the app's locks both
    // happen (a clean-clone CI run met the second). Either way nothing but the one row is stored.
    for (const failure of failures) expect(['23P01', '40P01']).toContain((failure.reason as { cause?: { code?: string } }).cause?.code);
  });

  it('20 holds racing 20 bookings of one therapist and time: exactly one of all of them wins', async () => {
    const { db } = await getDatabase();
    const card = cardFor([{ therapist: 1, date: '2027-03-02 12:00' }]);
    const customers = [];
    for (let i = 0; i < 20; i += 1) customers.push(await signedIn(db));
    const calls: Promise<Response>[] = [];
    for (let i = 0; i < 20; i += 1) {
      const c = customers[i]!;
      calls.push(holdRequest(card));
      calls.push(BOOK(new Request(`http://localhost:3000/api/appointments/${c.userId}/`, jsonInit('POST', card, c.cookie)), { params: Promise.resolve({ customerId: c.userId }) }));
    }
    const responses = await Promise.all(calls);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 1, 416: 39 });
    const rows = await rowsAt('2027-03-02T17:00:00Z');
    expect(rows.holds.length + rows.booked.length).toBe(1);
  });
});

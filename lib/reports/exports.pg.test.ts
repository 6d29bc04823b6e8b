import { randomUUID } from 'node:crypto';
import { closeDb, getDatabase } from '@/lib/db';
import { appointments, bookings, subscriptions, users } from '@/lib/db/schema';
import { csvObjects } from '@/lib/test-support/parse-csv';
import { exportStream } from './exports';

/**
 * The exports' SQL on PostgreSQL (the keyset's row comparisons, New York times from the database) as on PGlite.
 * Runs only under `npm run test:pg` (scripts/with-postgres.sh); its rows sit in 2031 and at Williamsburg, apart from
 * other files' data.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('exports.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(120_000);
afterAll(closeDb);

describe('the exports on PostgreSQL', () => {
  it("read the 25 hours of the day DST ends, rows sharing a start once each across batches, and consent to offers", async () => {
    const database = await getDatabase();
    expect(database.kind).toBe('postgres');
    const { db } = database;
    const email = `pg-${randomUUID()}@example.com`;
    const [customer] = await db.insert(users).values({ name: 'Zoë PG', email, createdAt: new Date('2031-11-02T04:30:00Z') }).returning({ id: users.id });
    await db.insert(subscriptions).values({ email, createdBy: 'test' });
    const [booking] = await db.insert(bookings).values({ customerId: customer!.id, location: 3, gender: 0 }).returning({ id: bookings.id });
    // 2031-11-02: New York's midnight is 04:00Z, the day ends at 05:00Z on Nov 3. Three share 15:00Z, one therapist each.
    const starts: [string, number][] = [
      ['2031-11-02T03:30:00Z', 1],
      ['2031-11-02T04:00:00Z', 1],
      ['2031-11-02T15:00:00Z', 2],
      ['2031-11-02T15:00:00Z', 3],
      ['2031-11-02T15:00:00Z', 4],
      ['2031-11-03T04:30:00Z', 1],
      ['2031-11-03T05:00:00Z', 1],
    ];
    for (const [index, [start, therapistId]] of starts.entries()) {
      const startsAt = new Date(start);
      await db.insert(appointments).values({
        bookingId: booking!.id,
        customerId: index >= 2 && index <= 4 ? (await db.insert(users).values({ name: `Tie ${index}`, email: `${randomUUID()}@example.com` }).returning({ id: users.id }))[0]!.id : customer!.id,
        location: 3,
        areaId: 1,
        therapistId,
        requestedTherapistId: therapistId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 20 * 60_000),
        lines: [],
        price: 10 + index,
      });
    }
    const period = { from: '2031-11-02', to: '2031-11-02' };
    const rows = csvObjects(await new Response(exportStream(db, 'appointments', { period, location: 3 }, { batchRows: 2 })).text());
    expect(rows.map((row) => `${row['Date']} ${row['Start']}`)).toEqual(['2031-11-02 00:00', '2031-11-02 10:00', '2031-11-02 10:00', '2031-11-02 10:00', '2031-11-02 23:30']);
    expect([rows[0]!['Price (USD)'], rows[4]!['Price (USD)']]).toEqual(['11.00', '15.00']);
    expect(rows.slice(1, 4).map((row) => row['Price (USD)']).sort()).toEqual(['12.00', '13.00', '14.00']);

    const customers = csvObjects(await new Response(exportStream(db, 'customers', { period, location: 3 }, { batchRows: 1 })).text());
    expect(customers).toEqual([{ Name: 'Zoë PG', 'E-mail': email, Phone: '', Created: '2031-11-02 00:30', 'Consent to offers': 'Yes' }]);
  });
});

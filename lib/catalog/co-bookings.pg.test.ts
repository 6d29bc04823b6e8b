import { closeDb, getDatabase } from '@/lib/db';
import { coBookingCases } from './test-support/co-booking-cases';

/** The same count on PostgreSQL. Runs only under `npm run test:pg` (scripts/with-postgres.sh). */
if (!process.env.DATABASE_URL) {
  throw new Error('co-bookings.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(120_000);
afterAll(closeDb);

describe('readCoBookings on PostgreSQL', () => {
  it('counts each pair once per visit, across the areas of one booking, most visits first; not cancelled ones, not older than a year', async () => {
    const database = await getDatabase();
    expect(database.kind).toBe('postgres');
    const { found, a, b, c, d } = await coBookingCases(database.db);
    expect(found[a]).toEqual([
      [b, 3],
      [c, 2],
    ]);
    expect(found[b]).toEqual([
      [a, 3],
      [c, 1],
    ]);
    expect(found[d]).toBeUndefined();
  });
});

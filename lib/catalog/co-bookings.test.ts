import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { coBookingCases } from './test-support/co-booking-cases';

jest.setTimeout(120_000);
createTempDataDir('salon-co-bookings-');
afterAll(closeDb);

describe('readCoBookings on PGlite', () => {
  it('counts each pair once per visit, across the areas of one booking, most visits first; not cancelled ones, not older than a year', async () => {
    const { found, empty, a, b, c, d } = await coBookingCases(await getDb());
    expect(found[a]).toEqual([
      [b, 3],
      [c, 2],
    ]);
    expect(found[b]).toEqual([
      [a, 3],
      [c, 1],
    ]);
    expect(found[d]).toBeUndefined();
    expect(empty).toEqual({});
  });
});

import { raceForOneSlot, tally } from '@/lib/booking/test-support/race';
import { closeDb, getDb } from '@/lib/db';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST } from './route';

jest.setTimeout(180_000);
createTempDataDir('salon-race-');
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

// The same races run on a real PostgreSQL server in race.pg.test.ts (npm run test:pg), where they are truly parallel.
describe('racing for one slot on PGlite', () => {
  it('50 parallel creates for one therapist and time: exactly one books, 49 get 416, one row', async () => {
    const db = await getDb();
    const result = await raceForOneSlot(db, POST, { n: 50, therapist: 1, date: '2027-01-11 10:00', startIso: '2027-01-11T15:00:00Z' });
    expect(tally(result.statuses)).toEqual({ 201: 1, 416: 49 });
    expect(result.rows).toBe(1);
  });

  it('50 parallel creates for any therapist: one per rostered therapist, the rest 416', async () => {
    const db = await getDb();
    // Tuesday at SoHo: therapists 1 and 2 do hair removal.
    const result = await raceForOneSlot(db, POST, { n: 50, therapist: 0, date: '2027-01-12 10:00', startIso: '2027-01-12T15:00:00Z' });
    expect(tally(result.statuses)).toEqual({ 201: 2, 416: 48 });
    expect(result.therapists).toEqual([1, 2]);
  });
});

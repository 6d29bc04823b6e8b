import { raceForOneSlot, tally } from '@/lib/booking/test-support/race';
import { closeDb, getDatabase } from '@/lib/db';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { POST } from './route';

/**
 * Runs only under `npm run test:pg` (scripts/with-postgres.sh starts a throw-away server and sets DATABASE_URL).
 * PGlite serialises every query, so only a real server proves that the exclusion constraint holds under true
 * parallelism. Without DATABASE_URL this file fails rather than skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('race.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

describe('racing for one slot on PostgreSQL', () => {
  it('runs on a real server', async () => {
    expect((await getDatabase()).kind).toBe('postgres');
  });

  it('50 parallel creates for one therapist and time: exactly one books, 49 get 416, one row', async () => {
    const { db } = await getDatabase();
    const result = await raceForOneSlot(db, POST, { n: 50, therapist: 1, date: '2027-01-11 10:00', startIso: '2027-01-11T15:00:00Z' });
    // Compared as a whole, so that a failure shows every status that came back.
    expect(tally(result.statuses)).toEqual({ 201: 1, 416: 49 });
    expect(result.rows).toBe(1);
  });

  it('50 parallel creates for any therapist: one per rostered therapist, the rest 416', async () => {
    const { db } = await getDatabase();
    const result = await raceForOneSlot(db, POST, { n: 50, therapist: 0, date: '2027-01-12 10:00', startIso: '2027-01-12T15:00:00Z' });
    expect(tally(result.statuses)).toEqual({ 201: 2, 416: 48 });
    expect(result.therapists).toEqual([1, 2]);
  });
});

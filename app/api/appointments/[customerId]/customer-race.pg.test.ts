import { cardFor, FIRST_ITEM_OF_AREA } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { bookedOf, raceOneCustomer, tally } from '@/lib/booking/test-support/race';
import { closeDb, getDatabase } from '@/lib/db';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { PUT } from './[cid]/route';
import { POST } from './route';

/**
 * One customer racing themselves on a real PostgreSQL server (`npm run test:pg` inside scripts/with-postgres.sh):
 * cards for different therapists at one time, sent at once as two tabs or a script would. Only the customer
 * exclusion constraint can refuse them (no therapist is shared), so exactly one may book. PGlite runs one query at a
 * time; customer-overlap.test.ts has the same rules there. Without DATABASE_URL this file fails rather than skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('customer-race.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

// Mondays at SoHo: hair removal with 1, brows with 3 or 7, massage with 6 or 26, tattoo removal with 26.
// Not 2027-01-11: race.pg.test.ts races there, and every *.pg.test.ts shares one database.
const MONDAYS = ['2027-01-18', '2027-01-25', '2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22'];
const ONE_PER_THERAPIST = (day: string, time: string) => [
  cardFor([{ areaId: 1, therapist: 1, date: `${day} ${time}`, items: [FIRST_ITEM_OF_AREA(1)] }]),
  cardFor([{ areaId: 2, therapist: 3, date: `${day} ${time}`, items: [FIRST_ITEM_OF_AREA(2)] }]),
  cardFor([{ areaId: 2, therapist: 7, date: `${day} ${time}`, items: [FIRST_ITEM_OF_AREA(2)] }]),
  cardFor([{ areaId: 4, therapist: 6, date: `${day} ${time}`, items: [FIRST_ITEM_OF_AREA(4)] }]),
  cardFor([{ areaId: 5, therapist: 26, date: `${day} ${time}`, items: [FIRST_ITEM_OF_AREA(5)] }]),
];

describe('one customer racing themselves on PostgreSQL', () => {
  it('runs on a real server', async () => {
    expect((await getDatabase()).kind).toBe('postgres');
  });

  it('five cards of one customer with five therapists at one time, six customers at once: one card each books, the rest 416', async () => {
    const { db } = await getDatabase();
    const results = await Promise.all(MONDAYS.map((day) => raceOneCustomer(db, POST, ONE_PER_THERAPIST(day, '10:00'))));
    // Compared as a whole, so that a failure shows every status that came back.
    expect(results.map((r) => tally(r.statuses))).toEqual(MONDAYS.map(() => ({ 201: 1, 416: 4 })));
    expect(results.map((r) => r.booked.length)).toEqual(MONDAYS.map(() => 1));
  });

  it('two cards of two areas each whose times cross (a deadlock without the customer lock): one books, the other 416', async () => {
    const { db } = await getDatabase();
    const results = await Promise.all(
      MONDAYS.map((day) =>
        raceOneCustomer(db, POST, [
          // 12:00 with therapist 1, then 13:00 with therapist 3 ...
          cardFor([
            { areaId: 1, therapist: 1, date: `${day} 12:00`, items: [FIRST_ITEM_OF_AREA(1)] },
            { areaId: 2, therapist: 3, date: `${day} 13:00`, items: [FIRST_ITEM_OF_AREA(2)] },
          ]),
          // ... against 13:00 with therapist 6 (written first), then 12:00 with therapist 26.
          cardFor([
            { areaId: 4, therapist: 6, date: `${day} 13:00`, items: [FIRST_ITEM_OF_AREA(4)] },
            { areaId: 5, therapist: 26, date: `${day} 12:00`, items: [FIRST_ITEM_OF_AREA(5)] },
          ]),
        ]),
      ),
    );
    expect(results.map((r) => tally(r.statuses))).toEqual(MONDAYS.map(() => ({ 201: 1, 416: 1 })));
    expect(results.map((r) => r.booked.length)).toEqual(MONDAYS.map(() => 2));
  });

  it('a move and a new card of one customer onto one time at once: one of them wins', async () => {
    const { db } = await getDatabase();
    const outcomes = await Promise.all(
      MONDAYS.map(async (day) => {
        const me = await signedIn(db);
        const created = await callRoute(POST, { customerId: me.userId }, jsonInit('POST', cardFor([{ therapist: 1, date: `${day} 15:00` }]), me.cookie));
        expect(created.status).toBe(201);
        const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;
        const [moved, booked] = await Promise.all([
          callRoute(PUT, { customerId: me.userId, cid }, jsonInit('PUT', cardFor([{ therapist: 1, date: `${day} 16:00` }]), me.cookie)),
          callRoute(POST, { customerId: me.userId }, jsonInit('POST', cardFor([{ areaId: 4, therapist: 6, date: `${day} 16:00`, items: [FIRST_ITEM_OF_AREA(4)] }]), me.cookie)),
        ]);
        await Promise.all([moved.arrayBuffer(), booked.arrayBuffer()]);
        return { day, statuses: [moved.status, booked.status].sort(), rows: await bookedOf(db, me.userId) };
      }),
    );
    for (const { day, statuses, rows } of outcomes) {
      // New York is on EST in January and February: 15:00 is 20:00Z.
      const moveWon = { statuses: [200, 416], rows: [`1/1@${day}T21:00:00.000Z`] };
      const cardWon = { statuses: [201, 416], rows: [`1/1@${day}T20:00:00.000Z`, `4/6@${day}T21:00:00.000Z`] };
      expect([moveWon, cardWon]).toContainEqual({ statuses, rows });
    }
  });
});

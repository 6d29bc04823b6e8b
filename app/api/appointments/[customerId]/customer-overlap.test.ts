import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_NO_OVERLAP } from '@/lib/booking/appointments/claim';
import { cardFor, FIRST_ITEM_OF_AREA, WAX } from '@/lib/booking/test-support/cards';
import { callRoute, insertAppointment, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { bookedOf, raceOneCustomer, tally } from '@/lib/booking/test-support/race';
import { closeDb, getDb } from '@/lib/db';
import { bookings } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOF_POST } from '../bof/[customerId]/route';
import { PUT } from './[cid]/route';
import { POST } from './route';

/**
 * One customer, one place at a time: the database refuses two booked appointments of one customer that overlap,
 * whoever the therapists are (appointments_customer_no_overlap, drizzle/0003), and the API answers it as it answers a
 * therapist's overlap: 416 with the same sentence. The same races on a real server: customer-race.pg.test.ts.
 */
jest.setTimeout(120_000);
createTempDataDir('salon-customer-overlap-');
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z');

// The customer's own appointment then: said as such, not as a time someone else took (lib/booking/messages.ts).
const CUSTOMER_BUSY = 'You already have an appointment at that time. Please choose another time.';
const BROWS = FIRST_ITEM_OF_AREA(2);
const MASSAGE = FIRST_ITEM_OF_AREA(4);

type User = { userId: string; cookie: string };

async function post(user: User, card: unknown) {
  const response = await callRoute(POST, { customerId: user.userId }, { path: `/api/appointments/${user.userId}/`, ...jsonInit('POST', card, user.cookie) });
  return { status: response.status, body: await response.json() };
}

async function put(user: User, cid: string, card: unknown) {
  const response = await callRoute(PUT, { customerId: user.userId, cid }, jsonInit('PUT', card, user.cookie));
  return { status: response.status, body: await response.json() };
}

async function booked(customerId: string) {
  return bookedOf(await getDb(), customerId);
}

describe('one customer cannot be in two places (POST)', () => {
  it('answers 416 with its own sentence for the customer\'s second appointment at an overlapping time, and stores nothing', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    // Monday 2027-01-11 at SoHo: wax with therapist 1 at 10:00 (15 minutes).
    expect((await post(me, cardFor([{ therapist: 1, date: '2027-01-11 10:00' }]))).status).toBe(201);

    // Brows with therapist 3 at the same time: the therapist is free, the customer is not.
    const lost = await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-11 10:00', items: [BROWS] }]));
    expect(lost.status).toBe(416);
    expect(lost.body.error).toEqual({ code: 'customer_busy', message: CUSTOMER_BUSY });
    expect(await booked(me.userId)).toEqual(['1/1@2027-01-11T15:00:00.000Z']);
    expect(await db.select().from(bookings).where(eq(bookings.customerId, me.userId))).toHaveLength(1);

    // Back to back is fine, and therapist 3 at 10:00 is still free for someone else.
    expect((await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-11 10:15', items: [BROWS] }]))).status).toBe(201);
    expect((await post(other, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-11 10:00', items: [BROWS] }]))).status).toBe(201);
  });

  it('answers 416 for "any therapist" when the customer is busy, without taking a therapist from anyone', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    // Tuesday 2027-01-12 at SoHo: brows with therapist 3 at 12:00; therapists 1 and 2 do hair removal.
    expect((await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-12 12:00', items: [BROWS] }]))).status).toBe(201);
    const lost = await post(me, cardFor([{ therapist: 0, date: '2027-01-12 12:00' }]));
    expect(lost.status).toBe(416);
    expect(lost.body.error.message).toBe(CUSTOMER_BUSY);
    const others = [await signedIn(db), await signedIn(db)];
    const results = [];
    for (const u of others) results.push(await post(u, cardFor([{ therapist: 0, date: '2027-01-12 12:00' }])));
    expect(results.map((r) => r.status)).toEqual([201, 201]);
  });

  it('refuses the back office too: staff cannot put a customer in two places', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    // Monday 2027-01-18: a 75-minute massage with therapist 6 at 11:00.
    expect((await post(me, cardFor([{ areaId: 4, therapist: 6, date: '2027-01-18 11:00', items: [MASSAGE] }]))).status).toBe(201);
    const response = await callRoute(
      BOF_POST,
      { customerId: me.userId },
      { path: `/api/appointments/bof/${me.userId}/`, ...jsonInit('POST', cardFor([{ therapist: 1, date: '2027-01-18 12:00' }]), staff.cookie) },
    );
    expect(response.status).toBe(416);
    expect((await response.json()).error.message).toBe(CUSTOMER_BUSY);
  });

  it('lets the customer book the time again once the other appointment is cancelled', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const first = await post(me, cardFor([{ therapist: 1, date: '2027-01-13 10:00' }]));
    expect((await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-13 10:00', items: [BROWS] }]))).status).toBe(416);
    expect((await put(me, first.body.header.aptId, { header: { status: '2' }, svcAreas: [] })).status).toBe(200);
    expect((await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-13 10:00', items: [BROWS] }]))).status).toBe(201);
  });

  it('books one of two cards posted at once by one customer for two therapists at one time', async () => {
    const db = await getDb();
    const result = await raceOneCustomer(db, POST, [
      cardFor([{ therapist: 1, date: '2027-01-14 11:00' }]),
      cardFor([{ areaId: 2, therapist: 3, date: '2027-01-14 11:00', items: [BROWS] }]),
    ]);
    expect(tally(result.statuses)).toEqual({ 201: 1, 416: 1 });
    expect(result.booked).toHaveLength(1);
  });
});

describe('one customer cannot be in two places (reschedule)', () => {
  it('moves onto a time overlapping its own old time, with the same or another therapist', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    // Wednesday 2027-01-20: 30 minutes of wax with therapist 1 at 10:00.
    const card = await post(me, cardFor([{ therapist: 1, date: '2027-01-20 10:00', items: WAX.slice(0, 2) }]));
    expect(card.status).toBe(201);
    const cid = card.body.header.aptId;
    expect((await put(me, cid, cardFor([{ therapist: 1, date: '2027-01-20 10:15' }]))).status).toBe(200);
    const moved = await put(me, cid, cardFor([{ therapist: 2, date: '2027-01-20 10:30' }]));
    expect(moved.status).toBe(200);
    expect(await booked(me.userId)).toEqual(['1/2@2027-01-20T15:30:00.000Z']);
  });

  it('answers 416 for a move onto the customer\'s other appointment, and leaves the appointment where it was', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const wax = await post(me, cardFor([{ therapist: 1, date: '2027-01-21 10:00' }]));
    expect((await post(me, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-21 12:00', items: [BROWS] }]))).status).toBe(201);
    const taken = await put(me, wax.body.header.aptId, cardFor([{ therapist: 1, date: '2027-01-21 12:00' }]));
    expect(taken.status).toBe(416);
    expect(taken.body.error).toEqual({ code: 'customer_busy', message: CUSTOMER_BUSY });
    expect(await booked(me.userId)).toEqual(['1/1@2027-01-21T15:00:00.000Z', '2/3@2027-01-21T17:00:00.000Z']);
  });

  it('swaps the times of two areas of one card in one request, and refuses to put them on top of each other', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    // Friday 2027-01-22: wax with therapist 1 at 14:00, then brows with therapist 3 at 14:15 (15 minutes each).
    const card = await post(me, cardFor([{ therapist: 1, date: '2027-01-22 14:00' }, { areaId: 2, therapist: 3, date: '2027-01-22 14:15', items: [BROWS] }]));
    expect(card.status).toBe(201);
    const cid = card.body.header.aptId;
    const swapped = await put(me, cid, cardFor([{ therapist: 1, date: '2027-01-22 14:15' }, { areaId: 2, therapist: 3, date: '2027-01-22 14:00', items: [BROWS] }]));
    expect(swapped.status).toBe(200);
    expect(await booked(me.userId)).toEqual(['2/3@2027-01-22T19:00:00.000Z', '1/1@2027-01-22T19:15:00.000Z']);

    const onTop = await put(me, cid, cardFor([{ therapist: 1, date: '2027-01-22 14:00' }]));
    expect(onTop.status).toBe(416);
    expect(onTop.body.error.message).toBe(CUSTOMER_BUSY);
    expect(await booked(me.userId)).toEqual(['2/3@2027-01-22T19:00:00.000Z', '1/1@2027-01-22T19:15:00.000Z']);
  });
});

describe('the database itself', () => {
  it('refuses two overlapping booked appointments of one customer with two therapists, but not back to back, cancelled or another customer\'s', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    await insertAppointment(db, { customerId: me.userId, therapistId: 6, start: '2027-02-02T15:00:00Z', minutes: 60, areaId: 4 });
    const clash = insertAppointment(db, { customerId: me.userId, therapistId: 7, start: '2027-02-02T15:30:00Z', minutes: 30, areaId: 2 });
    await expect(clash).rejects.toMatchObject({ cause: { code: '23P01', constraint: CUSTOMER_NO_OVERLAP } });
    await insertAppointment(db, { customerId: other.userId, therapistId: 7, start: '2027-02-02T15:30:00Z', minutes: 30, areaId: 2 });
    await insertAppointment(db, { customerId: me.userId, therapistId: 3, start: '2027-02-02T16:00:00Z', minutes: 30, areaId: 2 });
    await db.execute(sql`update appointments set status = 'cancelled' where customer_id = ${me.userId} and therapist_id = 6`);
    await insertAppointment(db, { customerId: me.userId, therapistId: 1, start: '2027-02-02T15:15:00Z', minutes: 30, areaId: 1 });
  });
});

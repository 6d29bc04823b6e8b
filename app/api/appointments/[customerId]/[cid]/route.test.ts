import { randomUUID } from 'node:crypto';
import { creditPackage } from '@/lib/booking/packages';
import { cardFor, PACKAGE_OF, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST } from '../route';
import { GET, PUT } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-appointment-');
afterAll(closeDb);

const NOW = Date.parse('2027-01-04T17:00:00Z');
let now = NOW;
beforeEach(() => {
  now = NOW;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

type User = { userId: string; cookie: string };

async function book(user: User, card: unknown) {
  const response = await callRoute(POST, { customerId: user.userId }, jsonInit('POST', card, user.cookie));
  expect(response.status).toBe(201);
  return response.json();
}

async function read(cookie: string | undefined, customerId: string, cid: string) {
  const response = await callRoute(GET, { customerId, cid }, cookie ? { headers: { cookie } } : {});
  return { status: response.status, body: await response.json() };
}

async function put(cookie: string | undefined, customerId: string, cid: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await callRoute(PUT, { customerId, cid }, jsonInit('PUT', body, cookie, headers));
  return { status: response.status, body: await response.json() };
}

const cancelAll = { header: { status: '2' }, svcAreas: [] };

describe('GET /api/appointments/{customerId}/{cid}/', () => {
  it('answers the customer\'s own card, and 403 for anyone else\'s or a guessed id', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-11 10:00' }]));
    const cid = booked.header.aptId;

    const mine = await read(me.cookie, me.userId, cid);
    expect(mine.status).toBe(200);
    expect(mine.body.header.aptId).toBe(cid);
    expect(mine.body.appointments[0].localStart).toBe('2027-01-11 10:00');

    expect((await read(other.cookie, me.userId, cid)).status).toBe(403); // someone else's path
    expect((await read(other.cookie, other.userId, cid)).status).toBe(403); // own path, someone else's booking
    expect((await read(me.cookie, me.userId, randomUUID())).status).toBe(403); // a guessed id answers the same
    expect((await read(undefined, me.userId, cid)).status).toBe(401);
    expect((await read(me.cookie, me.userId, 'nope')).status).toBe(400);
    expect((await read(staff.cookie, me.userId, cid)).status).toBe(200);
  });
});

describe('PUT /api/appointments/{customerId}/{cid}/', () => {
  it('cancels: the time is free again and package sessions come back', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 1);
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-12 10:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId }]));
    expect(booked.pkgAvailable[0].isPkgUsed).toBe(true);

    const cancelled = await put(me.cookie, me.userId, booked.header.aptId, cancelAll);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.header.status).toBe('2');
    expect(cancelled.body.appointments[0].status).toBe('cancelled');
    expect(cancelled.body.pkgAvailable[0].isPkgUsed).toBe(false);

    await book(other, cardFor([{ therapist: 1, date: '2027-01-12 10:00' }]));
    expect((await put(me.cookie, me.userId, booked.header.aptId, cancelAll)).status).toBe(422); // nothing left to cancel
  });

  it('cancels one area of a booking and keeps the other', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const brows = (await import('@/lib/catalog/catalog')).allServiceItems().find((i) => i.areaId === 2 && i.gen === 0 && i.svcType === 64)!;
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-12 12:00' }, { areaId: 2, therapist: 3, date: '2027-01-12 14:00', items: [brows] }]));
    const { body } = await put(me.cookie, me.userId, booked.header.aptId, { header: { status: '2' }, svcAreas: cardFor([{ areaId: 2, therapist: 3, date: '', items: [brows] }]).svcAreas });
    expect(body.appointments.map((a: { areaId: number; status: string }) => [a.areaId, a.status])).toEqual([
      [1, 'booked'],
      [2, 'cancelled'],
    ]);
    expect(body.header.status).toBe('1');
  });

  it('keeps to the 24-hour cut-off for customers, not for staff', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-13 10:00' }]));
    now = Date.parse('2027-01-12T16:00:00Z'); // 23 hours before
    const late = await put(me.cookie, me.userId, booked.header.aptId, cancelAll);
    expect(late.status).toBe(422);
    expect(late.body.error.message).toMatch(/24 hours/);
    expect((await put(staff.cookie, me.userId, booked.header.aptId, cancelAll)).status).toBe(200);
  });

  it('reschedules to a free time, and answers 416 for a taken one', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-14 10:00' }]));
    await book(other, cardFor([{ therapist: 1, date: '2027-01-14 15:00' }]));
    const cid = booked.header.aptId;

    const moved = await put(me.cookie, me.userId, cid, cardFor([{ therapist: 1, date: '2027-01-14 12:30' }]));
    expect(moved.status).toBe(200);
    expect(moved.body.appointments[0]).toMatchObject({ localStart: '2027-01-14 12:30', status: 'booked' });
    // A move that overlaps its own old time is fine.
    expect((await put(me.cookie, me.userId, cid, cardFor([{ therapist: 1, date: '2027-01-14 12:45' }]))).status).toBe(200);

    const taken = await put(me.cookie, me.userId, cid, cardFor([{ therapist: 1, date: '2027-01-14 15:00' }]));
    expect(taken.status).toBe(416);
    expect((await read(me.cookie, me.userId, cid)).body.appointments[0].localStart).toBe('2027-01-14 12:45');

    // The old time is free for others after the move.
    await book(other, cardFor([{ therapist: 1, date: '2027-01-14 10:00' }]));
  });

  it('moves to any free therapist when asked for any', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const booked = await book(me, cardFor([{ therapist: 2, date: '2027-01-15 10:00' }]));
    await book(other, cardFor([{ therapist: 1, date: '2027-01-15 16:00' }]));
    const moved = await put(me.cookie, me.userId, booked.header.aptId, cardFor([{ therapist: 0, date: '2027-01-15 16:00' }]));
    expect(moved.status).toBe(200);
    expect(moved.body.appointments[0].therapistId).toBe(2);
  });

  it('refuses someone else\'s booking, a missing Origin and bad bodies', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const booked = await book(me, cardFor([{ therapist: 1, date: '2027-01-18 10:00' }]));
    const cid = booked.header.aptId;
    expect((await put(other.cookie, me.userId, cid, cancelAll)).status).toBe(403);
    expect((await put(other.cookie, other.userId, cid, cancelAll)).status).toBe(403);
    expect((await put(me.cookie, me.userId, cid, cancelAll, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(me.cookie, me.userId, cid, '[')).status).toBe(400);
    expect((await put(me.cookie, me.userId, cid, { header: { status: 'x' } })).status).toBe(422);
    expect((await put(me.cookie, me.userId, cid, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-18 10:00', items: [] }]))).status).toBe(422);
    expect((await read(me.cookie, me.userId, cid)).body.appointments[0].status).toBe('booked');
  });
});

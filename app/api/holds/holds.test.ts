import { eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { holdCookieName } from '@/lib/booking/hold-handlers';
import { closeDb, getDb } from '@/lib/db';
import { slotHolds } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom } from '@/lib/test-support/requests';
import { POST as BOOK } from '../appointments/[customerId]/route';
import { GET as SLOTS } from '../slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET as VISITS } from '../visits/[location]/route';
import { DELETE, POST } from './route';

/**
 * Holds (lib/booking/holds.ts): a time held while its customer signs in is gone from other customers' slot lists
 * and refused to their bookings with the usual 416, and stays the holder's own. Racing holds on a real server:
 * holds.pg.test.ts.
 */
jest.setTimeout(120_000);
createTempDataDir('salon-holds-');
afterAll(closeDb);

const NOW = freezeClockAt('2027-01-04T17:00:00Z');

const SLOT_TAKEN = { code: 'slot_taken', message: 'Sorry, that time was just booked. Please choose another time.' };
// Tuesday 2027-01-12 at SoHo: women's wax (area 1), 15 minutes; therapists 1 and 2 are rostered.
const AT_TEN = '2027-01-12 10:00';
const TEN_UTC = '2027-01-12T15:00:00.000Z';

async function hold(card: unknown, cookie?: string) {
  const response = await callRoute(POST, {}, { path: '/api/holds/', ...jsonInit('POST', card, cookie) });
  return { status: response.status, body: await response.json(), cookie: cookiesFrom(response, cookie ?? '') };
}

async function release(cookie: string) {
  return (await callRoute(DELETE, {}, { path: '/api/holds/', ...jsonInit('DELETE', undefined, cookie) })).status;
}

async function slotStarts(therapist: string, cookie?: string): Promise<string[]> {
  const response = await callRoute(SLOTS, { location: '1', areaId: '1', therapistId: therapist, date: '2027-01-12', duration: '15' }, { headers: cookie ? { cookie } : {} });
  const body = (await response.json()) as { slots: { start: string; therapistIds: number[] }[] };
  return body.slots.map((s) => `${s.start}:${s.therapistIds.join(',')}`);
}

/** The visit times (one visit, one time) of one day for a 15-minute wax with `therapist`, as 'HH:mm'. */
async function visitTimes(therapist: number, cookie?: string): Promise<string[]> {
  const path = `/api/visits/1/?areas=1:${therapist}:15&from=2027-01-12&date=2027-01-12`;
  const response = await callRoute(VISITS, { location: '1' }, { path, headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { times: { time: string }[] };
  return body.times.map((t) => t.time);
}

async function book(user: { userId: string; cookie: string }, card: unknown) {
  const response = await callRoute(BOOK, { customerId: user.userId }, { path: `/api/appointments/${user.userId}/`, ...jsonInit('POST', card, user.cookie) });
  return { status: response.status, body: await response.json() };
}

describe('holds and the visit times', () => {
  it('leave a held time out of other customers\' visit times and keep it in the holder\'s', async () => {
    const mine = await hold(cardFor([{ therapist: 1, date: '2027-01-12 13:00' }]));
    expect(mine.status).toBe(201);
    expect(await visitTimes(1)).not.toContain('13:00');
    expect(await visitTimes(1)).toContain('13:15');
    expect(await visitTimes(1, mine.cookie)).toContain('13:00');
    // With any therapist the time is still there: therapist 2 is free.
    expect(await visitTimes(0)).toContain('13:00');
    expect(await release(mine.cookie)).toBe(204);
    expect(await visitTimes(1)).toContain('13:00');
  });
});

describe('POST /api/holds', () => {
  it('holds the time for 10 minutes and names the holder in an HttpOnly cookie', async () => {
    const response = await callRoute(POST, {}, { path: '/api/holds/', ...jsonInit('POST', cardFor([{ therapist: 1, date: '2027-01-12 11:00' }])) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      expiresAt: new Date(NOW + 10 * 60_000).toISOString(),
      holds: [{ areaId: 1, therapistId: 1, start: '2027-01-12T16:00:00.000Z', end: '2027-01-12T16:15:00.000Z' }],
    });
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${holdCookieName()}=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax$`))]);
  });

  it('hides a held time from other slot lists, keeps it in the holder\'s, and refuses it to another booking with 416', async () => {
    const db = await getDb();
    const mine = await hold(cardFor([{ therapist: 1, date: AT_TEN }]));
    expect(mine.status).toBe(201);
    expect(await slotStarts('1')).not.toContain(`${TEN_UTC}:1`);
    expect(await slotStarts('1', mine.cookie)).toContain(`${TEN_UTC}:1`);
    // For 'any therapist' the time is still there with therapist 2 only.
    expect(await slotStarts('0')).toContain(`${TEN_UTC}:2`);

    const other = await signedIn(db);
    const refused = await book(other, cardFor([{ therapist: 1, date: AT_TEN }]));
    expect(refused.status).toBe(416);
    expect(refused.body.error).toEqual(SLOT_TAKEN);
    // Another hold of it is refused the same way.
    expect((await hold(cardFor([{ therapist: 1, date: AT_TEN }]))).status).toBe(416);
    // 'Any therapist' books the other one.
    const any = await book(other, cardFor([{ therapist: 0, date: AT_TEN }]));
    expect(any.status).toBe(201);
    expect(any.body.svcAreas[0].svcTherapist).toBe(2);

    // The holder signs in and books the held time: it books, and the hold ends in the same transaction.
    const holder = await signedIn(db);
    const booked = await book({ userId: holder.userId, cookie: `${holder.cookie}; ${mine.cookie}` }, cardFor([{ therapist: 1, date: AT_TEN }]));
    expect(booked.status).toBe(201);
    expect(await db.select().from(slotHolds).where(eq(slotHolds.startsAt, new Date(TEN_UTC)))).toEqual([]);
  });

  it('refuses to hold a booked time (416), and holds for any therapist one who is free', async () => {
    const db = await getDb();
    const first = await signedIn(db);
    expect((await book(first, cardFor([{ therapist: 1, date: '2027-01-12 12:00' }]))).status).toBe(201);
    expect((await hold(cardFor([{ therapist: 1, date: '2027-01-12 12:00' }]))).status).toBe(416);
    const any = await hold(cardFor([{ therapist: 0, date: '2027-01-12 12:00' }]));
    expect(any.status).toBe(201);
    expect(any.body.holds[0].therapistId).toBe(2);
    expect((await hold(cardFor([{ therapist: 0, date: '2027-01-12 12:00' }]))).status).toBe(416);
  });

  it('replaces the holder\'s earlier holds when they choose again', async () => {
    const first = await hold(cardFor([{ therapist: 1, date: '2027-01-12 13:00' }]));
    const second = await hold(cardFor([{ therapist: 1, date: '2027-01-12 13:30' }]), first.cookie);
    expect(second.status).toBe(201);
    expect(second.cookie).toBe(first.cookie);
    expect(await slotStarts('1')).toContain('2027-01-12T18:00:00.000Z:1');
    expect(await slotStarts('1')).not.toContain('2027-01-12T18:30:00.000Z:1');
  });

  it('releases the holds when the customer leaves (DELETE), and lets expired holds go', async () => {
    const db = await getDb();
    const left = await hold(cardFor([{ therapist: 1, date: '2027-01-12 14:00' }]));
    expect(await release(left.cookie)).toBe(204);
    expect(await slotStarts('1')).toContain('2027-01-12T19:00:00.000Z:1');

    const expiring = await hold(cardFor([{ therapist: 1, date: '2027-01-12 15:00' }]));
    expect(await slotStarts('1')).not.toContain('2027-01-12T20:00:00.000Z:1');
    jest.spyOn(Date, 'now').mockReturnValue(NOW + 10 * 60_000);
    expect(await slotStarts('1')).toContain('2027-01-12T20:00:00.000Z:1');
    // A new hold of the expired one's time deletes it first (the constraint knows no clock).
    const after = await hold(cardFor([{ therapist: 1, date: '2027-01-12 15:00' }]));
    expect(after.status).toBe(201);
    expect(expiring.cookie).not.toBe(after.cookie);
    expect(await book(await signedIn(db), cardFor([{ therapist: 1, date: '2027-01-12 15:00' }]))).toMatchObject({ status: 416 });
  });

  it('checks the card as a booking does: 422 for a past or unlisted time, 403 without the site\'s Origin', async () => {
    expect((await hold(cardFor([{ therapist: 1, date: '2027-01-03 10:00' }]))).status).toBe(422);
    expect((await hold(cardFor([{ therapist: 1, date: '2027-01-12 10:05' }]))).status).toBe(422);
    const foreign = await callRoute(POST, {}, { path: '/api/holds/', ...jsonInit('POST', cardFor([{ therapist: 1, date: AT_TEN }]), undefined, { origin: 'https://evil.example' }) });
    expect(foreign.status).toBe(403);
  });

  it('lets one client place 20 holds in 15 minutes, then answers 429', async () => {
    const from = (ip: string) => callRoute(POST, {}, { path: '/api/holds/', ...jsonInit('POST', cardFor([{ therapist: 1, date: '2027-01-14 10:00' }]), undefined, { 'x-bnp-client-address': ip }) });
    for (let i = 0; i < 20; i += 1) expect((await from('192.0.2.50')).status).not.toBe(429);
    expect((await from('192.0.2.50')).status).toBe(429);
    expect((await from('192.0.2.51')).status).not.toBe(429);
  });

  it('the database refuses two overlapping holds of one therapist, whatever the code above it does', async () => {
    const db = await getDb();
    const row = { holderHash: 'a', location: 1, areaId: 1, therapistId: 1, startsAt: new Date('2027-01-13T15:00:00Z'), endsAt: new Date('2027-01-13T15:30:00Z'), expiresAt: new Date(NOW + 60_000) };
    await db.insert(slotHolds).values(row);
    await expect(db.insert(slotHolds).values({ ...row, holderHash: 'b', startsAt: new Date('2027-01-13T15:15:00Z'), endsAt: new Date('2027-01-13T15:45:00Z') })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
  });
});

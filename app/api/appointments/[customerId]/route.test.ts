import { eq, sql } from 'drizzle-orm';
import { creditPackage } from '@/lib/booking/packages';
import { allServiceItems } from '@/lib/catalog/catalog';
import { cardFor, PACKAGE_OF, WAX, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { callRoute, insertAppointment, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointments, bookings } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOF_POST } from '../bof/[customerId]/route';
import { GET, POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-appointments-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York; bookings go to the following weeks.
freezeClockAt('2027-01-04T17:00:00Z');
const BROWS = allServiceItems().find((i) => i.areaId === 2 && i.gen === 0 && i.svcType === 64)!;

async function post(customerId: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const response = await callRoute(POST, { customerId }, { path: `/api/appointments/${customerId}/`, ...jsonInit('POST', body, cookie, headers) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function rowsFor(customerId: string) {
  const db = await getDb();
  return db.select().from(appointments).where(eq(appointments.customerId, customerId));
}

describe('POST /api/appointments/{customerId}/', () => {
  it('books a card: one appointment per area, durations and prices from the catalogue, any therapist resolved', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const items = WAX.slice(0, 2);
    const { status, body } = await post(me.userId, cardFor([{ therapist: 0, date: '2027-01-11 10:00', items }]), me.cookie);
    expect(status).toBe(201);
    expect(body.header).toMatchObject({ customerId: me.userId, location: '1', status: '1' });
    expect(body.header.aptId).toMatch(/^[0-9a-f-]{36}$/);
    const minutes = items.reduce((n, i) => n + i.duration, 0);
    const [appointment] = body.appointments;
    expect(appointment).toMatchObject({ areaId: 1, requestedTherapistId: 0, start: '2027-01-11T15:00:00.000Z', localStart: '2027-01-11 10:00', status: 'booked' });
    expect(Date.parse(appointment.end) - Date.parse(appointment.start)).toBe(minutes * 60_000);
    expect(appointment.price).toBe(items.reduce((n, i) => n + i.price, 0));
    // Monday at SoHo: therapist 1 is the one rostered for hair removal.
    expect(appointment.therapistId).toBe(1);
    expect(body.svcAreas[0].svcTherapist).toBe(1);
    expect(body.svcAreas[0].svcTypes[0].svcArray.map((l: { duration: number }) => l.duration)).toEqual(items.map((i) => i.duration));
    expect(await rowsFor(me.userId)).toHaveLength(1);
  });

  it('answers 416 when the therapist is already booked at that time, and stores nothing', async () => {
    const db = await getDb();
    const first = await signedIn(db);
    const second = await signedIn(db);
    expect((await post(first.userId, cardFor([{ therapist: 1, date: '2027-01-11 14:00' }]), first.cookie)).status).toBe(201);
    const lost = await post(second.userId, cardFor([{ therapist: 1, date: '2027-01-11 14:00' }]), second.cookie);
    expect(lost.status).toBe(416);
    expect(lost.body.error.message).toBe('Sorry, that time was just booked. Please choose another time.');
    expect(await rowsFor(second.userId)).toHaveLength(0);
    expect(await db.select().from(bookings).where(eq(bookings.customerId, second.userId))).toHaveLength(0);
  });

  it('books all areas of a card or none', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    // Brow & Lashes (area 2) at SoHo on Monday: therapists 3 and 7. Take therapist 3 at 16:00 first.
    const brows = BROWS;
    expect((await post(other.userId, cardFor([{ areaId: 2, therapist: 3, date: '2027-01-11 16:00', items: [brows] }]), other.cookie)).status).toBe(201);
    const card = cardFor([
      { therapist: 1, date: '2027-01-11 12:00' },
      { areaId: 2, therapist: 3, date: '2027-01-11 16:00', items: [brows] },
    ]);
    expect((await post(me.userId, card, me.cookie)).status).toBe(416);
    expect(await rowsFor(me.userId)).toHaveLength(0);
    // The first area's time was free and is free still: the failed card left nothing behind.
    expect((await post(me.userId, cardFor([{ therapist: 1, date: '2027-01-11 12:00' }]), me.cookie)).status).toBe(201);
  });

  it('gives "any therapist" the next free named therapist, and 416 when none is left', async () => {
    const db = await getDb();
    const users = await Promise.all([signedIn(db), signedIn(db), signedIn(db)]);
    // Tuesday 2027-01-12 at SoHo: therapists 1 and 2 do hair removal.
    const results = [];
    for (const u of users) results.push(await post(u.userId, cardFor([{ therapist: 0, date: '2027-01-12 12:00' }]), u.cookie));
    expect(results.map((r) => r.status)).toEqual([201, 201, 416]);
    expect(results.slice(0, 2).map((r) => r.body.appointments[0].therapistId).sort()).toEqual([1, 2]);
  });

  it('books once for a retried request with the same Idempotency-Key', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const card = cardFor([{ therapist: 2, date: '2027-01-13 10:00' }]);
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await post(me.userId, card, me.cookie, headers);
    const again = await post(me.userId, card, me.cookie, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.header.aptId).toBe(first.body.header.aptId);
    expect(await rowsFor(me.userId)).toHaveLength(1);
    const changed = await post(me.userId, cardFor([{ therapist: 2, date: '2027-01-13 11:00' }]), me.cookie, headers);
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('idempotency_key_reused');
    expect((await post(me.userId, card, me.cookie, { 'idempotency-key': 'x' })).status).toBe(400);
  });

  it('books once when the same key is sent twice at the same moment', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const card = cardFor([{ therapist: 2, date: '2027-01-13 15:00' }]);
    const both = await Promise.all([1, 2].map(() => post(me.userId, card, me.cookie, { 'idempotency-key': 'same-moment-01' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await rowsFor(me.userId)).toHaveLength(1);
  });

  it.each([
    ['an unknown service', cardFor([{ date: '2027-01-11 10:00', items: [{ ...WAX[0]!, id: '00000000-0000-4000-8000-000000000000' }] }]), /Unknown service/],
    ['a time in the past', cardFor([{ date: '2027-01-04 10:00' }]), /already passed/],
    ['no time, only a date', cardFor([{ date: '2027-01-11' }]), /Choose a time/],
    ['a time before opening', cardFor([{ date: '2027-01-11 08:00' }]), /opening hours/],
    ['a time off the 15-minute grid', cardFor([{ date: '2027-01-11 10:05' }]), /opening hours/],
    ['a therapist on a day off', cardFor([{ therapist: 2, date: '2027-01-11 10:00' }]), /roster/],
    ['a therapist who does not serve the area there', cardFor([{ therapist: 3, date: '2027-01-11 10:00' }]), /does not work/],
    ['a location with nothing online', cardFor([{ date: '2027-01-11 10:00' }], { location: '3' }), /cannot be booked online/],
    ['a service not offered at the location', cardFor([{ date: '2027-01-11 10:00', items: WAX.filter((i) => i.svcType === 1).slice(0, 1) }], { location: '3' }), /cannot be booked online/],
    ['an empty card', { header: {}, svcAreas: [] }, /at least one service/],
    ['two areas at overlapping times', cardFor([{ therapist: 1, date: '2027-01-11 17:00' }, { areaId: 2, therapist: 3, date: '2027-01-11 17:00', items: [BROWS] }]), /overlap/],
    ['a package the customer does not own', cardFor([{ date: '2027-01-11 10:00', items: [WAX_WITH_PACKAGE], pkgId: PACKAGE_OF(WAX_WITH_PACKAGE).pvId }]), /no unused session/],
    ['a package of another service', cardFor([{ date: '2027-01-11 10:00', items: [WAX.find((i) => i.id !== WAX_WITH_PACKAGE.id)!], pkgId: PACKAGE_OF(WAX_WITH_PACKAGE).pvId }]), /does not cover/],
  ])('answers 422 for %s', async (_label, card, message) => {
    const db = await getDb();
    const me = await signedIn(db);
    const { status, body } = await post(me.userId, card, me.cookie);
    expect(status).toBe(422);
    expect(JSON.stringify(body.error)).toMatch(message);
    expect(await rowsFor(me.userId)).toHaveLength(0);
  });

  it('answers 400/415/422 for bodies that are not a card', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    expect((await post(me.userId, '{not json', me.cookie)).status).toBe(400);
    expect((await post(me.userId, { header: 'x' }, me.cookie)).status).toBe(422);
    const plain = await callRoute(POST, { customerId: me.userId }, { method: 'POST', body: 'a=1', headers: { origin: 'http://localhost:3000', cookie: me.cookie } });
    expect(plain.status).toBe(415);
  });

  it('refuses the wrong caller: 401 signed out, 403 for another customer, 400 for a malformed id', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    const card = cardFor([{ date: '2027-01-14 10:00' }]);
    expect((await post(me.userId, card)).status).toBe(401);
    expect((await post(other.userId, card, me.cookie)).status).toBe(403);
    expect((await post(other.userId, card, staff.cookie)).status).toBe(403);
    expect((await post('not-a-guid', card, me.cookie)).status).toBe(400);
    const otherCard = cardFor([{ date: '2027-01-14 10:00' }], { customerId: other.userId });
    expect((await post(me.userId, otherCard, me.cookie)).status).toBe(422);
    expect(await rowsFor(other.userId)).toHaveLength(0);
  });

  it('refuses a state-changing request from another origin', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const card = cardFor([{ date: '2027-01-14 10:00' }]);
    expect((await post(me.userId, card, me.cookie, { origin: 'https://evil.example' })).status).toBe(403);
    const noOrigin = await callRoute(POST, { customerId: me.userId }, { method: 'POST', body: JSON.stringify(card), headers: { 'content-type': 'application/json', cookie: me.cookie } });
    expect(noOrigin.status).toBe(403);
    expect(await rowsFor(me.userId)).toHaveLength(0);
  });

  it('books against an owned package: the line costs nothing and a session is used', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 1);
    const card = cardFor([{ therapist: 1, date: '2027-01-18 10:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId }]);
    const { status, body } = await post(me.userId, card, me.cookie);
    expect(status).toBe(201);
    expect(body.appointments[0].price).toBe(0);
    expect(body.svcAreas[0].svcTypes[0].svcArray[0]).toMatchObject({ isPackage: true, pkgId: offer.pvId.toLowerCase(), packageType: 3 });
    expect(body.pkgAvailable).toEqual([{ pkgId: offer.pvId.toLowerCase(), isPkgUsed: true }]);
    const again = await post(me.userId, cardFor([{ therapist: 1, date: '2027-01-18 14:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId }]), me.cookie);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('no_package_session');
  });

  it('lets staff book for a customer through the back office, and nobody else', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    const card = cardFor([{ date: '2027-01-19 10:00' }]);
    const bof = (cookie?: string, id = customer.userId) =>
      callRoute(BOF_POST, { customerId: id }, { path: `/api/appointments/bof/${id}/`, ...jsonInit('POST', card, cookie) });
    expect((await bof()).status).toBe(401);
    expect((await bof(customer.cookie)).status).toBe(403);
    expect((await bof(staff.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const made = await bof(staff.cookie);
    expect(made.status).toBe(201);
    const [row] = await db.select().from(bookings).where(eq(bookings.customerId, customer.userId));
    expect(row!.createdBy).toBe(staff.userId);
  });
});

describe('GET /api/appointments/{customerId}/', () => {
  it('lists only the caller\'s own bookings; staff may read any', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const other = await signedIn(db);
    const staff = await signedIn(db, 'staff');
    await insertAppointment(db, { customerId: me.userId, therapistId: 4, start: '2027-01-20T15:00:00Z', minutes: 30, areaId: 3 });
    await insertAppointment(db, { customerId: other.userId, therapistId: 4, start: '2027-01-20T16:00:00Z', minutes: 30, areaId: 3 });
    const list = (cookie: string | undefined, id: string) => callRoute(GET, { customerId: id }, cookie ? { headers: { cookie } } : {});
    const mine = await list(me.cookie, me.userId);
    expect(mine.status).toBe(200);
    const body = await mine.json();
    expect(body.cards).toHaveLength(1);
    expect(body.cards[0].header.customerId).toBe(me.userId);
    expect((await list(me.cookie, other.userId)).status).toBe(403);
    expect((await list(undefined, me.userId)).status).toBe(401);
    expect((await list(staff.cookie, other.userId)).status).toBe(200);
  });
});

describe('the database itself', () => {
  it('refuses two overlapping booked appointments of one therapist, but not back to back or cancelled ones', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await insertAppointment(db, { customerId: me.userId, therapistId: 6, start: '2027-02-01T15:00:00Z', minutes: 60, areaId: 4 });
    await expect(insertAppointment(db, { customerId: me.userId, therapistId: 6, start: '2027-02-01T15:30:00Z', minutes: 60, areaId: 4 })).rejects.toThrow();
    await insertAppointment(db, { customerId: me.userId, therapistId: 6, start: '2027-02-01T16:00:00Z', minutes: 60, areaId: 4 });
    await db.execute(sql`update appointments set status = 'cancelled' where therapist_id = 6`);
    await insertAppointment(db, { customerId: me.userId, therapistId: 6, start: '2027-02-01T15:30:00Z', minutes: 60, areaId: 4 });
  });
});

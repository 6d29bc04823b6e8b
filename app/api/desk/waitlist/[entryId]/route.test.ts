import { and, eq } from 'drizzle-orm';
import { callRoute, insertAppointment, jsonInit, ORIGIN, signedIn } from '@/lib/booking/test-support/fixtures';
import { WAX } from '@/lib/booking/test-support/cards';
import type { DateInLocationTz } from '@/lib/booking/dates';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, appointments, bookings, waitlistEntries } from '@/lib/db/schema';
import { deskWaitlistEntry, freeTimesFor } from '@/lib/desk/waitlist-desk';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOOK } from './book/route';
import { DELETE } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-waitlist-');
afterAll(closeDb);

// Monday 4 January 2027, noon in New York; the day waited for is the Monday after, when only Maria Lopez (1) does
// Hair Removal (area 1) at SoHo (as app/api/waitlist/route.test.ts).
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
const DAY = '2027-01-11' as DateInLocationTz;
const ITEM = WAX[0]!;
const MINUTES = Math.ceil(ITEM.duration / 15) * 15;

const remove = (entryId: string, cookie?: string) =>
  callRoute(DELETE, { entryId }, { path: `/api/desk/waitlist/${entryId}/`, method: 'DELETE', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
const book = (entryId: string, body: unknown, cookie?: string) => callRoute(BOOK, { entryId }, { path: `/api/desk/waitlist/${entryId}/book/`, ...jsonInit('POST', body, cookie) });

async function waiting(services = true): Promise<{ entryId: string; customerId: string }> {
  const db = await getDb();
  const customer = await signedIn(db, 'customer');
  const [row] = await db
    .insert(waitlistEntries)
    .values({ customerId: customer.userId, location: 1, date: DAY, kind: 'area', areas: [{ areaId: 1, therapistId: 0, minutes: MINUTES, ...(services ? { services: [ITEM.id] } : {}) }] })
    .returning({ id: waitlistEntries.id });
  return { entryId: row!.id, customerId: customer.userId };
}

let staff: { userId: string; cookie: string };
beforeAll(async () => {
  staff = await signedIn(await getDb(), 'staff');
});

describe('the desk books a waitlist entry into a free time', () => {
  it('lists the free times of its services on its day, books one through the back office, and the entry leaves the list', async () => {
    const db = await getDb();
    const { entryId, customerId } = await waiting();
    // Maria is busy until 12:15: the first free time is then.
    const other = await signedIn(db, 'customer');
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${DAY}T10:00:00-05:00`, minutes: 135 });
    const entry = (await deskWaitlistEntry(db, entryId))!;
    const times = await freeTimesFor(db, entry);
    expect(times[0]).toMatchObject({ time: '12:15' });
    const response = await book(entryId, { start: times[0]!.start }, staff.cookie);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ entryId, customerId, time: '12:15' });
    const [visit] = await db.select().from(appointments).where(and(eq(appointments.customerId, customerId), eq(appointments.status, 'booked')));
    expect(visit).toMatchObject({ therapistId: 1, startsAt: new Date(times[0]!.start) });
    // Through the back-office path: the booking records the staff member who made it.
    expect((await db.select().from(bookings).where(eq(bookings.id, visit!.bookingId)))[0]!.createdBy).toBe(staff.userId);
    expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0]!.leftAt).not.toBeNull();
    const [entryLog] = await db.select().from(activityLog).where(eq(activityLog.action, 'booked from the waitlist'));
    expect(entryLog).toMatchObject({ kind: 'customers', actorId: staff.userId });
    // Booked once: the entry is gone, and the time is no longer free.
    expect((await book(entryId, { start: times[0]!.start }, staff.cookie)).status).toBe(404);
  });

  it('answers 409 for a time no longer free and 422 for an entry that names no services', async () => {
    const db = await getDb();
    const { entryId } = await waiting();
    const times = await freeTimesFor(db, (await deskWaitlistEntry(db, entryId))!);
    const taken = await signedIn(db, 'customer');
    await insertAppointment(db, { customerId: taken.userId, therapistId: 1, start: times.at(-1)!.start, minutes: MINUTES });
    const late = await book(entryId, { start: times.at(-1)!.start }, staff.cookie);
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe('That time is no longer free. Please choose another.');
    const bare = await waiting(false);
    const noServices = await book(bare.entryId, { start: times[0]!.start }, staff.cookie);
    expect(noServices.status).toBe(422);
  });
});

describe('the desk removes a waitlist entry', () => {
  it('takes it off the list and records it; a second remove is a 404', async () => {
    const db = await getDb();
    const { entryId } = await waiting();
    const response = await remove(entryId, staff.cookie);
    expect(response.status).toBe(200);
    expect(await deskWaitlistEntry(db, entryId)).toBeUndefined();
    const logs = await db.select().from(activityLog).where(eq(activityLog.action, 'removed from the waitlist'));
    expect(logs.at(-1)).toMatchObject({ kind: 'customers', actorId: staff.userId, summary: expect.stringContaining('Taken off the waitlist: SoHo, Monday, January 11, 2027: Hair Removal') });
    expect((await remove(entryId, staff.cookie)).status).toBe(404);
  });
});

describe('attackers', () => {
  it('a visitor gets 401 and a customer 403, even for their own entry; malformed input is a 4xx', async () => {
    const db = await getDb();
    const { entryId } = await waiting();
    const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    const owner = { cookie: (await signedIn(db, 'customer')).cookie };
    expect((await remove(entryId)).status).toBe(401);
    expect((await book(entryId, { start: '2027-01-11T17:15:00.000Z' })).status).toBe(401);
    expect((await remove(entryId, owner.cookie)).status).toBe(403);
    expect((await book(entryId, { start: '2027-01-11T17:15:00.000Z' }, owner.cookie)).status).toBe(403);
    expect((await remove('not-an-id', staff.cookie)).status).toBe(400);
    expect((await book(entryId, { start: 'noon' }, staff.cookie)).status).toBe(422);
    expect((await book(entryId, { start: '2027-01-11T17:15:00.000Z', customerId: row!.customerId }, staff.cookie)).status).toBe(422);
    expect((await book(entryId, '{', staff.cookie)).status).toBe(400);
    expect((await book('6b1f3c0e-8a7d-4c1e-9f55-0d7a3a1b2c3d', { start: '2027-01-11T17:15:00.000Z' }, staff.cookie)).status).toBe(404);
    expect((await deskWaitlistEntry(db, entryId))?.id).toBe(entryId);
  });
});

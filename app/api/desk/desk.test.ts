import { asc, eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointmentEvents, appointments, outbox, therapistTimeOff, users } from '@/lib/db/schema';
import { SITE_NAME } from '@/lib/site';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOOK } from '../appointments/[customerId]/route';
import { PUT as CUSTOMER_PUT } from '../appointments/[customerId]/[cid]/route';
import { POST as JOIN_WAITLIST } from '../waitlist/route';
import { PATCH } from './appointments/[id]/route';
import { GET as DAY } from './day/[location]/[date]/route';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-day-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York. Tuesday 10:00 is 22 hours away: inside the customer's 24-hour cut-off.
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

async function book(date: string, therapist = 1) {
  const db = await getDb();
  const customer = await signedIn(db);
  const response = await callRoute(BOOK, { customerId: customer.userId }, { path: `/api/appointments/${customer.userId}/`, ...jsonInit('POST', cardFor([{ therapist, date, note: 'Prefers unscented' }]), customer.cookie) });
  expect(response.status).toBe(201);
  const card = await response.json();
  return { ...customer, bookingId: card.header.aptId as string, appointmentId: card.appointments[0].id as string };
}

const day = (location: string, date: string, cookie?: string) =>
  callRoute(DAY, { location, date }, { path: `/api/desk/day/${location}/${date}/`, headers: cookie ? { cookie } : {} });

const patch = (id: string, body: unknown, cookie?: string) => callRoute(PATCH, { id }, { path: `/api/desk/appointments/${id}/`, ...jsonInit('PATCH', body, cookie) });

async function eventsOf(appointmentId: string) {
  const db = await getDb();
  return db
    .select({ action: appointmentEvents.action, actorId: appointmentEvents.actorId, details: appointmentEvents.details })
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, appointmentId))
    .orderBy(asc(appointmentEvents.id));
}

async function rowOf(appointmentId: string) {
  const [row] = await (await getDb()).select().from(appointments).where(eq(appointments.id, appointmentId));
  return row!;
}

describe('GET /api/desk/day/{location}/{date}/', () => {
  it('answers staff with the roster columns and the booked visits, customer names included', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const visit = await book('2027-01-12 11:00');
    const [customer] = await db.select().from(users).where(eq(users.id, visit.userId));
    const response = await day('soho', '2027-01-12', staff.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.location).toEqual({ id: 1, slug: 'soho', name: 'SoHo' });
    expect(body.open).toEqual({ startMinute: 600, endMinute: 1200 });
    expect(body.columns.length).toBeGreaterThan(0);
    expect(body.columns.map((c: { therapistId: number }) => c.therapistId)).toContain(1);
    const block = body.blocks.find((b: { id: string }) => b.id === visit.appointmentId);
    expect(block).toMatchObject({ customerName: customer!.name, therapistId: 1, start: '11:00', status: 'booked', attendance: null, note: 'Prefers unscented' });
    // Another location's day does not show it.
    const midtown = await (await day('midtown', '2027-01-12', staff.cookie)).json();
    expect(midtown.blocks.some((b: { id: string }) => b.id === visit.appointmentId)).toBe(false);
    // What the visit's panel needs: the customer's contact, and whom the visit may move to (therapist 1 does it).
    expect(block).toMatchObject({ customerEmail: customer!.email, customerPhone: customer!.phone, walkIn: false });
    expect(block.qualified).toContain(1);
    expect(body.therapists).toContainEqual({ id: 1, name: expect.any(String) });
    // The counts: SoHo's one visit to come, and on Midtown's tab the same, read from its own day.
    const one = { booked: 1, arrived: 0, completed: 0, noShow: 0, toCome: 1 };
    expect(body.counts).toEqual(one);
    expect(body.locations.find((l: { slug: string }) => l.slug === 'soho').counts).toEqual(one);
    expect(midtown.counts.booked).toBe(0);
    expect(midtown.locations.find((l: { slug: string }) => l.slug === 'soho').counts).toEqual(one);
    expect(midtown.locations[0].slug).toBe('midtown');
  });

  it('gives a customer 403 and a visitor 401, with nothing of the day in the body', async () => {
    const db = await getDb();
    const visit = await book('2027-01-12 12:00');
    const [customer] = await db.select().from(users).where(eq(users.id, visit.userId));
    const other = await signedIn(db);
    for (const [cookie, status] of [
      [other.cookie, 403],
      [visit.cookie, 403],
      [undefined, 401],
    ] as const) {
      const response = await day('soho', '2027-01-12', cookie);
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(text).not.toContain(customer!.name);
      expect(text).not.toContain('blocks');
    }
    // A visitor learns nothing from bad parameters either: the sign-in comes first.
    expect((await day('nowhere', '2027-02-30')).status).toBe(401);
  });

  it('says a closed day is closed and offers no time on it, and takes a therapist\'s time off out of the free times', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const thanksgiving = await (await day('soho', '2027-11-25', staff.cookie)).json();
    expect(thanksgiving.closed).toBe('Thanksgiving Day');
    expect(thanksgiving.columns.every((c: { free: string[] }) => c.free.length === 0)).toBe(true);
    await db.insert(therapistTimeOff).values({ therapistId: 1, startsAt: new Date('2027-01-18T19:00:00Z'), endsAt: new Date('2027-01-18T21:00:00Z'), reason: 'Dentist' });
    const monday = await (await day('soho', '2027-01-18', staff.cookie)).json();
    expect(monday.closed).toBeNull();
    const column = monday.columns.find((c: { therapistId: number }) => c.therapistId === 1);
    expect(column.timeOff).toEqual([{ startMinute: 840, endMinute: 960 }]);
    expect(column.free).toContain('13:45');
    expect(column.free).not.toContain('14:00');
    expect(column.free).not.toContain('15:45');
    expect(column.free).toContain('16:00');
  });

  it('answers 400 for a malformed location or date and 404 for an unknown location', async () => {
    const staff = await signedIn(await getDb(), 'staff');
    expect((await day('soho', '2027-02-30', staff.cookie)).status).toBe(400);
    expect((await day('soho', '12-01-2027', staff.cookie)).status).toBe(400);
    expect((await day('SoHo!', '2027-01-12', staff.cookie)).status).toBe(400);
    const unknown = await day('paris', '2027-01-12', staff.cookie);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe("Unknown location 'paris'.");
  });
});

describe('PATCH /api/desk/appointments/{id}/', () => {
  it('checks a visit in and back, completes it, and records who did each and when', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const visit = await book('2027-01-12 13:00');
    // A day ahead, the desk cannot check the customer in: they arrive on the visit's day.
    const dayAhead = await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, staff.cookie);
    expect(dayAhead.status).toBe(422);
    expect((await dayAhead.json()).error.message).toBe('A visit can be checked in only on its day (New York time).');
    expect((await rowOf(visit.appointmentId)).attendance).toBeNull();
    // That morning (10:00 New York), before its start.
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-01-12T15:00:00Z'));
    const checkedIn = await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, staff.cookie);
    expect(checkedIn.status).toBe(200);
    expect(await checkedIn.json()).toMatchObject({ id: visit.appointmentId, status: 'booked', attendance: 'checked_in' });
    expect((await rowOf(visit.appointmentId)).attendance).toBe('checked_in');
    const again = await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, staff.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('This visit is already checked in.');
    // Completed waits for the start (18:00 UTC): a visit marked done before it began would be a false record.
    const early = await patch(visit.appointmentId, { action: 'attendance', attendance: 'completed' }, staff.cookie);
    expect(early.status).toBe(422);
    expect((await early.json()).error.message).toBe('A visit can be marked completed only once it has started.');
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-01-12T18:30:00Z'));
    expect((await patch(visit.appointmentId, { action: 'attendance', attendance: 'completed' }, staff.cookie)).status).toBe(200);
    expect((await rowOf(visit.appointmentId)).status).toBe('booked');
    const events = await eventsOf(visit.appointmentId);
    expect(events).toEqual([
      { action: 'booked', actorId: visit.userId, details: { start: '2027-01-12T18:00:00.000Z', therapistId: 1 } },
      { action: 'attendance', actorId: staff.userId, details: { from: null, to: 'checked_in' } },
      { action: 'attendance', actorId: staff.userId, details: { from: 'checked_in', to: 'completed' } },
    ]);
  });

  it('refuses a no-show before the start (422) and a move of a checked-in visit (409)', async () => {
    const staff = await signedIn(await getDb(), 'staff');
    const visit = await book('2027-01-12 14:00');
    const early = await patch(visit.appointmentId, { action: 'attendance', attendance: 'no_show' }, staff.cookie);
    expect(early.status).toBe(422);
    expect((await early.json()).error.message).toBe('A visit can be marked a no-show only once its start time has passed.');
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-01-12T15:00:00Z'));
    expect((await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, staff.cookie)).status).toBe(200);
    const move = await patch(visit.appointmentId, { action: 'move', date: '2027-01-12', time: '15:00', therapistId: 1 }, staff.cookie);
    expect(move.status).toBe(409);
    expect((await move.json()).error.message).toBe('This visit is marked checked in: undo that before moving or cancelling it.');
  });

  it('cancels inside the 24-hour cut-off for the customer, who could not, and mails them; then no check-in', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const visit = await book('2027-01-05 10:00');
    const card = cardFor([{ therapist: 1, date: '2027-01-05 10:00' }], { status: '2' });
    const own = await callRoute(CUSTOMER_PUT, { customerId: visit.userId, cid: visit.bookingId }, { path: '/x/', ...jsonInit('PUT', card, visit.cookie) });
    expect(own.status).toBe(422);
    const cancelled = await patch(visit.appointmentId, { action: 'cancel' }, staff.cookie);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).status).toBe('cancelled');
    const [customer] = await db.select().from(users).where(eq(users.id, visit.userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, customer!.email!));
    expect(mails.map((m) => m.subject)).toContain(`Your ${SITE_NAME} appointment is cancelled`);
    expect(mails.find((m) => m.subject.endsWith('is cancelled'))?.calendar?.method).toBe('CANCEL');
    expect((await eventsOf(visit.appointmentId)).at(-1)).toMatchObject({ action: 'cancelled', actorId: staff.userId });
    const checkIn = await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, staff.cookie);
    expect(checkIn.status).toBe(409);
    expect((await checkIn.json()).error.message).toBe('This visit was cancelled: only a booked visit can be checked in, completed or marked a no-show.');
  });

  it('moves a visit to another time and therapist through the booking rules, mails the customer and records the move', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const visit = await book('2027-01-13 10:00');
    const moved = await patch(visit.appointmentId, { action: 'move', date: '2027-01-13', time: '11:30', therapistId: 1 }, staff.cookie);
    expect(moved.status).toBe(200);
    const row = await rowOf(visit.appointmentId);
    expect(row.startsAt.toISOString()).toBe('2027-01-13T16:30:00.000Z');
    expect(row.note).toBe('Prefers unscented');
    expect((await eventsOf(visit.appointmentId)).at(-1)).toEqual({
      action: 'moved',
      actorId: staff.userId,
      details: { from: { start: '2027-01-13T15:00:00.000Z', therapistId: 1 }, to: { start: '2027-01-13T16:30:00.000Z', therapistId: 1 } },
    });
    const [customer] = await db.select().from(users).where(eq(users.id, visit.userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, customer!.email!));
    expect(mails.some((m) => m.subject.endsWith('appointment has moved') && m.calendar?.method === 'REQUEST')).toBe(true);
    // Onto a taken time: the database refuses, and the desk reads why.
    const other = await book('2027-01-13 14:00');
    const clash = await patch(other.appointmentId, { action: 'move', date: '2027-01-13', time: '11:30', therapistId: 1 }, staff.cookie);
    expect(clash.status).toBe(416);
    expect((await clash.json()).error.message).toBe('Sorry, that time was just booked. Please choose another time.');
    const closed = await patch(other.appointmentId, { action: 'move', date: '2027-01-13', time: '22:00', therapistId: 1 }, staff.cookie);
    expect(closed.status).toBe(422);
    const same = await patch(other.appointmentId, { action: 'move', date: '2027-01-13', time: '14:00', therapistId: 1 }, staff.cookie);
    expect(same.status).toBe(422);
  });

  it('tells the customers waiting for that day of the time a desk cancellation frees', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const visit = await book('2027-01-19 12:00');
    const waiter = await signedIn(db);
    const wish = { location: '1', date: '2027-01-19', kind: 'area', areas: [{ areaId: 1, therapistId: 1, minutes: 15 }] };
    expect((await callRoute(JOIN_WAITLIST, {}, { path: '/api/waitlist/', ...jsonInit('POST', wish, waiter.cookie) })).status).toBe(201);
    expect((await patch(visit.appointmentId, { action: 'cancel' }, staff.cookie)).status).toBe(200);
    const [person] = await db.select().from(users).where(eq(users.id, waiter.userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, person!.email!));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^A time has freed up at .* on Tuesday, January 19, 2027 at 12:00 PM EST$/)]);
  });

  it('records a customer cancelling their own visit too', async () => {
    const visit = await book('2027-01-14 10:00');
    const card = cardFor([{ therapist: 1, date: '2027-01-14 10:00' }], { status: '2' });
    const response = await callRoute(CUSTOMER_PUT, { customerId: visit.userId, cid: visit.bookingId }, { path: '/x/', ...jsonInit('PUT', card, visit.cookie) });
    expect(response.status).toBe(200);
    expect((await eventsOf(visit.appointmentId)).map((e) => [e.action, e.actorId])).toEqual([
      ['booked', visit.userId],
      ['cancelled', visit.userId],
    ]);
  });

  it('gives a customer 403 and a visitor 401 and changes nothing; bad input is 400 or 422', async () => {
    const db = await getDb();
    const visit = await book('2027-01-15 10:00');
    const customerTry = await patch(visit.appointmentId, { action: 'attendance', attendance: 'checked_in' }, visit.cookie);
    expect(customerTry.status).toBe(403);
    expect(await customerTry.text()).not.toContain(visit.appointmentId);
    expect((await patch(visit.appointmentId, { action: 'cancel' })).status).toBe(401);
    expect((await rowOf(visit.appointmentId)).attendance).toBeNull();
    expect((await rowOf(visit.appointmentId)).status).toBe('booked');
    const staff = await signedIn(db, 'staff');
    expect((await patch('not-an-id', { action: 'cancel' }, staff.cookie)).status).toBe(400);
    expect((await patch(visit.appointmentId, { action: 'teleport' }, staff.cookie)).status).toBe(422);
    expect((await patch(visit.appointmentId, { action: 'move', date: '2027-02-30', time: '10:00', therapistId: 1 }, staff.cookie)).status).toBe(422);
    expect((await patch(visit.appointmentId, { action: 'attendance', attendance: 'late' }, staff.cookie)).status).toBe(422);
    expect((await patch('00000000-0000-4000-8000-000000000000', { action: 'cancel' }, staff.cookie)).status).toBe(404);
  });
});

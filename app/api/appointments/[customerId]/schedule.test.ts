import { eq } from 'drizzle-orm';
import { GET as SLOTS } from '@/app/api/slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET as VISITS } from '@/app/api/visits/[location]/route';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, insertAppointment, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointments, bookings, meta, rosters, therapistTimeOff } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { createCustomer } from '@/lib/desk/customers';
import { addClosure, appointmentsInsideTimeOff, closuresOfYear, createTimeOff, deleteTimeOff, listTimeOff, openDay, restoreHoliday, timeOffSchema } from '@/lib/desk/schedule';
import { listRoster, removeShift, saveShift, shiftSchema } from '@/lib/desk/rosters';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOF_POST } from '../bof/[customerId]/route';
import { PUT } from './[cid]/route';
import { POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-schedule-');
afterAll(closeDb);

// Friday 2026-11-20 noon in New York.
freezeClockAt('2026-11-20T17:00:00Z');

/** Who changes the schedule in these tests (an activity entry names them). */
const DESK = { userId: null, name: 'Test Desk' };

async function slots(therapistId: number, date: string, areaId = 1, duration = 30) {
  const response = await callRoute(SLOTS, { location: '1', areaId: String(areaId), therapistId: String(therapistId), date, duration: String(duration) });
  const body = await response.json();
  return { status: response.status, body, times: (body.slots ?? []).map((s: { time: string }) => s.time) as string[] };
}

async function post(customerId: string, body: unknown, cookie: string) {
  const response = await callRoute(POST, { customerId }, { path: `/api/appointments/${customerId}/`, ...jsonInit('POST', body, cookie) });
  return { status: response.status, body: await response.json() };
}

async function rowsOf(customerId: string) {
  const db = await getDb();
  return {
    appointments: await db.select().from(appointments).where(eq(appointments.customerId, customerId)),
    bookings: await db.select().from(bookings).where(eq(bookings.customerId, customerId)),
  };
}

describe('closures: federal holidays by rule, editable per location', () => {
  it('Thanksgiving 2026-11-26 has no slots or visit times, and a booking for it is refused with 422 and writes nothing', async () => {
    const db = await getDb();
    const thanksgiving = await slots(1, '2026-11-26');
    expect(thanksgiving.status).toBe(200);
    expect(thanksgiving.times).toEqual([]);
    expect(thanksgiving.body.closure).toBe('Thanksgiving Day');
    // The day before is open as usual.
    expect((await slots(1, '2026-11-25')).times[0]).toBe('10:00');

    const visits = await callRoute(VISITS, { location: '1' }, { path: '/api/visits/1/?areas=1:0:30&from=2026-11-20&date=2026-11-26' });
    const strip = await visits.json();
    expect(strip.times).toEqual([]);
    expect(strip.days.find((d: { date: string }) => d.date === '2026-11-26')).toEqual({ date: '2026-11-26', count: 0, closure: 'Thanksgiving Day' });

    const me = await signedIn(db);
    const refused = await post(me.userId, cardFor([{ therapist: 1, date: '2026-11-26 14:00' }]), me.cookie);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('closed');
    expect(refused.body.error.message).toBe('SoHo is closed on Thursday, November 26, 2026 (Thanksgiving Day). Please choose another day.');
    expect(await rowsOf(me.userId)).toEqual({ appointments: [], bookings: [] });

    const christmas = await post(me.userId, cardFor([{ therapist: 0, date: '2026-12-25 11:00' }]), me.cookie);
    expect(christmas.status).toBe(422);
    expect(christmas.body.error.message).toContain('(Christmas Day)');

    // The back office is held to the same rule.
    const staff = await signedIn(db, 'staff');
    const bof = await callRoute(BOF_POST, { customerId: me.userId }, jsonInit('POST', cardFor([{ therapist: 1, date: '2026-11-26 14:00' }]), staff.cookie));
    expect(bof.status).toBe(422);
    expect(await rowsOf(me.userId)).toEqual({ appointments: [], bookings: [] });
  });

  it('staff can open a holiday for one location and close another day; the list shows both', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    await openDay(db, { location: 1, date: '2026-12-25' as never }, { userId: staff.userId, name: 'Test Desk' });
    await addClosure(db, { location: 1, date: '2026-12-24' as never, name: 'Christmas Eve' }, { userId: staff.userId, name: 'Test Desk' });
    expect((await slots(2, '2026-12-25')).times[0]).toBe('10:00');
    expect((await slots(1, '2026-12-24')).body.closure).toBe('Christmas Eve');
    const year = await closuresOfYear(db, 1, 2026);
    expect(year.find((c) => c.date === '2026-12-25')).toEqual({ date: '2026-12-25', name: 'Christmas Day', source: 'holiday', closed: false });
    expect(year.find((c) => c.date === '2026-12-24')).toEqual({ date: '2026-12-24', name: 'Christmas Eve', source: 'added', closed: true });
    // Midtown still closes on Christmas.
    expect(await closuresOfYear(db, 2, 2026)).toContainEqual({ date: '2026-12-25', name: 'Christmas Day', source: 'holiday', closed: true });

    await restoreHoliday(db, { location: 1, date: '2026-12-25' as never }, DESK);
    await openDay(db, { location: 1, date: '2026-12-24' as never }, { userId: staff.userId, name: 'Test Desk' });
    expect((await slots(2, '2026-12-25')).times).toEqual([]);
    expect((await slots(1, '2026-12-24')).times[0]).toBe('10:00');
  });
});

describe('time off', () => {
  it('an afternoon off leaves that therapist\'s slots and refuses a booking that crosses it; existing ones inside are listed', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const customer = await signedIn(db);
    // Monday 2026-11-30: therapist 1 has a 14:00 appointment already.
    await insertAppointment(db, { customerId: customer.userId, therapistId: 1, start: '2026-11-30T19:00:00Z', minutes: 30 });
    const before = await slots(1, '2026-11-30');
    expect(before.times).toContain('13:00');

    const input = timeOffSchema.parse({ kind: 'once', therapistId: '1', starts: '2026-11-30T13:00', ends: '2026-11-30T17:00', reason: 'Dentist' });
    const id = await createTimeOff(db, input, { userId: staff.userId, name: 'Test Desk' });
    const after = await slots(1, '2026-11-30');
    expect(after.times).toContain('12:30');
    expect(after.times.filter((t) => t >= '12:45' && t < '17:00')).toEqual([]);
    expect(after.times).toContain('17:00');

    const inside = await appointmentsInsideTimeOff(db, id);
    expect(inside!.block.when).toBe('Monday, November 30, 2026, 1:00 PM to 5:00 PM');
    expect(inside!.appointments.map((a) => [a.customerId, a.localStart])).toEqual([[customer.userId, '2026-11-30 14:00']]);

    const me = await signedIn(db);
    const refused = await post(me.userId, cardFor([{ therapist: 1, date: '2026-11-30 16:45' }]), me.cookie);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'time_off', message: 'Maria Lopez is away at that time. Please choose another time or therapist.' });
    expect(await rowsOf(me.userId)).toEqual({ appointments: [], bookings: [] });
    // With 'any therapist' the one away is passed over (Monday: therapist 2 is off, so nobody is left).
    const any = await post(me.userId, cardFor([{ therapist: 0, date: '2026-11-30 15:00' }]), me.cookie);
    expect(any.status).toBe(422);
    expect(any.body.error.code).toBe('time_off');

    // A move into the block is refused too.
    const booked = await post(me.userId, cardFor([{ therapist: 1, date: '2026-11-30 11:00' }]), me.cookie);
    expect(booked.status).toBe(201);
    const moved = await callRoute(PUT, { customerId: me.userId, cid: booked.body.header.aptId }, jsonInit('PUT', cardFor([{ therapist: 1, date: '2026-11-30 13:30' }]), me.cookie));
    expect(moved.status).toBe(422);

    expect(await deleteTimeOff(db, id, DESK)).toBe(true);
    expect((await slots(1, '2026-11-30')).times).toContain('15:00');
  });

  it('a weekly block takes the same hours off every such weekday', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const id = await createTimeOff(db, timeOffSchema.parse({ kind: 'weekly', therapistId: '3', weekday: '2', from: '10:00', to: '12:00' }), { userId: staff.userId, name: 'Test Desk' });
    for (const date of ['2026-12-01', '2026-12-08']) expect((await slots(3, date, 2)).times[0]).toBe('12:00');
    expect((await slots(3, '2026-12-02', 2)).times[0]).toBe('10:00');
    await deleteTimeOff(db, id, DESK);
  });

  it('a weekly block applies from the day it is added; removed on a later day, the days before keep it and it leaves the list', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const weekly = timeOffSchema.parse({ kind: 'weekly', therapistId: '3', weekday: '2', from: '10:00', to: '12:00', reason: 'Class' });
    const id = await createTimeOff(db, weekly, { userId: staff.userId, name: 'Test Desk' });
    const [added] = await db.select().from(therapistTimeOff).where(eq(therapistTimeOff.id, id));
    expect(added).toMatchObject({ validFrom: '2026-11-20', validUntil: null });
    // Removed on Wednesday December 9: Tuesday the 8th keeps the class, Tuesday the 15th is free from 10:00.
    expect(await deleteTimeOff(db, id, DESK, Date.parse('2026-12-09T17:00:00Z'))).toBe(true);
    const [ended] = await db.select().from(therapistTimeOff).where(eq(therapistTimeOff.id, id));
    expect(ended).toMatchObject({ validFrom: '2026-11-20', validUntil: '2026-12-09' });
    expect((await slots(3, '2026-12-08', 2)).times[0]).toBe('12:00');
    expect((await slots(3, '2026-12-15', 2)).times[0]).toBe('10:00');
    expect((await listTimeOff(db)).map((block) => block.id)).not.toContain(id);
    expect(await appointmentsInsideTimeOff(db, id)).toBeUndefined();
    expect(await deleteTimeOff(db, id, DESK, Date.parse('2026-12-10T17:00:00Z'))).toBe(false);

    // Added and removed on the same day, it applied on no day: the row goes.
    const today = await createTimeOff(db, weekly, { userId: staff.userId, name: 'Test Desk' });
    expect(await deleteTimeOff(db, today, DESK)).toBe(true);
    expect(await db.select().from(therapistTimeOff).where(eq(therapistTimeOff.id, today))).toEqual([]);
  });

  it('the time-off list keeps each block\'s visits to move, with a phone-only customer\'s phone, until they are moved or cancelled', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const created = await createCustomer(db, { name: 'Pat Phone', email: null, phone: '6465550123' });
    if (created.kind !== 'created') throw new Error('the customer was not created');
    const caller = created.customer.id;
    // Thursday 2026-12-03: therapist 1 has two visits at 14:00 and 15:00, then the afternoon is blocked.
    await insertAppointment(db, { customerId: caller, therapistId: 1, start: '2026-12-03T19:00:00Z', minutes: 30 });
    await insertAppointment(db, { customerId: caller, therapistId: 1, start: '2026-12-03T20:00:00Z', minutes: 30 });
    const id = await createTimeOff(db, timeOffSchema.parse({ kind: 'once', therapistId: '1', starts: '2026-12-03T13:00', ends: '2026-12-03T17:00' }), { userId: staff.userId, name: 'Test Desk' });
    const listed = async () => (await listTimeOff(db)).find((b) => b.id === id)?.visitsToMove;
    expect(await listed()).toBe(2);

    const inside = await appointmentsInsideTimeOff(db, id);
    expect(inside!.appointments.map((a) => [a.customerName, a.customerEmail, a.customerPhone, a.localStart])).toEqual([
      ['Pat Phone', null, '6465550123', '2026-12-03 14:00'],
      ['Pat Phone', null, '6465550123', '2026-12-03 15:00'],
    ]);

    // One visit moved out of the block (to the morning), the other cancelled: nothing is left to move.
    await db.update(appointments).set({ startsAt: new Date('2026-12-03T15:00:00Z'), endsAt: new Date('2026-12-03T15:30:00Z') }).where(eq(appointments.id, inside!.appointments[0]!.id));
    expect(await listed()).toBe(1);
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, inside!.appointments[1]!.id));
    expect(await listed()).toBe(0);
    expect((await appointmentsInsideTimeOff(db, id))!.appointments).toEqual([]);
    await deleteTimeOff(db, id, DESK);
  });

  it('refuses a block that ends before it starts, or an unknown therapist', () => {
    expect(timeOffSchema.safeParse({ kind: 'once', therapistId: '1', starts: '2026-11-30T13:00', ends: '2026-11-30T12:00' }).success).toBe(false);
    expect(timeOffSchema.safeParse({ kind: 'weekly', therapistId: '99', weekday: '1', from: '10:00', to: '12:00' }).success).toBe(false);
    expect(timeOffSchema.safeParse({ kind: 'weekly', therapistId: '1', weekday: '1', from: '12:00', to: '12:00' }).success).toBe(false);
  });
});

describe('rosters', () => {
  it('validates a shift: inside the opening hours, end after start, an area the therapist serves there', () => {
    expect(shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '1', weekday: '1', from: '12:00', to: '18:00' }).success).toBe(true);
    const early = shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '1', weekday: '0', from: '10:00', to: '15:00' });
    expect(early.success).toBe(false);
    expect(early.error!.issues[0]!.message).toBe('Sunday opening hours are 11:00 AM to 6:00 PM; keep the shift inside them.');
    expect(shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '1', weekday: '1', from: '15:00', to: '14:00' }).error!.issues[0]!.message).toBe('The end must be after the start.');
    expect(shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '3', weekday: '1', from: '12:00', to: '14:00' }).error!.issues[0]!.message).toBe('Maria Lopez does not serve Skincare at this location.');
  });

  it('a roster edit changes the slots, and survives a restart and a catalogue change', async () => {
    const db = await getDb();
    // Tuesday 2026-12-01: therapist 1 works hair removal all day; shorten to 14:00-18:00; remove Wednesday.
    await saveShift(db, shiftSchema.parse({ location: '1', therapistId: '1', areaId: '1', weekday: '2', from: '14:00', to: '18:00' }), DESK);
    expect(await removeShift(db, { location: 1, therapistId: 1, areaId: 1, weekday: 3 }, DESK)).toBe(true);
    const check = async () => {
      const tuesday = await slots(1, '2026-12-01');
      expect(tuesday.times[0]).toBe('14:00');
      expect(tuesday.times.at(-1)).toBe('17:30');
      expect((await slots(1, '2026-12-02')).times).toEqual([]);
    };
    await check();
    expect((await listRoster(db, 1)).find((s) => s.therapistId === 1 && s.areaId === 1 && s.weekday === 2)).toMatchObject({ from: '14:00', to: '18:00' });

    await closeDb();
    const reopened = await getDb();
    await check();
    // A seed run again (an upgrade from a release whose database was a copy of the code) leaves the rosters as staff left them.
    await reopened.delete(meta).where(eq(meta.key, 'catalog_source'));
    expect(await seedDatabase(reopened)).toEqual({ seeded: true });
    await check();
    // Only an empty table is filled from the catalogue.
    await reopened.delete(rosters);
    await reopened.delete(meta).where(eq(meta.key, 'catalog_source'));
    await seedDatabase(reopened);
    expect((await slots(1, '2026-12-01')).times[0]).toBe('10:00');
  });
});

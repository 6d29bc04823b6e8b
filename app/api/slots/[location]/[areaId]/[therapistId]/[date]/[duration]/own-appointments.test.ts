import { closeDb, getDb } from '@/lib/db';
import { callRoute, insertAppointment, signedIn } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';
import { GET as VISITS } from '@/app/api/visits/[location]/route';

// Sessions are checked against the database's clock, so this file runs on the real one (route.test.ts freezes it).
jest.setTimeout(120_000);
createTempDataDir('salon-slots-own-');
afterAll(closeDb);

type P = { location: string; areaId: string; therapistId: string; date: string; duration: string };
const p = (location: string, areaId: string, therapistId: string, date: string, duration: string): P => ({ location, areaId, therapistId, date, duration });

describe('GET /api/slots/… for a signed-in customer', () => {
  it("leaves a signed-in customer's own appointments out of the times, with any therapist, except the one being moved", async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    // Tuesday 2027-03-16, SoHo hair removal: therapists 1 and 2. The customer has brows at Midtown 11:00 to 12:00.
    const bookingId = await insertAppointment(db, { customerId: customer.userId, therapistId: 7, start: '2027-03-16T15:00:00Z', minutes: 60, location: 2, areaId: 2 });
    const times = async (init: { cookie?: string; path?: string } = {}) =>
      ((await (await callRoute(GET, p('1', '1', '0', '2027-03-16', '30'), { path: init.path, headers: init.cookie ? { cookie: init.cookie } : {} })).json()) as { slots: { time: string }[] }).slots.map((s) => s.time);
    const anyone = await times();
    expect(anyone).toEqual(expect.arrayContaining(['10:30', '11:00', '11:30', '12:00']));
    const own = await times({ cookie: customer.cookie });
    // 10:45 would end at 11:15, inside the customer's own appointment; 12:00 starts as it ends.
    expect(own).toEqual(expect.arrayContaining(['10:30', '12:00']));
    expect(own.filter((t) => t > '10:30' && t < '12:00')).toEqual([]);
    // Moving that very appointment (its booking and area): its own time is free to it.
    const moving = await times({ cookie: customer.cookie, path: `/api/test/?exceptBooking=${bookingId}&exceptArea=2` });
    expect(moving).toEqual(anyone);
    // Staff booking for someone else see the times as they are.
    const staff = await signedIn(db, 'staff');
    expect(await times({ cookie: staff.cookie })).toEqual(anyone);
    // A malformed exception is a 400, not a 500.
    const bad = await callRoute(GET, p('1', '1', '0', '2027-03-16', '30'), { path: '/api/test/?exceptBooking=nope&exceptArea=2', headers: { cookie: customer.cookie } });
    expect(bad.status).toBe(400);
  });


  it('the visit times of the booking page leave them out too', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    // Wednesday 2027-03-17: the customer has brows at Midtown 11:00 to 12:00 (EDT).
    await insertAppointment(db, { customerId: customer.userId, therapistId: 7, start: '2027-03-17T15:00:00Z', minutes: 60, location: 2, areaId: 2 });
    const path = '/api/visits/1/?areas=1:0:30&from=2027-03-15&date=2027-03-17';
    const times = async (cookie?: string) =>
      ((await (await callRoute(VISITS, { location: '1' }, { path, headers: cookie ? { cookie } : {} })).json()) as { times: { time: string }[] }).times.map((t) => t.time);
    expect(await times()).toEqual(expect.arrayContaining(['11:00', '11:30']));
    const own = await times(customer.cookie);
    expect(own).toEqual(expect.arrayContaining(['10:30', '12:00']));
    expect(own.filter((t) => t > '10:30' && t < '12:00')).toEqual([]);
  });
});

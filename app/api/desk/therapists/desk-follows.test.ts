import { and, eq, gt } from 'drizzle-orm';
import { GET as SLOTS } from '@/app/api/slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET as VISITS } from '@/app/api/visits/[location]/route';
import { apiHandler } from '@/lib/api';
import { createAppointment, createBackOfficeAppointment } from '@/lib/booking/handlers';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, insertAppointment, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { allServiceItems } from '@/lib/catalog/catalog';
import { catalogChanged } from '@/lib/catalog/live';
import { closeDb, getDb } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import { deskLocationBySlug, readDeskDay } from '@/lib/desk/day';
import { shiftSchema, saveShift } from '@/lib/desk/rosters';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import type { DateInLocationTz } from '@/lib/booking/dates';
import { createTherapist, retireTherapist } from '@/lib/team/therapists';

/**
 * Issue 33, item 4: the desk follows the team at once. A therapist the owner adds at Williamsburg (which books nothing
 * online) can be rostered, shows in the desk's day, gets desk slots and desk bookings; online lists and bookings stay
 * as the offerings say; each therapist is offered only for the services they do there; a retired one leaves rosters
 * and slots and keeps their name on past visits.
 */

jest.setTimeout(120_000);
createTempDataDir('salon-desk-follows-');
afterAll(closeDb);
// Monday 2027-01-04, noon in New York; Tuesday 2027-01-05 is the day booked.
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
const TUESDAY = '2027-01-05' as DateInLocationTz;

const wax = allServiceItems().filter((item) => item.svcType === 1 && item.gen === 0);
const brazilian = wax.find((item) => item.moniker === 'womens-brazilian-wax')!;
const other = wax.find((item) => item.id !== brazilian.id)!;
const OWNER = { userId: null, name: 'Test Owner' };
const williamsburg = deskLocationBySlug('williamsburg')!;

async function slots(location: string, therapistId: number, cookie?: string, services?: string[]) {
  const query = services ? `?services=${services.join(',')}` : '';
  const path = `/api/slots/${location}/1/${therapistId}/${TUESDAY}/30/${query}`;
  const response = await callRoute(SLOTS, { location, areaId: '1', therapistId: String(therapistId), date: TUESDAY, duration: '30' }, { path, headers: cookie ? { cookie } : {} });
  const body = await response.json();
  return { status: response.status, message: body.error?.message as string | undefined, slots: (body.slots ?? []) as { time: string; therapistIds: number[] }[] };
}

const bof = (customerId: string, body: unknown, cookie: string) =>
  apiHandler((request) => createBackOfficeAppointment(request, { customerId }))(new Request(`http://localhost:3000/api/appointments/bof/${customerId}/`, jsonInit('POST', body, cookie)));
const own = (customerId: string, body: unknown, cookie: string) =>
  apiHandler((request) => createAppointment(request, { customerId }))(new Request(`http://localhost:3000/api/appointments/${customerId}/`, jsonInit('POST', body, cookie)));

let desk: { userId: string; cookie: string };
let customer: { userId: string; cookie: string };
beforeAll(async () => {
  const db = await getDb();
  desk = await signedIn(db, 'staff');
  customer = await signedIn(db, 'customer');
});

describe('a therapist added at Williamsburg', () => {
  it('before: nobody does anything there, so the desk has nobody to roster, no column and no slots', async () => {
    const db = await getDb();
    expect((await readDeskDay(db, williamsburg, TUESDAY)).columns).toEqual([]);
    expect(await slots('williamsburg', 0, desk.cookie)).toMatchObject({ status: 404, message: 'Nobody does Hair Removal at Williamsburg.' });
    expect(await slots('williamsburg', 0)).toMatchObject({ status: 404, message: 'Hair Removal cannot be booked online at Williamsburg.' });
    expect(shiftSchema.safeParse({ location: '3', therapistId: '27', areaId: '1', weekday: '2', from: '10:00', to: '20:00' }).success).toBe(false);
  });

  it('is rostered, fills the day view and the desk\'s slots and bookings there; online stays closed', async () => {
    const db = await getDb();
    const willa = await createTherapist(db, OWNER, { name: 'Willa Burg', bio: '', work: [{ location: 'williamsburg', serviceIds: [brazilian.id], areaIds: [], tabs: [] }] });
    await catalogChanged(db);
    expect(willa.id).toBe(27);
    expect(await slots('williamsburg', 0, desk.cookie)).toMatchObject({ status: 200, slots: [] });
    await saveShift(db, shiftSchema.parse({ location: '3', therapistId: '27', areaId: '1', weekday: '2', from: '10:00', to: '20:00' }), OWNER);

    const day = await readDeskDay(db, williamsburg, TUESDAY);
    expect(day.columns.map((c) => [c.therapistId, c.name, c.free[0]])).toEqual([[27, 'Willa Burg', '10:00']]);
    const deskSlots = await slots('williamsburg', 0, desk.cookie);
    expect(deskSlots.slots[0]).toEqual(expect.objectContaining({ time: '10:00', therapistIds: [27] }));
    expect((await slots('williamsburg', 27, desk.cookie, [brazilian.id])).slots.length).toBe(deskSlots.slots.length);
    expect(await slots('williamsburg', 0)).toMatchObject({ status: 404, message: 'Hair Removal cannot be booked online at Williamsburg.' });

    const booked = await bof(customer.userId, cardFor([{ date: `${TUESDAY} 10:00`, items: [brazilian] }], { location: '3' }), desk.cookie);
    expect(booked.status).toBe(201);
    const [row] = await db.select().from(appointments).where(eq(appointments.customerId, customer.userId));
    expect(row).toMatchObject({ location: 3, therapistId: 27 });
    const online = await own(customer.userId, cardFor([{ date: `${TUESDAY} 11:00`, items: [brazilian] }], { location: '3' }), customer.cookie);
    expect(online.status).toBe(422);
    expect((await online.json()).error.fields).toEqual({ 'svcAreas.0.svcTherapist': 'Hair Removal cannot be booked online at Williamsburg.' });
  });

  it('is offered only for the services they do there', async () => {
    expect((await slots('williamsburg', 0, desk.cookie, [other.id])).slots).toEqual([]);
    expect(await slots('williamsburg', 27, desk.cookie, [other.id])).toMatchObject({ status: 404, message: `Willa Burg does not do ${other.name} at Williamsburg.` });
    const refused = await bof(customer.userId, cardFor([{ date: `${TUESDAY} 12:00`, items: [other] }], { location: '3' }), desk.cookie);
    expect(refused.status).toBe(422);
    expect(Object.values((await refused.json()).error.fields)).toEqual([`Nobody at Williamsburg does ${other.name}.`]);
    const named = await bof(customer.userId, cardFor([{ date: `${TUESDAY} 12:00`, therapist: 27, items: [brazilian, other] }], { location: '3' }), desk.cookie);
    expect((await named.json()).error.fields).toEqual({ 'svcAreas.0.svcTherapist': `Willa Burg does not do ${other.name} at Williamsburg.` });
  });
});

describe('a therapist who does one service at SoHo', () => {
  it('is offered online for that service only: slots, visit times and bookings ask what they do, not only the area', async () => {
    const db = await getDb();
    const solo = await createTherapist(db, OWNER, { name: 'Solo Brazilian', bio: '', work: [{ location: 'soho', serviceIds: [brazilian.id], areaIds: [], tabs: [] }] });
    await catalogChanged(db);
    await saveShift(db, shiftSchema.parse({ location: '1', therapistId: String(solo.id), areaId: '1', weekday: '2', from: '10:00', to: '20:00' }), OWNER);
    const withBrazilian = await slots('soho', 0, undefined, [brazilian.id]);
    expect(withBrazilian.slots[0]!.therapistIds).toContain(solo.id);
    const withOther = await slots('soho', 0, undefined, [other.id]);
    expect(withOther.slots.length).toBeGreaterThan(0);
    expect(withOther.slots.flatMap((s) => s.therapistIds)).not.toContain(solo.id);
    expect(await slots('soho', solo.id, undefined, [other.id])).toMatchObject({ status: 404, message: `Solo Brazilian does not do ${other.name} at SoHo.` });

    const visits = async (services: string) => {
      const path = `/api/visits/soho/?areas=1:${solo.id}:30&from=${TUESDAY}&days=1&services=${services}`;
      return callRoute(VISITS, { location: 'soho' }, { path });
    };
    expect((await visits(brazilian.id)).status).toBe(200);
    expect((await visits(other.id)).status).toBe(404);

    const refused = await own(customer.userId, cardFor([{ date: `${TUESDAY} 15:00`, therapist: solo.id, items: [other] }]), customer.cookie);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields).toEqual({ 'svcAreas.0.svcTherapist': `Solo Brazilian does not do ${other.name} at SoHo.` });
    expect((await own(customer.userId, cardFor([{ date: `${TUESDAY} 15:00`, therapist: solo.id, items: [brazilian] }]), customer.cookie)).status).toBe(201);
  });
});

describe('a retired therapist', () => {
  it('leaves the rosters and the slots, and keeps their name on past visits', async () => {
    const db = await getDb();
    await insertAppointment(db, { customerId: customer.userId, therapistId: 27, location: 3, start: '2026-12-29T16:00:00Z', minutes: 30 });
    expect((await retireTherapist(db, OWNER, 27)).kind).toBe('visits_to_come');
    await db.update(appointments).set({ status: 'cancelled' }).where(and(eq(appointments.therapistId, 27), gt(appointments.startsAt, new Date(Date.now()))));
    expect((await retireTherapist(db, OWNER, 27)).kind).toBe('retired');
    await catalogChanged(db);
    expect((await readDeskDay(db, williamsburg, TUESDAY)).columns.filter((c) => c.shift !== null)).toEqual([]);
    expect(await slots('williamsburg', 0, desk.cookie)).toMatchObject({ status: 404, message: 'Nobody does Hair Removal at Williamsburg.' });
    const past = await readDeskDay(db, williamsburg, '2026-12-29' as DateInLocationTz);
    expect(past.columns.map((c) => [c.therapistId, c.name])).toEqual([[27, 'Willa Burg']]);
  });
});

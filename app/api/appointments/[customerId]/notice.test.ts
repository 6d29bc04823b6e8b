import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { notifyWaitlist } from '@/lib/booking/waitlist';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { setHours } from '@/lib/test-support/catalog-hours';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { PATCH as DESK_MOVE } from '../../desk/appointments/[id]/route';
import { POST as HOLD } from '../../holds/route';
import { GET as SLOTS } from '../../slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET as VISITS } from '../../visits/[location]/route';
import { POST as JOIN } from '../../waitlist/route';
import { POST as BOF_POST } from '../bof/[customerId]/route';
import { PUT } from './[cid]/route';
import { POST } from './route';

/**
 * The minimum notice of online bookings (lib/booking/notice.ts): 2 hours by default, per location by the owner. A
 * customer's (or a visitor's) slots, visit times, create, move and hold keep to it, and so do the waitlist's offers;
 * the desk books any free time from now on.
 */
jest.setTimeout(120_000);
createTempDataDir('salon-notice-');
afterAll(closeDb);
afterEach(resetCatalogSnapshot);

// Monday 2027-01-11, 2:03 PM in New York (EST). At SoHo on Mondays Maria Lopez (1) does hair removal, 10:00 to 20:00.
const TODAY = '2027-01-11';
freezeClockAt('2027-01-11T19:03:00Z', { silenceConsoleInfo: true });
const tooSoon = "Online bookings at SoHo need 2 hours' notice. Please choose a later time, or call (212) 555-0148 to book sooner.";

type User = { userId: string; cookie: string };

async function firstSlot(cookie?: string): Promise<string | undefined> {
  const response = await callRoute(SLOTS, { location: 'soho', areaId: '1', therapistId: '0', date: TODAY, duration: '15' }, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: { time: string }[] }).slots[0]?.time;
}

async function firstVisitTime(cookie?: string): Promise<string | undefined> {
  const path = `/api/visits/soho/?areas=1:0:15&from=${TODAY}`;
  const response = await callRoute(VISITS, { location: 'soho' }, { path, headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as { times: { time: string }[] }).times[0]?.time;
}

async function book(user: User, local: string, backOffice?: User) {
  const route = backOffice ? BOF_POST : POST;
  const response = await callRoute(route, { customerId: user.userId }, jsonInit('POST', cardFor([{ therapist: 0, date: local }]), (backOffice ?? user).cookie));
  return { status: response.status, body: await response.json() };
}

describe('waitlist offers', () => {
  it('a time freed inside the notice is offered to nobody; one after it is (before anything is booked today)', async () => {
    const db = await getDb();
    const waiting = await signedIn(db);
    const joined = await callRoute(JOIN, {}, { path: '/api/waitlist/', ...jsonInit('POST', { location: '1', date: TODAY, kind: 'area', areas: [{ areaId: 1, therapistId: 0, minutes: 15 }] }, waiting.cookie) });
    expect(joined.status).toBe(201);
    const soon = { therapistId: 1, start: Date.parse(`${TODAY}T15:00:00-05:00`), end: Date.parse(`${TODAY}T15:30:00-05:00`) };
    expect(await notifyWaitlist(db, { location: 1, freed: [soon] })).toEqual([]);
    const later = { therapistId: 1, start: Date.parse(`${TODAY}T17:00:00-05:00`), end: Date.parse(`${TODAY}T17:30:00-05:00`) };
    expect(await notifyWaitlist(db, { location: 1, freed: [later] })).toHaveLength(1);
  });
});

describe('slots and visit times', () => {
  it('start 2 hours from now for a customer and a visitor, and from the next quarter hour for the desk', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const desk = await signedIn(db, 'staff');
    const owner = await signedIn(db, 'owner');
    // 2:03 PM + 2 hours = 4:03 PM: the first quarter hour after it.
    expect(await firstSlot(customer.cookie)).toBe('16:15');
    expect(await firstSlot()).toBe('16:15');
    expect(await firstVisitTime(customer.cookie)).toBe('16:15');
    expect(await firstSlot(desk.cookie)).toBe('14:15');
    expect(await firstVisitTime(desk.cookie)).toBe('14:15');
    expect(await firstSlot(owner.cookie)).toBe('14:15');
  });

  it('follow the notice the owner sets for the location', async () => {
    setHours(1, { minNoticeMinutes: 30 });
    expect(await firstSlot()).toBe('14:45');
    expect(await firstVisitTime()).toBe('14:45');
    setHours(1, { minNoticeMinutes: 0 });
    expect(await firstSlot()).toBe('14:15');
  });
});

describe('booking inside the notice', () => {
  it('a customer is refused with the notice and the phone number; the desk books the same time', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const refused = await book(customer, `${TODAY} 14:30`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'too_soon', message: tooSoon, fields: { 'svcAreas.0.svcDate': tooSoon } });
    expect((await book(customer, `${TODAY} 16:15`)).status).toBe(201);
    const desk = await signedIn(db, 'staff');
    const other = await signedIn(db);
    expect((await book(other, `${TODAY} 14:30`, desk)).status).toBe(201);
  });

  it('a hold (a signed-out customer about to sign in) is refused inside the notice', async () => {
    const response = await callRoute(HOLD, {}, { path: '/api/holds/', ...jsonInit('POST', cardFor([{ therapist: 0, date: `${TODAY} 15:00` }])) });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('too_soon');
  });

  it('a customer cannot move a visit to a time inside the notice; the desk can', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const booked = await book(customer, '2027-01-13 10:00');
    expect(booked.status).toBe(201);
    const cid: string = booked.body.header.aptId;
    const move = cardFor([{ therapist: 0, date: `${TODAY} 15:15` }]);
    const moved = await callRoute(PUT, { customerId: customer.userId, cid }, jsonInit('PUT', move, customer.cookie));
    expect(moved.status).toBe(422);
    expect((await moved.json()).error.code).toBe('too_soon');
    const desk = await signedIn(db, 'staff');
    const appointmentId: string = booked.body.appointments[0].id;
    const byDesk = await callRoute(DESK_MOVE, { id: appointmentId }, jsonInit('PATCH', { action: 'move', date: TODAY, time: '15:15', therapistId: 1 }, desk.cookie));
    expect(byDesk.status).toBe(200);
  });
});

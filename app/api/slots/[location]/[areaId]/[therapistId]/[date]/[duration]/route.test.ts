import { closeDb, getDb } from '@/lib/db';
import { callRoute, insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-slots-');
afterAll(closeDb);

type P = { location: string; areaId: string; therapistId: string; date: string; duration: string };
const p = (location: string, areaId: string, therapistId: string, date: string, duration: string): P => ({ location, areaId, therapistId, date, duration });
const NOW = freezeClockAt('2026-01-05T12:00:00Z');

async function slots(params: P) {
  const response = await callRoute(GET, params);
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  await getDb();
});

describe('GET /api/slots/{location}/{areaId}/{therapistId}/{date}/{duration}/', () => {
  it('answers the free times of a named therapist in UTC with the local time and a timestamp', async () => {
    // Therapist 2 works hair removal at SoHo on Sundays; 2026-03-08 is the spring-forward Sunday.
    const { status, body } = await slots(p('1', '1', '2', '2026-03-08', '60'));
    expect(status).toBe(200);
    expect(body.timestamp).toBe(new Date(NOW).toISOString());
    expect(body.timeZone).toBe('America/New_York');
    expect(body.hours).toEqual({ start: 15, end: 22 });
    expect(body.slots[0]).toEqual({ start: '2026-03-08T15:00:00.000Z', time: '11:00', therapistIds: [2] });
    expect(body.slots.at(-1).time).toBe('17:00');
  });

  it.each([
    ['2026-11-01', '2026-11-01T16:00:00.000Z'],
    ['2027-03-14', '2027-03-14T15:00:00.000Z'],
  ])('opens at 11:00 New York time on the DST Sunday %s', async (date, first) => {
    // Seen from a month before, inside the booking horizon.
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse(date) - 30 * 86_400_000);
    const { body } = await slots(p('soho', '1', '0', date, '30'));
    expect(body.slots[0].start).toBe(first);
    expect(body.slots[0].time).toBe('11:00');
    expect(body.slots.at(-1).time).toBe('17:30');
  });

  it('leaves out booked time, and "any therapist" lists who is free', async () => {
    const db = await getDb();
    const customer = await insertUser(db);
    // Monday 2026-03-09: at SoHo only therapist 1 works hair removal.
    await insertAppointment(db, { customerId: customer, therapistId: 1, start: '2026-03-09T14:00:00Z', minutes: 60 });
    const named = await slots(p('1', '1', '1', '2026-03-09', '30'));
    expect(named.body.slots[0].time).toBe('11:00');
    // Tuesday: therapists 1 and 2; 1 is busy at 10:00, so any therapist at 10:00 is 2 alone.
    await insertAppointment(db, { customerId: customer, therapistId: 1, start: '2026-03-10T14:00:00Z', minutes: 60 });
    const any = await slots(p('1', '1', '0', '2026-03-10', '30'));
    expect(any.body.slots[0]).toEqual({ start: '2026-03-10T14:00:00.000Z', time: '10:00', therapistIds: [2] });
    expect(any.body.slots.find((s: { time: string }) => s.time === '11:00').therapistIds).toEqual([1, 2]);
  });

  it('a day past the booking horizon has no free times (booking it is refused as too far ahead)', async () => {
    // 2026-01-05 + 180 days is Saturday 2026-07-04; Monday 2026-07-06 is past it, Monday 2026-06-29 inside.
    const inside = await slots(p('soho', '1', '0', '2026-06-29', '30'));
    expect(inside.body.slots.length).toBeGreaterThan(0);
    const past = await slots(p('soho', '1', '0', '2026-07-06', '30'));
    expect(past.status).toBe(200);
    expect(past.body.slots).toEqual([]);
  });

  it('counts a therapist busy at another location', async () => {
    const db = await getDb();
    const customer = await insertUser(db);
    // Therapist 7 works brows at SoHo on Mondays; an appointment of theirs at Midtown the same hour blocks them.
    await insertAppointment(db, { customerId: customer, therapistId: 7, start: '2026-03-16T14:00:00Z', minutes: 600, location: 2, areaId: 2 });
    const { body } = await slots(p('1', '2', '7', '2026-03-16', '15'));
    expect(body.slots).toEqual([]);
  });

  it('answers an empty list when there is no free time, and for a day in the past', async () => {
    expect((await slots(p('1', '1', '1', '2026-03-08', '60'))).body.slots).toEqual([]); // therapist 1 is off on Sundays
    const past = await slots(p('1', '1', '0', '2026-01-02', '60'));
    expect(past.status).toBe(200);
    expect(past.body.slots).toEqual([]);
  });

  it.each([
    [p('9', '1', '0', '2026-03-09', '60'), /Unknown location/],
    [p('brooklyn', '1', '0', '2026-03-09', '60'), /Unknown location/],
    [p('1', '7', '0', '2026-03-09', '60'), /Unknown area/],
    [p('williamsburg', '1', '0', '2026-03-09', '60'), /cannot be booked online/],
    [p('4', '4', '0', '2026-03-09', '60'), /cannot be booked online/],
    [p('1', '1', '99', '2026-03-09', '60'), /Therapist 99/],
    [p('1', '1', '3', '2026-03-09', '60'), /Therapist 3 does not work/],
  ])('answers 404 with a clear message for %j', async (params, message) => {
    const { status, body } = await slots(params);
    expect(status).toBe(404);
    expect(body.error.message).toMatch(message);
  });

  it.each([
    p('1', 'x', '0', '2026-03-09', '60'),
    p('1', '1', '-1', '2026-03-09', '60'),
    p('1', '1', '0', '2026-02-30', '60'),
    p('1', '1', '0', '09-03-2026', '60'),
    p('1', '1', '0', '2026-03-09', '20'),
    p('1', '1', '0', '2026-03-09', '0'),
    p('1', '1', '0', '2026-03-09', '99999'),
    p('SOHO!', '1', '0', '2026-03-09', '60'),
  ])('answers 400 for malformed params %j', async (params) => {
    const { status, body } = await slots(params);
    expect(status).toBe(400);
    expect(body.error.code).toBe('bad_params');
  });
});

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { closeDb, getDb } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import { cardFor, FIRST_ITEM_OF_AREA, WAX } from '@/lib/booking/test-support/cards';
import { callRoute, insertAppointment, insertUser, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { POST } from '@/app/api/appointments/[customerId]/route';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-visits-');
afterAll(closeDb);

freezeClockAt('2026-03-02T12:00:00Z');

async function visits(location: string, query: string) {
  const response = await callRoute(GET, { location }, { path: `/api/visits/${location}/?${query}` });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  await getDb();
});

describe('GET /api/visits/{location}/?areas=&from=&date=', () => {
  it('answers 14 days with their counts and the asked day\'s times, the areas chained back to back', async () => {
    // SoHo: hair removal (therapists 1, 2) 30 min, then skincare (4, 6, 7) 60 min. 2026-03-04 is a Wednesday.
    const { status, body } = await visits('1', 'areas=1:0:30,3:0:60&from=2026-03-02&date=2026-03-04');
    expect(status).toBe(200);
    expect(body.days).toHaveLength(14);
    expect(body.days[0]).toEqual({ date: '2026-03-02', count: 35 });
    expect(body.date).toBe('2026-03-04');
    expect(body.times[0]).toMatchObject({ time: '10:00', endTime: '11:30', part: 'morning' });
    expect(body.times[0].legs).toEqual([
      { areaId: 1, start: '2026-03-04T15:00:00.000Z', time: '10:00', end: '2026-03-04T15:30:00.000Z', therapistIds: [1, 2] },
      { areaId: 3, start: '2026-03-04T15:30:00.000Z', time: '10:30', end: '2026-03-04T16:30:00.000Z', therapistIds: [4, 6, 7] },
    ]);
    expect(body.times.at(-1)).toMatchObject({ time: '18:30', part: 'evening' });
    expect(body.times.map((t: { part: string }) => t.part)).toContain('afternoon');
  });

  it('the DST Sunday 2026-03-08 opens at 11:00 local; a named therapist off that day leaves it empty', async () => {
    const any = await visits('soho', 'areas=1:0:30,3:0:60&from=2026-03-02&date=2026-03-08');
    expect(any.body.times[0]).toMatchObject({ start: '2026-03-08T15:00:00.000Z', time: '11:00' });
    // Therapist 6 (skincare) does not work Sundays.
    const named = await visits('soho', 'areas=1:0:30,3:6:60&from=2026-03-02&date=2026-03-08');
    expect(named.body.times).toEqual([]);
    expect(named.body.days.find((d: { date: string }) => d.date === '2026-03-08').count).toBe(0);
  });

  it('a booked second area moves the visit times, and a fully booked day counts 0', async () => {
    const db = await getDb();
    // Thursday 2026-03-05: skincare therapists 4, 6 and 7 are busy 10:30-12:00.
    for (const therapistId of [4, 6, 7]) await insertAppointment(db, { customerId: await insertUser(db), therapistId, start: '2026-03-05T15:30:00Z', minutes: 90, areaId: 3 });
    const { body } = await visits('1', 'areas=1:0:30,3:0:60&from=2026-03-02&date=2026-03-05');
    expect(body.times[0].time).toBe('11:30');
    // Friday: hair removal busy all day.
    for (const therapistId of [1, 2]) await insertAppointment(db, { customerId: await insertUser(db), therapistId, start: '2026-03-06T15:00:00Z', minutes: 600 });
    const friday = await visits('1', 'areas=1:0:30,3:0:60&from=2026-03-02&date=2026-03-06');
    expect(friday.body.times).toEqual([]);
    expect(friday.body.days[4]).toEqual({ date: '2026-03-06', count: 0 });
  });

  it.each([
    ['areas=1:0:30&from=2026-02-30', 400],
    ['areas=1:0:20&from=2026-03-02', 400],
    ['areas=1:0:30,1:0:30&from=2026-03-02', 400],
    ['areas=x&from=2026-03-02', 400],
    ['from=2026-03-02', 400],
    ['areas=1:0:300,3:0:315&from=2026-03-02', 400],
    ['areas=1:0:30&from=2026-03-02&date=2026-03-16', 400],
    ['areas=1:0:30&from=2026-03-02&days=15', 400],
    ['areas=1:5:30&from=2026-03-02', 404],
    ['areas=99:0:30&from=2026-03-02', 404],
  ])('%s answers %i', async (query, status) => {
    expect((await visits('1', query)).status).toBe(status);
  });

  it('days past the booking horizon have no visit times', async () => {
    // 2026-03-02 + 180 days is Saturday 2026-08-29: Friday the 28th has times, the days after it none.
    const { body } = await visits('1', 'areas=1:0:30&from=2026-08-27&date=2026-08-31');
    const count = (date: string) => body.days.find((d: { date: string }) => d.date === date).count;
    expect(count('2026-08-28')).toBeGreaterThan(0);
    expect(['2026-08-30', '2026-08-31', '2026-09-01', '2026-09-09'].map(count)).toEqual([0, 0, 0, 0]);
    expect(body.times).toEqual([]);
  });

  it('an unknown location is a 404, and an area not offered there names it', async () => {
    expect((await visits('paris', 'areas=1:0:30&from=2026-03-02')).status).toBe(404);
    const williamsburg = await visits('williamsburg', 'areas=1:0:30&from=2026-03-02');
    expect(williamsburg.status).toBe(404);
    expect(williamsburg.body.error.message).toMatch(/cannot be booked online at Williamsburg/);
  });

  it('a visit time chosen from the answer books every area in one card; a taken leg books none of them', async () => {
    // Sessions live in real time: this one books a Wednesday a few months ahead.
    jest.restoreAllMocks();
    const db = await getDb();
    const wax = WAX.find((i) => i.duration === 30)!;
    const facial = FIRST_ITEM_OF_AREA(3);
    const query = `areas=1:0:${wax.duration},3:4:${facial.duration}&from=2027-03-08&date=2027-03-10`;
    const before = await visits('1', query);
    const chosen = before.body.times.find((t: { time: string }) => t.time === '14:00');
    const me = await signedIn(db);
    const card = cardFor([
      { areaId: 1, date: chosen.legs[0].start, items: [wax] },
      { areaId: 3, therapist: 4, date: chosen.legs[1].start, items: [facial] },
    ]);
    const booked = await callRoute(POST, { customerId: me.userId }, { path: `/api/appointments/${me.userId}/`, ...jsonInit('POST', card, me.cookie) });
    expect(booked.status).toBe(201);
    const rows = await db.select().from(appointments).where(eq(appointments.customerId, me.userId));
    expect(rows.map((r) => [r.areaId, r.startsAt.toISOString()]).sort()).toEqual([
      [1, chosen.legs[0].start],
      [3, chosen.legs[1].start],
    ]);
    const after = await visits('1', query);
    expect(after.body.times.map((t: { time: string }) => t.time)).not.toContain('14:00');

    // Another customer asks for the same visit: Grace Kim's leg is taken, so the wax is not booked either.
    const other = await signedIn(db);
    const lost = await callRoute(POST, { customerId: other.userId }, { path: `/api/appointments/${other.userId}/`, ...jsonInit('POST', card, other.cookie) });
    expect(lost.status).toBe(416);
    expect(await db.select().from(appointments).where(eq(appointments.customerId, other.userId))).toEqual([]);
  });

  it('never answers a 5xx, whatever the location and query', async () => {
    const part = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('1:0:30', '3:4:60', '2:0:15', '1:0:0', '6:26:600', '0:0:15', '1:-1:30'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('1', 'soho', '3', '0', 'x'), fc.string({ maxLength: 8 })),
        fc.array(part, { maxLength: 4 }),
        fc.oneof(fc.constantFrom('2026-03-02', '2026-02-29', ''), fc.string({ maxLength: 12 })),
        fc.oneof(fc.constantFrom('2026-03-08', '2026-03-20'), fc.string({ maxLength: 12 })),
        fc.oneof(fc.constantFrom('1', '14', '0', '99'), fc.string({ maxLength: 4 })),
        async (location, areas, from, date, days) => {
          const query = new URLSearchParams({ areas: areas.join(','), from, date, days }).toString();
          const response = await callRoute(GET, { location }, { path: `/api/visits/${encodeURIComponent(location)}/?${query}` });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

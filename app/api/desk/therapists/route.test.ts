import { desc, eq } from 'drizzle-orm';
import { localDateOf } from '@/lib/booking/dates';
import { insertAppointment, signedIn } from '@/lib/booking/test-support/fixtures';
import { allServiceItems, therapistById, therapistsFor } from '@/lib/catalog/catalog';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, appointments, catalogChanges, rosterHistory, rosters, therapistServices, therapists } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';
import { PATCH, DELETE } from './[id]/route';
import { GET, POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-therapists-');
afterAll(closeDb);

/** The collection's handlers take no params, the therapist's an id: one signature for both. */
type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
const collection = (handler: (request: Request) => Promise<Response>): Handler => (request) => handler(request);
const call = (handler: Handler, method: string, options: { cookie?: string; body?: unknown; id?: string } = {}) =>
  handler(testRequest(`/api/desk/therapists/${options.id ? `${options.id}/` : ''}`, { method, cookie: options.cookie, body: options.body }), { params: Promise.resolve({ id: options.id ?? '' }) });

const hairRemoval = allServiceItems().filter((item) => item.areaId === 1);
const mensWax = allServiceItems().filter((item) => item.svcType === 2);
const brazilian = allServiceItems().find((item) => item.moniker === 'womens-brazilian-wax')!;
const facial = allServiceItems().find((item) => item.areaId === 3)!;

let owner: { userId: string; cookie: string };
beforeAll(async () => {
  owner = await signedIn(await getDb(), 'owner');
});

const create = (body: unknown, cookie = owner.cookie) => call(collection(POST), 'POST', { cookie, body });

describe('who may call /api/desk/therapists/', () => {
  it('answers 401 to a visitor and 403 to a customer and to the front desk, for every call, with no data and no change', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    const desk = await signedIn(db, 'staff');
    const body = { name: 'Nobody', work: [{ location: 'soho', serviceIds: [brazilian.id] }] };
    const calls: [Handler, string, { body?: unknown; id?: string }][] = [
      [collection(GET), 'GET', {}],
      [collection(POST), 'POST', { body }],
      [PATCH, 'PATCH', { id: '1', body: { name: 'Renamed' } }],
      [DELETE, 'DELETE', { id: '1' }],
    ];
    for (const [handler, method, options] of calls) {
      for (const [cookie, status] of [[undefined, 401], [customer.cookie, 403], [desk.cookie, 403]] as const) {
        const response = await call(handler, method, { ...options, cookie });
        expect([method, response.status]).toEqual([method, status]);
        expect(Object.keys(await response.json())).toEqual(['error']);
      }
    }
    const [maria] = await db.select().from(therapists).where(eq(therapists.id, 1));
    expect(maria).toMatchObject({ name: 'Maria Lopez', retiredAt: null });
    expect(await db.select().from(therapists).where(eq(therapists.name, 'Nobody'))).toEqual([]);
  });
});

describe('adding a therapist', () => {
  it('takes the next free id, expands whole areas and tabs into services, logs, publishes and shows in the desk at once', async () => {
    const db = await getDb();
    expect(therapistsFor(3, 1).map((t) => t.id)).toEqual([0]);
    const response = await create({
      name: '  Wren Williams ',
      bio: 'Waxing specialist.\r\nTen years in Brooklyn.',
      work: [
        { location: 'williamsburg', areaIds: [1] },
        { location: 'soho', tabs: ['mens-wax'], serviceIds: [facial.id.toUpperCase()] },
      ],
    });
    expect(response.status).toBe(201);
    const { therapist } = await response.json();
    expect(therapist).toMatchObject({ id: 27, name: 'Wren Williams', bio: 'Waxing specialist.\nTen years in Brooklyn.', retired: false });
    expect(therapist.work.map((w: { location: string }) => w.location)).toEqual(['soho', 'williamsburg']);
    expect(new Set(therapist.work[1].serviceIds)).toEqual(new Set(hairRemoval.map((item) => item.id)));
    expect(new Set(therapist.work[0].serviceIds)).toEqual(new Set([...mensWax.map((item) => item.id), facial.id]));
    // The desk reads the snapshot, reloaded after the commit: Williamsburg's hair removal has a therapist now.
    expect(therapistsFor(3, 1)).toEqual([{ id: 0, name: 'Any Therapists' }, { id: 27, name: 'Wren Williams' }]);
    expect(therapistsFor(1, 3).map((t) => t.id)).toContain(27);
    expect(catalogSnapshot().therapistServices.filter((row) => row.therapistId === 27)).toHaveLength(hairRemoval.length + mensWax.length + 1);
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'team')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'created', subject: 'Wren Williams', actorId: owner.userId, summary: `Added: SoHo: ${mensWax.length + 1} services; Williamsburg: ${hairRemoval.length} services` });
    const [change] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(change!.tags).toEqual(['catalog-team']);
    expect(catalogSnapshot().version).toBe(change!.id);
    const listed = await (await call(collection(GET), 'GET', { cookie: owner.cookie })).json();
    expect(listed.therapists.map((t: { name: string }) => t.name)).toContain('Wren Williams');
  });

  it('answers 422 naming the field for bad input, 409 for a name in use, and stores nothing', async () => {
    const db = await getDb();
    const before = (await db.select().from(therapists)).length;
    const cases: [unknown, string][] = [
      [{ name: '', work: [{ location: 'soho', areaIds: [1] }] }, 'name'],
      [{ name: 'Ann\u202Eevil', work: [{ location: 'soho', areaIds: [1] }] }, 'name'],
      [{ name: 'Bio Long', bio: 'x'.repeat(501), work: [{ location: 'soho', areaIds: [1] }] }, 'bio'],
      [{ name: 'No Work', work: [] }, 'work'],
      [{ name: 'No Services', work: [{ location: 'soho' }] }, 'work'],
      [{ name: 'Nowhere', work: [{ location: 'queens', areaIds: [1] }] }, 'work.0.location'],
      [{ name: 'Twice', work: [{ location: 'soho', areaIds: [1] }, { location: 'soho', areaIds: [2] }] }, 'work'],
      [{ name: 'Bad Area', work: [{ location: 'soho', areaIds: [9] }] }, 'work.0.areaIds.0'],
      [{ name: 'Bad Tab', work: [{ location: 'soho', tabs: ['womens-nails'] }] }, 'work.0.tabs.0'],
      [{ name: 'Ghost', work: [{ location: 'soho', serviceIds: [brazilian.id, '00000000-0000-4000-8000-000000000000'] }] }, 'work.0.serviceIds.1'],
      [{ name: 'Not Id', work: [{ location: 'soho', serviceIds: ['brazilian'] }] }, 'work.0.serviceIds.0'],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect([field, response.status]).toEqual([field, 422]);
      const { error } = await response.json();
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.fields[field]).toMatch(/\w+ \w+/);
    }
    const taken = await create({ name: 'maria lopez', work: [{ location: 'soho', areaIds: [1] }] });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toMatch(/There is a therapist named maria lopez already/);
    expect((await db.select().from(therapists)).length).toBe(before);
  });
});

describe('changing and retiring a therapist', () => {
  // A shift taken off the rosters today stays on the dates before: the desk's past days and closed months' reports keep it.
  const pastOf = async (id: number) => (await getDb()).select().from(rosterHistory).where(eq(rosterHistory.therapistId, id));

  it('replaces what they do; a shift of an area they no longer do leaves the roster from today, and the change is logged', async () => {
    const db = await getDb();
    await db.insert(rosters).values({ therapistId: 27, location: 3, areaId: 1, weekday: 2 });
    const response = await call(PATCH, 'PATCH', { cookie: owner.cookie, id: '27', body: { name: 'Wren Walker', work: [{ location: 'soho', serviceIds: [brazilian.id] }] } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.therapist).toMatchObject({ name: 'Wren Walker', work: [{ location: 'soho', serviceIds: [brazilian.id] }] });
    expect(body.removedShifts).toEqual(['Williamsburg, Hair Removal, Tuesday']);
    expect(await db.select().from(rosters).where(eq(rosters.therapistId, 27))).toEqual([]);
    expect(await pastOf(27)).toEqual([{ therapistId: 27, location: 3, areaId: 1, weekday: 2, startMinute: null, endMinute: null, validFrom: null, validUntil: localDateOf(Date.now()) }]);
    expect(therapistsFor(3, 1).map((t) => t.id)).toEqual([0]);
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'team')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry!.summary).toMatch(/^Name Wren Williams → Wren Walker; SoHo: \+1 −\d+ services; Williamsburg: −\d+ services; Shifts removed: Williamsburg, Hair Removal, Tuesday$/);
    expect((await call(PATCH, 'PATCH', { cookie: owner.cookie, id: '999', body: { name: 'X Y' } })).status).toBe(404);
    expect((await call(PATCH, 'PATCH', { cookie: owner.cookie, id: 'abc', body: { name: 'X Y' } })).status).toBe(400);
    expect((await call(PATCH, 'PATCH', { cookie: owner.cookie, id: '27', body: {} })).status).toBe(422);
  });

  it('refuses to retire while visits are to come, answering them; retires once they are moved, keeping past visits and shifts', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    await db.insert(rosters).values({ therapistId: 27, location: 1, areaId: 1, weekday: 3 });
    await insertAppointment(db, { customerId: customer.userId, therapistId: 27, start: new Date(Date.now() - 7 * 86_400_000).toISOString(), minutes: 30 });
    const bookingId = await insertAppointment(db, { customerId: customer.userId, therapistId: 27, start: new Date(Date.now() + 3 * 86_400_000).toISOString(), minutes: 30 });

    const refused = await call(DELETE, 'DELETE', { cookie: owner.cookie, id: '27' });
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    expect(answer.error).toEqual({ code: 'visits_to_come', message: 'Wren Walker has 1 visit to come. Move it to another therapist or cancel it, then retire Wren Walker.' });
    expect(answer.visits).toEqual([expect.objectContaining({ bookingId, therapistName: 'Wren Walker', location: 'SoHo' })]);
    expect((await db.select().from(therapists).where(eq(therapists.id, 27)))[0]!.retiredAt).toBeNull();

    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.bookingId, bookingId));
    const retired = await call(DELETE, 'DELETE', { cookie: owner.cookie, id: '27' });
    expect(retired.status).toBe(200);
    expect((await retired.json()).therapist).toMatchObject({ id: 27, retired: true });
    expect(await db.select().from(rosters).where(eq(rosters.therapistId, 27))).toEqual([]);
    expect((await pastOf(27)).filter((row) => row.location === 1)).toEqual([
      { therapistId: 27, location: 1, areaId: 1, weekday: 3, startMinute: null, endMinute: null, validFrom: null, validUntil: localDateOf(Date.now()) },
    ]);
    expect(therapistsFor(1, 1).map((t) => t.id)).not.toContain(27);
    expect(therapistById(27)).toEqual({ id: 27, name: 'Wren Walker' });
    expect(await db.select().from(therapistServices).where(eq(therapistServices.therapistId, 27))).not.toEqual([]);
    expect((await call(DELETE, 'DELETE', { cookie: owner.cookie, id: '27' })).status).toBe(409);
    expect((await call(PATCH, 'PATCH', { cookie: owner.cookie, id: '27', body: { bio: 'Back' } })).status).toBe(409);
    expect((await call(DELETE, 'DELETE', { cookie: owner.cookie, id: '998' })).status).toBe(404);

    // A retired id is never given again: the next therapist gets 28.
    const next = await create({ name: 'Wren Williams', work: [{ location: 'nolita', tabs: ['womens-wax'] }] });
    expect((await next.json()).therapist.id).toBe(28);
  });
});

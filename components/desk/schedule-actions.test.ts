import { and, asc, eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, locationClosures, rosters, shiftChanges, therapistTimeOff } from '@/lib/db/schema';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { readFormFlash } from '@/lib/forms/flash';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import {
  addClosureAction,
  createTimeOffAction,
  deleteTimeOffAction,
  openDayAction,
  removeShiftAction,
  removeShiftChangeAction,
  restoreHolidayAction,
  saveShiftAction,
  saveShiftChangeAction,
} from './schedule-actions';

const user = { current: null as null | { id: string; role: 'customer' | 'staff'; name?: string } };
jest.mock('@/lib/auth/current-user', () => ({ currentUser: async () => user.current }));
jest.mock('next/navigation', () => ({
  RedirectType: { push: 'push', replace: 'replace' },
  redirect: (path: string) => {
    throw new Redirect(path);
  },
}));
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));

class Redirect extends Error {
  constructor(readonly path: string) {
    super(`redirect ${path}`);
  }
}

jest.setTimeout(120_000);
createTempDataDir('salon-desk-actions-');
afterAll(closeDb);

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

async function redirectOf(action: Promise<void>): Promise<string> {
  const error = await action.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Redirect);
  return (error as Redirect).path;
}

const BLOCK = { kind: 'once', therapistId: '1', starts: '2027-02-01T13:00', ends: '2027-02-01T17:00', reason: 'x' };
const SHIFT = { location: '1', therapistId: '1', areaId: '1', weekday: '1', from: '12:00', to: '16:00' };

describe('the schedule actions check the staff role themselves', () => {
  it.each([
    ['a visitor', null],
    ['a customer', 'customer'],
  ] as const)('%s is sent back to the page and nothing is written', async (_who, role) => {
    const db = await getDb();
    user.current = role ? { id: await insertUser(db), role } : null;
    const rostersBefore = await db.select().from(rosters);
    expect(await redirectOf(createTimeOffAction(form(BLOCK)))).toBe('/desk/time-off/');
    expect(await redirectOf(deleteTimeOffAction(form({ id: '00000000-0000-4000-8000-000000000000' })))).toBe('/desk/time-off/');
    expect(await redirectOf(addClosureAction(form({ location: '1', date: '2027-02-02', name: 'Nope' })))).toBe('/desk/closures/');
    expect(await redirectOf(openDayAction(form({ location: '1', date: '2026-12-25' })))).toBe('/desk/closures/');
    expect(await redirectOf(restoreHolidayAction(form({ location: '1', date: '2026-12-25' })))).toBe('/desk/closures/');
    expect(await redirectOf(saveShiftAction(form(SHIFT)))).toBe('/desk/rosters/');
    expect(await redirectOf(removeShiftAction(form(SHIFT)))).toBe('/desk/rosters/');
    expect(await db.select().from(therapistTimeOff)).toEqual([]);
    expect(await db.select().from(locationClosures)).toEqual([]);
    expect(await db.select().from(rosters)).toEqual(rostersBefore);
  });

  it('staff: a valid block is saved and the page lists what it crosses; a wrong one comes back with its fields', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff' };
    const bad = await redirectOf(createTimeOffAction(form({ ...BLOCK, ends: '2027-02-01T12:00' })));
    expect(bad).toMatch(/^\/desk\/time-off\/\?form=[\w-]{16}$/);
    expect(await db.select().from(therapistTimeOff)).toEqual([]);
    const good = await redirectOf(createTimeOffAction(form(BLOCK)));
    const [row] = await db.select().from(therapistTimeOff);
    expect(row).toMatchObject({ therapistId: 1, reason: 'x', createdBy: user.current.id });
    expect(good).toMatch(new RegExp(`^/desk/time-off/\\?created=${row!.id}&form=[\\w-]{16}$`));
  });
});

describe('a roster change keeps its author', () => {
  it('the shift names who changed it, and each change made at /desk/rosters/ is an activity entry of kind rosters', async () => {
    const db = await getDb();
    const id = await insertUser(db, 'staff');
    user.current = { id, role: 'staff', name: 'Rosa Roster' };
    const key = and(eq(rosters.therapistId, 1), eq(rosters.location, 1), eq(rosters.areaId, 1), eq(rosters.weekday, 1));
    expect(await redirectOf(saveShiftAction(form(SHIFT)))).toMatch(/^\/desk\/rosters\/\?location=1&therapist=1&weekday=1&form=[\w-]{16}#editor$/);
    const [saved] = await db.select().from(rosters).where(key);
    expect(saved).toMatchObject({ startMinute: 12 * 60, endMinute: 16 * 60, updatedBy: id });
    // The same hours again change nothing and log nothing.
    await redirectOf(saveShiftAction(form(SHIFT)));
    await redirectOf(removeShiftAction(form(SHIFT)));
    expect(await db.select().from(rosters).where(key)).toEqual([]);
    await redirectOf(saveShiftAction(form({ ...SHIFT, from: '10:00', to: '20:00' })));
    const entries = await db.select().from(activityLog).where(eq(activityLog.kind, 'rosters')).orderBy(asc(activityLog.id));
    expect(entries.map((e) => [e.actorId, e.actorName, e.action, e.subject, e.summary])).toEqual([
      [id, 'Rosa Roster', 'changed', 'Maria Lopez at SoHo', 'Monday, Hair Removal: 10:00 AM to 8:00 PM → 12:00 PM to 4:00 PM'],
      [id, 'Rosa Roster', 'removed', 'Maria Lopez at SoHo', 'Removed Monday, Hair Removal: 12:00 PM to 4:00 PM'],
      [id, 'Rosa Roster', 'added', 'Maria Lopez at SoHo', 'Added Monday, Hair Removal: 10:00 AM to 8:00 PM'],
    ]);
    expect(entries[0]!.before).toEqual({ areaId: 1, weekday: 1, from: '10:00', to: '20:00' });
    expect(entries[0]!.after).toEqual({ areaId: 1, weekday: 1, from: '12:00', to: '16:00' });
  });
});

describe('a roster change over booked visits asks first', () => {
  // Maria Lopez (1), Hair Removal at SoHo, Monday March 1, 2027, 2:00 to 3:00 PM.
  const MONDAY_VISIT = { customerId: '', therapistId: 1, areaId: 1, start: '2027-03-01T19:00:00Z', minutes: 60 };
  const flashOf = async (path: string, form: string) => readFormFlash(form, new URL(path, 'http://x').searchParams.get('form') ?? undefined);

  it('removing the shift redirects to the confirm step and changes nothing; confirmed, it is removed and the answer says so', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff', name: 'Rosa Roster' };
    await insertAppointment(db, { ...MONDAY_VISIT, customerId: await insertUser(db) });
    const key = and(eq(rosters.therapistId, 1), eq(rosters.location, 1), eq(rosters.areaId, 1), eq(rosters.weekday, 1));
    expect(await redirectOf(removeShiftAction(form(SHIFT)))).toBe('/desk/rosters/?location=1&therapistId=1&areaId=1&weekday=1&confirm=remove#confirm');
    expect(await redirectOf(saveShiftAction(form({ ...SHIFT, from: '15:00', to: '20:00' })))).toBe(
      '/desk/rosters/?location=1&therapistId=1&areaId=1&weekday=1&from=15%3A00&to=20%3A00&confirm=save#confirm',
    );
    expect(await db.select().from(rosters).where(key)).toHaveLength(1);
    // Hours that keep the visit inside are saved at once.
    expect(await redirectOf(saveShiftAction(form({ ...SHIFT, from: '13:00', to: '20:00' })))).toMatch(/#editor$/);
    const done = await redirectOf(removeShiftAction(form({ ...SHIFT, confirmed: '1' })));
    expect(await db.select().from(rosters).where(key)).toEqual([]);
    expect((await flashOf(done, 'rosters'))?.message).toBe('Shift removed. 1 booked visit is now outside the roster: move it from the day view.');
    await redirectOf(saveShiftAction(form({ ...SHIFT, from: '10:00', to: '20:00' })));
  });

  it('one date: saved, or back with its fields; off over the visit asks first; taking it back asks nothing while the weekly shift covers the visit', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff', name: 'Rosa Roster' };
    const ONCE = { location: '1', therapistId: '1', date: '2027-03-01', kind: 'hours', from: '10:00', to: '16:00' };
    const bad = await redirectOf(saveShiftChangeAction(form({ ...ONCE, to: '09:00' })));
    expect(bad).toMatch(/^\/desk\/rosters\/\?location=1&form=[\w-]{16}#once$/);
    expect((await flashOf(bad, 'rosters-once'))?.fields).toEqual({ to: 'The end must be after the start.' });
    const notHere = await redirectOf(saveShiftChangeAction(form({ ...ONCE, therapistId: '11' })));
    expect((await flashOf(notHere, 'rosters-once'))?.message).toBe('Jasmine Patel has no weekly shift at SoHo: add one first.');
    expect(await redirectOf(saveShiftChangeAction(form({ ...ONCE, kind: 'off' })))).toBe('/desk/rosters/?location=1&therapistId=1&date=2027-03-01&kind=off&from=10%3A00&to=16%3A00&confirm=once#confirm');
    expect(await db.select().from(shiftChanges)).toEqual([]);
    const saved = await redirectOf(saveShiftChangeAction(form(ONCE)));
    expect((await flashOf(saved, 'rosters-once'))?.message).toBe('Saved for Monday, March 1, 2027 only.');
    expect(await db.select().from(shiftChanges)).toMatchObject([{ therapistId: 1, location: 1, date: '2027-03-01', off: false, startMinute: 600, endMinute: 960 }]);
    // The weekly shift covers the visit too: taking the change back asks nothing.
    const back = await redirectOf(removeShiftChangeAction(form({ location: '1', therapistId: '1', date: '2027-03-01' })));
    expect((await flashOf(back, 'rosters-once'))?.message).toBe('The weekly shift applies on Monday, March 1, 2027 again.');
    expect(await db.select().from(shiftChanges)).toEqual([]);
  });
});

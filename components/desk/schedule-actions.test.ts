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
import { formData, redirectOf } from '@/lib/test-support/server-actions';

const user = { current: null as null | { id: string; role: 'customer' | 'staff'; name?: string } };
jest.mock('@/lib/auth/current-user', () => ({ currentUser: async () => user.current }));
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));


jest.setTimeout(120_000);
createTempDataDir('salon-desk-actions-');
afterAll(closeDb);



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
    expect(await redirectOf(createTimeOffAction(formData(BLOCK)))).toBe('/desk/time-off/');
    expect(await redirectOf(deleteTimeOffAction(formData({ id: '00000000-0000-4000-8000-000000000000' })))).toBe('/desk/time-off/');
    expect(await redirectOf(addClosureAction(formData({ location: '1', date: '2027-02-02', name: 'Nope' })))).toBe('/desk/closures/');
    expect(await redirectOf(openDayAction(formData({ location: '1', date: '2026-12-25' })))).toBe('/desk/closures/');
    expect(await redirectOf(restoreHolidayAction(formData({ location: '1', date: '2026-12-25' })))).toBe('/desk/closures/');
    expect(await redirectOf(saveShiftAction(formData(SHIFT)))).toBe('/desk/rosters/');
    expect(await redirectOf(removeShiftAction(formData(SHIFT)))).toBe('/desk/rosters/');
    expect(await db.select().from(therapistTimeOff)).toEqual([]);
    expect(await db.select().from(locationClosures)).toEqual([]);
    expect(await db.select().from(rosters)).toEqual(rostersBefore);
  });

  it('staff: a valid block is saved and the page lists what it crosses; a wrong one comes back with its fields', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff', name: 'Tess Timeoff' };
    const bad = await redirectOf(createTimeOffAction(formData({ ...BLOCK, ends: '2027-02-01T12:00' })));
    expect(bad).toMatch(/^\/desk\/time-off\/\?form=[\w-]{16}$/);
    expect(await db.select().from(therapistTimeOff)).toEqual([]);
    const good = await redirectOf(createTimeOffAction(formData(BLOCK)));
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
    expect(await redirectOf(saveShiftAction(formData(SHIFT)))).toMatch(/^\/desk\/rosters\/\?location=1&therapist=1&weekday=1&form=[\w-]{16}#editor$/);
    const [saved] = await db.select().from(rosters).where(key);
    expect(saved).toMatchObject({ startMinute: 12 * 60, endMinute: 16 * 60, updatedBy: id });
    // The same hours again change nothing and log nothing.
    await redirectOf(saveShiftAction(formData(SHIFT)));
    await redirectOf(removeShiftAction(formData(SHIFT)));
    expect(await db.select().from(rosters).where(key)).toEqual([]);
    await redirectOf(saveShiftAction(formData({ ...SHIFT, from: '10:00', to: '20:00' })));
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
    expect(await redirectOf(removeShiftAction(formData(SHIFT)))).toBe('/desk/rosters/?location=1&therapistId=1&areaId=1&weekday=1&confirm=remove#confirm');
    expect(await redirectOf(saveShiftAction(formData({ ...SHIFT, from: '15:00', to: '20:00' })))).toBe(
      '/desk/rosters/?location=1&therapistId=1&areaId=1&weekday=1&from=15%3A00&to=20%3A00&confirm=save#confirm',
    );
    expect(await db.select().from(rosters).where(key)).toHaveLength(1);
    // Hours that keep the visit inside are saved at once.
    expect(await redirectOf(saveShiftAction(formData({ ...SHIFT, from: '13:00', to: '20:00' })))).toMatch(/#editor$/);
    const done = await redirectOf(removeShiftAction(formData({ ...SHIFT, confirmed: '1' })));
    expect(await db.select().from(rosters).where(key)).toEqual([]);
    expect((await flashOf(done, 'rosters'))?.message).toBe('Shift removed. 1 booked visit is now outside the roster: move it from the day view.');
    await redirectOf(saveShiftAction(formData({ ...SHIFT, from: '10:00', to: '20:00' })));
  });

  it('one date: saved, or back with its fields; off over the visit asks first; taking it back asks nothing while the weekly shift covers the visit', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff', name: 'Rosa Roster' };
    const ONCE = { location: '1', therapistId: '1', date: '2027-03-01', kind: 'hours', from: '10:00', to: '16:00' };
    const bad = await redirectOf(saveShiftChangeAction(formData({ ...ONCE, to: '09:00' })));
    expect(bad).toMatch(/^\/desk\/rosters\/\?location=1&form=[\w-]{16}#once$/);
    expect((await flashOf(bad, 'rosters-once'))?.fields).toEqual({ to: 'The end must be after the start.' });
    const notHere = await redirectOf(saveShiftChangeAction(formData({ ...ONCE, therapistId: '11' })));
    expect((await flashOf(notHere, 'rosters-once'))?.message).toBe('Jasmine Patel has no weekly shift at SoHo: add one first.');
    expect(await redirectOf(saveShiftChangeAction(formData({ ...ONCE, kind: 'off' })))).toBe('/desk/rosters/?location=1&therapistId=1&date=2027-03-01&kind=off&from=10%3A00&to=16%3A00&confirm=once#confirm');
    expect(await db.select().from(shiftChanges)).toEqual([]);
    const saved = await redirectOf(saveShiftChangeAction(formData(ONCE)));
    expect((await flashOf(saved, 'rosters-once'))?.message).toBe('Saved for Monday, March 1, 2027 only.');
    expect(await db.select().from(shiftChanges)).toMatchObject([{ therapistId: 1, location: 1, date: '2027-03-01', off: false, startMinute: 600, endMinute: 960 }]);
    // The weekly shift covers the visit too: taking the change back asks nothing.
    const back = await redirectOf(removeShiftChangeAction(formData({ location: '1', therapistId: '1', date: '2027-03-01' })));
    expect((await flashOf(back, 'rosters-once'))?.message).toBe('The weekly shift applies on Monday, March 1, 2027 again.');
    expect(await db.select().from(shiftChanges)).toEqual([]);
  });
});

describe('closures and time off are in the activity log', () => {
  const flashOf = async (path: string, name: string) => readFormFlash(name, new URL(path, 'http://x').searchParams.get('form') ?? undefined);
  const entriesOf = async (kind: 'closures' | 'time-off') => {
    const db = await getDb();
    return (await db.select().from(activityLog).where(eq(activityLog.kind, kind)).orderBy(asc(activityLog.id))).map((e) => [e.actorName, e.action, e.subject, e.summary]);
  };
  const closureOf = async (date: string) => {
    const db = await getDb();
    return (await db.select().from(locationClosures).where(and(eq(locationClosures.location, 1), eq(locationClosures.date, date))))[0];
  };

  it('closing a day, renaming its closure, opening it; a holiday opened and closed again: each an entry, in words', async () => {
    const db = await getDb();
    const id = await insertUser(db, 'staff');
    user.current = { id, role: 'staff', name: 'Cleo Closer' };
    const day = '2027-02-03';
    const closed = await redirectOf(addClosureAction(formData({ location: '1', date: day, name: 'Holiday party' })));
    expect((await flashOf(closed, 'closures'))?.message).toBe('Closed on Wednesday, February 3, 2027 (Holiday party).');
    expect(await closureOf(day)).toMatchObject({ name: 'Holiday party', closed: true, createdBy: id });

    // Closed already: the new name is what customers see, and the answer says so.
    const renamed = await redirectOf(addClosureAction(formData({ location: '1', date: day, name: 'Staff training' })));
    expect((await flashOf(renamed, 'closures'))?.message).toBe('Wednesday, February 3, 2027 was already closed (Holiday party): it is now called Staff training, the name customers see.');
    expect(await closureOf(day)).toMatchObject({ name: 'Staff training', closed: true });
    const again = await redirectOf(addClosureAction(formData({ location: '1', date: day, name: 'Staff training' })));
    expect((await flashOf(again, 'closures'))?.message).toBe('Wednesday, February 3, 2027 was already closed as Staff training: nothing changed.');

    await redirectOf(openDayAction(formData({ location: '1', date: day })));
    expect(await closureOf(day)).toBeUndefined();
    const open = await redirectOf(openDayAction(formData({ location: '1', date: day })));
    expect((await flashOf(open, 'closures'))?.message).toBe('Already open on 2027-02-03.');

    // Thanksgiving 2027, closed by rule: opened, then closed again.
    await redirectOf(openDayAction(formData({ location: '1', date: '2027-11-25' })));
    await redirectOf(restoreHolidayAction(formData({ location: '1', date: '2027-11-25' })));
    expect(await closureOf('2027-11-25')).toBeUndefined();

    expect(await entriesOf('closures')).toEqual([
      ['Cleo Closer', 'closed', 'SoHo, Wednesday, February 3, 2027', 'Closed SoHo on Wednesday, February 3, 2027 (Holiday party)'],
      ['Cleo Closer', 'renamed', 'SoHo, Wednesday, February 3, 2027', 'Renamed the closure of SoHo on Wednesday, February 3, 2027: Holiday party → Staff training'],
      ['Cleo Closer', 'opened', 'SoHo, Wednesday, February 3, 2027', 'Removed the closure of SoHo on Wednesday, February 3, 2027 (Staff training): open again'],
      ['Cleo Closer', 'opened', 'SoHo, Thursday, November 25, 2027', 'Opened SoHo on Thursday, November 25, 2027, a holiday (Thanksgiving Day)'],
      ['Cleo Closer', 'closed', 'SoHo, Thursday, November 25, 2027', 'Closed SoHo again on Thursday, November 25, 2027 (Thanksgiving Day)'],
    ]);
    const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.kind, 'closures'), eq(activityLog.action, 'renamed')));
    expect(entry).toMatchObject({ actorId: id, before: { closed: true, name: 'Holiday party' }, after: { closed: true, name: 'Staff training' } });
  });

  it('a day that has passed cannot be closed: the date field says why, and nothing is written or logged', async () => {
    const db = await getDb();
    user.current = { id: await insertUser(db, 'staff'), role: 'staff', name: 'Cleo Closer' };
    const logged = (await entriesOf('closures')).length;
    const refused = await redirectOf(addClosureAction(formData({ location: '1', date: '2020-01-02', name: 'Too late' })));
    const answer = await flashOf(refused, 'closures');
    expect(answer).toMatchObject({ outcome: 'error', fields: { date: 'That day has passed: choose today or a later date.' }, values: { date: '2020-01-02', name: 'Too late' } });
    expect(await closureOf('2020-01-02')).toBeUndefined();
    expect(await entriesOf('closures')).toHaveLength(logged);
  });

  it('time off added and removed: an entry each, naming the therapist, the time and the reason', async () => {
    const db = await getDb();
    const id = await insertUser(db, 'staff');
    user.current = { id, role: 'staff', name: 'Tess Timeoff' };
    const before = (await entriesOf('time-off')).length;
    const created = await redirectOf(createTimeOffAction(formData({ kind: 'once', therapistId: '1', starts: '2027-03-02T13:00', ends: '2027-03-02T17:00', reason: 'Dentist' })));
    const blockId = new URL(created, 'http://x').searchParams.get('created')!;
    await redirectOf(createTimeOffAction(formData({ kind: 'weekly', therapistId: '3', weekday: '2', from: '10:00', to: '12:00', reason: '' })));
    await redirectOf(deleteTimeOffAction(formData({ id: blockId })));
    // Removed already: nothing more is logged.
    const gone = await redirectOf(deleteTimeOffAction(formData({ id: blockId })));
    expect((await flashOf(gone, 'time-off'))?.message).toBe('That time off was already removed.');
    expect((await entriesOf('time-off')).slice(before)).toEqual([
      ['Tess Timeoff', 'added', 'Maria Lopez', "Added Maria Lopez's time off: Tuesday, March 2, 2027, 1:00 PM to 5:00 PM (Dentist)"],
      ['Tess Timeoff', 'added', 'Sofia Russo', "Added Sofia Russo's time off: Every Tuesday 10:00 AM to 12:00 PM"],
      ['Tess Timeoff', 'removed', 'Maria Lopez', "Removed Maria Lopez's time off: Tuesday, March 2, 2027, 1:00 PM to 5:00 PM (Dentist)"],
    ]);
    const [removed] = await db.select().from(activityLog).where(and(eq(activityLog.kind, 'time-off'), eq(activityLog.action, 'removed')));
    expect(removed).toMatchObject({ actorId: id, before: { therapist: 'Maria Lopez', when: 'Tuesday, March 2, 2027, 1:00 PM to 5:00 PM', reason: 'Dentist' }, after: null });
  });
});

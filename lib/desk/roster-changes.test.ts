import { and, desc, eq } from 'drizzle-orm';
import { applyShiftChanges, shiftsOn, type DayShift, type WeeklyShift } from '@/lib/booking/shifts';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import type { DateInLocationTz } from '@/lib/booking/dates';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, rosterHistory, shiftChanges } from '@/lib/db/schema';
import { setHours } from '@/lib/test-support/catalog-hours';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { readRostersPage } from './rosters-page';
import { removeShift, saveShift, shiftSchema } from './rosters';
import { applyRosterChange, listShiftChanges, NotRosteredHere, pendingChange, removeShiftChange, saveShiftChange, shiftChangeSchema, visitsAffectedBy, visitsLeftOut, type RosterChange } from './roster-changes';

jest.setTimeout(120_000);
createTempDataDir('salon-roster-changes-');
afterAll(closeDb);
afterEach(resetCatalogSnapshot);

const d = (date: string) => date as DateInLocationTz;
const MONDAY = d('2027-03-01');
const NOW = Date.parse('2027-02-22T12:00:00Z');
const opening = () => ({ open: 600, close: 1200 });

describe('the confirm rule (visitsLeftOut)', () => {
  const visit = { id: 'v', therapistId: 3, areaId: 2, date: MONDAY, startMinute: 840, endMinute: 900 };
  const shift = (startMinute: number | null, endMinute: number | null, extra: Partial<DayShift> = {}): DayShift => ({ date: MONDAY, therapistId: 3, areaId: 2, startMinute, endMinute, oneOff: false, ...extra });

  it('lists a visit the shift covered before and none covers after: removed, or shortened past it', () => {
    expect(visitsLeftOut([visit], [shift(null, null)], [], opening)).toEqual([visit]);
    expect(visitsLeftOut([visit], [shift(null, null)], [shift(600, 870)], opening)).toEqual([visit]);
    expect(visitsLeftOut([visit], [shift(null, null)], [shift(900, 1200)], opening)).toEqual([visit]);
  });

  it('not a visit still inside the new hours, nor one another area or date covers, nor one outside already', () => {
    expect(visitsLeftOut([visit], [shift(null, null)], [shift(840, 900)], opening)).toEqual([]);
    expect(visitsLeftOut([visit], [shift(null, null)], [shift(600, 700, { areaId: 4 })], opening)).toEqual([visit]);
    expect(visitsLeftOut([visit], [shift(null, null)], [shift(null, null, { date: d('2027-03-08') })], opening)).toEqual([visit]);
    expect(visitsLeftOut([visit], [shift(600, 700)], [], opening)).toEqual([]);
  });

  it('null hours follow the opening hours of the date, and a closed date covers nothing', () => {
    expect(visitsLeftOut([{ ...visit, startMinute: 1170, endMinute: 1230 }], [shift(null, null)], [], opening)).toEqual([]);
    expect(visitsLeftOut([visit], [shift(null, null)], [], () => null)).toEqual([]);
  });
});

describe('applyRosterChange', () => {
  const weekly: WeeklyShift[] = [{ therapistId: 3, areaId: 2, weekday: 1, startMinute: null, endMinute: null, validFrom: null, validUntil: null }];
  const brief = (change: RosterChange, date = MONDAY) => {
    const after = applyRosterChange({ weekly, changes: [] }, change, d('2027-02-22'));
    return applyShiftChanges(after.weekly, after.changes, [date]).map((s) => `${s.areaId} ${s.startMinute}-${s.endMinute}`);
  };
  it('saves, removes and changes one date, without touching its input', () => {
    expect(brief({ kind: 'weekly', location: 1, therapistId: 3, areaId: 2, weekday: 1, hours: { from: 720, to: 900 } })).toEqual(['2 720-900']);
    expect(brief({ kind: 'weekly', location: 1, therapistId: 3, areaId: 2, weekday: 1, hours: null })).toEqual([]);
    expect(brief({ kind: 'once', location: 1, therapistId: 3, date: MONDAY, hours: 'off' })).toEqual([]);
    expect(brief({ kind: 'once', location: 1, therapistId: 3, date: MONDAY, hours: { from: 660, to: 720 } })).toEqual(['2 660-720']);
    expect(weekly).toHaveLength(1);
  });

  it('a weekly change made on a day leaves the Mondays before it as they were', () => {
    expect(brief({ kind: 'weekly', location: 1, therapistId: 3, areaId: 2, weekday: 1, hours: { from: 720, to: 900 } }, d('2027-02-15'))).toEqual(['2 null-null']);
    expect(brief({ kind: 'weekly', location: 1, therapistId: 3, areaId: 2, weekday: 1, hours: null }, d('2027-02-15'))).toEqual(['2 null-null']);
  });
});

describe('visitsAffectedBy: a booked visit of Sofia Russo (3), Brow & Lashes at SoHo, Monday 2:00 to 3:00 PM', () => {
  let customerId: string;
  beforeAll(async () => {
    const db = await getDb();
    customerId = await insertUser(db);
    await insertAppointment(db, { customerId, therapistId: 3, areaId: 2, start: '2027-03-01T19:00:00Z', minutes: 60 });
  });
  const weekly = (hours: { from: number; to: number } | null, areaId = 2): RosterChange => ({ kind: 'weekly', location: 1, therapistId: 3, areaId, weekday: 1, hours });
  const once = (date: string, hours: { from: number; to: number } | 'off' | null): RosterChange => ({ kind: 'once', location: 1, therapistId: 3, date: d(date), hours });
  const names = async (change: RosterChange) => (await visitsAffectedBy(await getDb(), change, NOW)).map((v) => `${v.day}, ${v.time}`);

  it('removing or shortening the Monday shift lists it, with the customer, time and services', async () => {
    const [visit] = await visitsAffectedBy(await getDb(), weekly(null), NOW);
    expect(visit).toMatchObject({ day: 'Monday, March 1, 2027', time: '2:00 PM to 3:00 PM', area: 'Brow & Lashes', services: [] });
    expect(visit!.customerName).toMatch(/^User /);
    expect(await names(weekly({ from: 600, to: 780 }))).toEqual(['Monday, March 1, 2027, 2:00 PM to 3:00 PM']);
  });

  it('a change that keeps it inside, another area or another weekday lists nothing', async () => {
    expect(await names(weekly({ from: 780, to: 960 }))).toEqual([]);
    expect(await names(weekly(null, 4))).toEqual([]);
    expect(await names({ ...weekly(null), weekday: 2 } as RosterChange)).toEqual([]);
  });

  it('one date: off that Monday lists it, off the next Monday does not', async () => {
    expect(await names(once('2027-03-01', 'off'))).toEqual(['Monday, March 1, 2027, 2:00 PM to 3:00 PM']);
    expect(await names(once('2027-03-08', 'off'))).toEqual([]);
  });

  it('with that Monday already off, removing the weekly shift lists nothing; removing the change does not either', async () => {
    const db = await getDb();
    await db.insert(shiftChanges).values({ therapistId: 3, location: 1, date: MONDAY, off: true });
    expect(await names(weekly(null))).toEqual([]);
    expect(await names(once('2027-03-01', null))).toEqual([]);
    await db.delete(shiftChanges).where(and(eq(shiftChanges.therapistId, 3), eq(shiftChanges.date, MONDAY)));
  });

  it('a visit already over is not listed', async () => {
    expect(await visitsAffectedBy(await getDb(), weekly(null), Date.parse('2027-03-02T00:00:00Z'))).toEqual([]);
  });
});

describe('one-date changes', () => {
  const parse = (values: Record<string, string>) => {
    const result = shiftChangeSchema(NOW).safeParse({ location: '1', therapistId: '3', date: '2027-03-06', kind: 'hours', from: '12:00', to: '16:00', ...values });
    return result.success ? result.data : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('reads off or hours, inside the opening hours of that date, from today on', () => {
    expect(parse({})).toEqual({ location: 1, therapistId: 3, date: '2027-03-06', hours: { from: 720, to: 960 } });
    expect(parse({ kind: 'off', from: '', to: '' })).toEqual({ location: 1, therapistId: 3, date: '2027-03-06', hours: 'off' });
    expect(parse({ date: '2027-02-21' })).toEqual([['date', 'Choose today or a later date.']]);
    expect(parse({ from: '16:00', to: '12:00' })).toEqual([['to', 'The end must be after the start.']]);
    expect(parse({ from: '08:00' })).toEqual([['from', 'Opening hours that day are 11:00 AM to 7:00 PM; keep the hours inside them.']]);
    expect(parse({ kind: 'maybe' })).toEqual([['kind', 'Choose whether they work other hours or are off.']]);
    setHours(1, { week: { 6: null } });
    expect(parse({})).toEqual([['date', 'SoHo is closed on Saturday, March 6, 2027: choose another date.']]);
  });

  it('are saved, listed, logged as rosters activity and removed; a therapist not rostered there is refused', async () => {
    const db = await getDb();
    const actor = { userId: await insertUser(db, 'staff'), name: 'Rosa Roster' };
    await saveShiftChange(db, { location: 1, therapistId: 3, date: d('2027-03-06'), hours: 'off' }, actor);
    await saveShiftChange(db, { location: 1, therapistId: 3, date: d('2027-03-06'), hours: { from: 720, to: 960 } }, actor);
    expect(await listShiftChanges(db, 1, NOW)).toEqual([
      { therapistId: 3, therapistName: 'Sofia Russo', date: '2027-03-06', day: 'Saturday, March 6, 2027', hours: '12:00 PM to 4:00 PM', off: false, changedBy: expect.stringMatching(/^User /) },
    ]);
    const log = async () => (await db.select().from(activityLog).where(eq(activityLog.kind, 'rosters')).orderBy(desc(activityLog.id)).limit(1))[0];
    expect(await log()).toMatchObject({ action: 'changed', subject: 'Sofia Russo at SoHo', summary: 'This date only, Saturday, March 6, 2027: off → 12:00 PM to 4:00 PM' });
    expect(await removeShiftChange(db, { location: 1, therapistId: 3, date: d('2027-03-06') }, actor)).toBe(true);
    expect(await log()).toMatchObject({ action: 'removed', summary: 'This date only, removed Saturday, March 6, 2027: 12:00 PM to 4:00 PM' });
    expect(await removeShiftChange(db, { location: 1, therapistId: 3, date: d('2027-03-06') }, actor)).toBe(false);
    expect(await listShiftChanges(db, 1, NOW)).toEqual([]);
    await expect(saveShiftChange(db, { location: 1, therapistId: 11, date: d('2027-03-06'), hours: 'off' }, actor)).rejects.toThrow(new NotRosteredHere('Jasmine Patel has no weekly shift at SoHo: add one first.'));
  });
});

describe('pendingChange: the confirm step read back from the address', () => {
  it('asks in words and keeps the fields to post again', () => {
    expect(pendingChange({ confirm: 'remove', location: '1', therapistId: '3', areaId: '2', weekday: '1' }, NOW)).toMatchObject({
      step: 'remove',
      change: { kind: 'weekly', location: 1, therapistId: 3, areaId: 2, weekday: 1, hours: null },
      values: { location: '1', therapistId: '3', areaId: '2', weekday: '1' },
      question: 'Remove Sofia Russo’s Monday shift in Brow & Lashes?',
      action: 'Remove the shift anyway',
    });
    expect(pendingChange({ confirm: 'save', location: '1', therapistId: '3', areaId: '2', weekday: '1', from: '10:00', to: '13:00' }, NOW)?.question).toBe(
      'Change Sofia Russo’s Monday shift in Brow & Lashes to 10:00 AM to 1:00 PM?',
    );
    expect(pendingChange({ confirm: 'once', location: '1', therapistId: '3', date: '2027-03-06', kind: 'off' }, NOW)?.question).toBe('Sofia Russo off on Saturday, March 6, 2027 only?');
    expect(pendingChange({ confirm: 'unonce', location: '1', therapistId: '3', date: '2027-03-06' }, NOW)?.question).toBe('Back to Sofia Russo’s weekly shift on Saturday, March 6, 2027?');
  });

  it('nothing for an unknown step or fields that do not parse', () => {
    expect(pendingChange({ confirm: 'drop', location: '1' }, NOW)).toBeUndefined();
    expect(pendingChange({ confirm: 'remove', location: '9', therapistId: '3', areaId: '2', weekday: '1' }, NOW)).toBeUndefined();
    expect(pendingChange({}, NOW)).toBeUndefined();
  });
});

describe('readRostersPage', () => {
  it('a tapped cell selects the therapist and weekday, and the one-date form starts at the next such date', async () => {
    const page = await readRostersPage(await getDb(), { location: '1', therapist: '6', weekday: '6' }, NOW);
    expect(page.selected).toEqual({ therapist: { id: 6, name: 'Daniel Reyes' }, weekday: 6 });
    expect(page.cellShifts).toEqual([]);
    expect(page.onceDate).toBe('2027-02-27');
    expect(page.grid.find((row) => row.therapist.id === 6)!.cells.map((c) => c.lines.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(page.confirm).toBeUndefined();
  });

  it('a change to confirm comes with the visits it would leave out; at another location it lists none', async () => {
    const params = { confirm: 'remove', location: '1', therapistId: '3', areaId: '2', weekday: '1' };
    expect((await readRostersPage(await getDb(), params, NOW)).confirm?.visits.map((v) => v.time)).toEqual(['2:00 PM to 3:00 PM']);
    expect((await readRostersPage(await getDb(), { ...params, location: '2' }, NOW)).confirm?.visits).toEqual([]);
  });
});

describe('a weekly change applies from the New York date it is made on', () => {
  // Grace Kim (4) does Facial (3) and area 5 at SoHo on Wednesdays, all day. The changes are made on Wednesday March 10.
  const WEDNESDAYS = [d('2027-03-03'), d('2027-03-10'), d('2027-03-17')];
  const CHANGE_DAY = Date.parse('2027-03-10T15:00:00Z');
  const grace = async () =>
    (await shiftsOn(await getDb(), 1, [...WEDNESDAYS, d('2027-03-08')], { therapistId: 4 })).map((s) => `${s.date} ${s.areaId} ${s.startMinute ?? 'open'}-${s.endMinute ?? 'close'}`).sort();
  const facial = (from: string, to: string, weekday = '3') => shiftSchema.parse({ location: '1', therapistId: '4', areaId: '3', weekday, from, to });

  it('saved twice and removed: the Wednesday before keeps the shift it had, that day and after read the change', async () => {
    const db = await getDb();
    const actor = { userId: await insertUser(db, 'staff'), name: 'Rosa Roster' };
    await saveShift(db, facial('12:00', '16:00'), actor, CHANGE_DAY);
    await saveShift(db, facial('13:00', '16:00'), actor, CHANGE_DAY);
    expect(await grace()).toEqual([
      '2027-03-03 3 open-close',
      '2027-03-03 5 open-close',
      '2027-03-10 3 780-960',
      '2027-03-10 5 open-close',
      '2027-03-17 3 780-960',
      '2027-03-17 5 open-close',
    ]);
    // Only the hours before the first change are the past: the 12:00 of the same day applied on no date.
    expect(await db.select().from(rosterHistory).where(eq(rosterHistory.therapistId, 4))).toEqual([
      { therapistId: 4, location: 1, areaId: 3, weekday: 3, startMinute: null, endMinute: null, validFrom: null, validUntil: '2027-03-10' },
    ]);

    expect(await removeShift(db, { location: 1, therapistId: 4, areaId: 3, weekday: 3 }, actor, CHANGE_DAY + 7 * 86_400_000)).toBe(true);
    expect(await grace()).toEqual(['2027-03-03 3 open-close', '2027-03-03 5 open-close', '2027-03-10 3 780-960', '2027-03-10 5 open-close', '2027-03-17 5 open-close']);
  });

  it('a shift added on a new weekday is on no date before it', async () => {
    const db = await getDb();
    await saveShift(db, facial('11:00', '14:00', '1'), { userId: null, name: 'Test Owner' }, CHANGE_DAY);
    expect((await grace()).filter((s) => s.startsWith('2027-03-08'))).toEqual([]);
    expect((await shiftsOn(db, 1, [d('2027-03-15')], { therapistId: 4 })).map((s) => `${s.areaId} ${s.startMinute}-${s.endMinute}`)).toEqual(['3 660-840']);
  });
});

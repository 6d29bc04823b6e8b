import { desc, eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { hoursOn, minNoticeMinutesOf } from '@/lib/catalog/hours';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges, openingHours, openingHoursHistory, specialHours } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as BOF_POST } from '../../../../appointments/bof/[customerId]/route';
import { GET as SLOTS } from '../../../../slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET, PUT } from './route';

/**
 * The owner's hours API (lib/desk/hours.ts): who may read and change it, what a change writes (one transaction, an
 * activity entry, a catalogue publish), that bad input changes nothing, and that slots and the desk's list of visits
 * to move follow a change.
 */
jest.setTimeout(120_000);
createTempDataDir('salon-desk-hours-');
afterAll(closeDb);
afterAll(resetCatalogSnapshot);

// Monday 2027-01-04, noon in New York.
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
const SATURDAY = '2027-01-16';
const LATE_NIGHT = '2027-01-21'; // a Thursday

type Doc = {
  location: { slug: string };
  week: { weekday: number; day: string; closed: boolean; open: string; close: string }[];
  special: { date: string; open: string; close: string; note: string }[];
  minNoticeMinutes: number;
  changed?: boolean;
  outsideHours: { id: string; localStart: string; customerName: string }[];
};

const get = async (slug: string, cookie?: string) => {
  const response = await callRoute(GET, { slug }, { path: `/api/desk/locations/${slug}/hours/`, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json() };
};
const put = async (slug: string, body: unknown, cookie?: string) => {
  const response = await callRoute(PUT, { slug }, { path: `/api/desk/locations/${slug}/hours/`, ...jsonInit('PUT', body, cookie) });
  return { status: response.status, body: await response.json() };
};

async function owner() {
  return signedIn(await getDb(), 'owner');
}

async function saturdayLastSlot(): Promise<string | undefined> {
  const response = await callRoute(SLOTS, { location: 'midtown', areaId: '1', therapistId: '0', date: SATURDAY, duration: '15' });
  return ((await response.json()) as { slots: { time: string }[] }).slots.at(-1)?.time;
}

/** A document with Saturday shortened and a late night, from GET's own document. */
function changed(doc: Doc): Doc {
  return {
    ...doc,
    week: doc.week.map((day) => (day.weekday === 6 ? { ...day, close: '17:00' } : day)),
    special: [{ date: LATE_NIGHT, open: '10:00', close: '22:00', note: 'Late night' }],
    minNoticeMinutes: 60,
  };
}

describe('who may reach the hours', () => {
  it('answers 401 to a visitor and 403 to a customer and to the front desk, with no hours', async () => {
    const db = await getDb();
    expect((await get('soho')).status).toBe(401);
    const customer = await signedIn(db);
    const desk = await signedIn(db, 'staff');
    for (const cookie of [customer.cookie, desk.cookie]) {
      const read = await get('soho', cookie);
      expect(read.status).toBe(403);
      expect(read.body.week).toBeUndefined();
      expect((await put('soho', { week: [], special: [], minNoticeMinutes: 0 }, cookie)).status).toBe(403);
    }
    expect((await put('soho', {})).status).toBe(401);
  });

  it('answers 404 for an unknown location, to the owner only', async () => {
    const { cookie } = await owner();
    const read = await get('paris', cookie);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe("Unknown location 'paris'.");
    expect((await put('paris', {}, cookie)).status).toBe(404);
    expect((await get('paris')).status).toBe(401);
  });
});

describe('reading and changing the hours', () => {
  it('reads the week (24-hour times), the special hours and the 2-hour notice', async () => {
    const { cookie } = await owner();
    const { status, body } = await get('midtown', cookie);
    expect(status).toBe(200);
    expect(body.location).toEqual({ id: 2, slug: 'midtown', name: expect.any(String) });
    expect(body.week[0]).toEqual({ weekday: 0, day: 'Sunday', closed: false, open: '11:00', close: '18:00' });
    expect(body.week[6]).toEqual({ weekday: 6, day: 'Saturday', closed: false, open: '11:00', close: '19:00' });
    expect(body.special).toEqual([]);
    expect(body.minNoticeMinutes).toBe(120);
    expect(body.outsideHours).toEqual([]);
  });

  it('a change is saved in one go, logged with before and after, published, and slots follow at once', async () => {
    const db = await getDb();
    const me = await owner();
    expect(await saturdayLastSlot()).toBe('18:45');
    const [version] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    const before = (await get('midtown', me.cookie)).body as Doc;

    const { status, body } = await put('midtown', changed(before), me.cookie);
    expect(status).toBe(200);
    expect(body.changed).toBe(true);
    expect(body.week[6]).toMatchObject({ open: '11:00', close: '17:00' });
    expect(body.special).toEqual([{ date: LATE_NIGHT, open: '10:00', close: '22:00', note: 'Late night' }]);
    expect(body.minNoticeMinutes).toBe(60);

    // The booking rules read it at once on this instance.
    expect(hoursOn(2, SATURDAY)).toEqual({ open: 660, close: 1020 });
    expect(hoursOn(2, LATE_NIGHT)).toEqual({ open: 600, close: 1320 });
    expect(hoursOn(1, SATURDAY)).toEqual({ open: 660, close: 1140 });
    expect(minNoticeMinutesOf(2)).toBe(60);
    expect(await saturdayLastSlot()).toBe('16:45');

    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'hours')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: me.userId, action: 'changed', subject: 'Midtown hours' });
    expect(entry!.summary).toBe(
      'Saturday 11:00 AM to 7:00 PM → 11:00 AM to 5:00 PM; Thursday, January 21, 2027 special hours 10:00 AM to 10:00 PM (Late night); minimum notice 2 hours → 1 hour',
    );
    expect(entry!.before).toMatchObject({ minNoticeMinutes: 120, special: [] });
    expect(entry!.after).toMatchObject({ minNoticeMinutes: 60, special: [{ date: LATE_NIGHT }] });
    const [published] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(published!.id).toBeGreaterThan(version?.id ?? 0);
    expect(published!.tags).toEqual(['catalog-hours']);

    // The same hours again change nothing, log nothing and publish nothing.
    const again = await put('midtown', changed(before), me.cookie);
    expect(again.body.changed).toBe(false);
    const [still] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(still!.id).toBe(published!.id);
  });

  it('closes a weekday, keeping its hours for when it opens again', async () => {
    const me = await owner();
    const doc = (await get('nolita', me.cookie)).body as Doc;
    const closedSunday = { ...doc, week: doc.week.map((day) => (day.weekday === 0 ? { ...day, closed: true } : day)) };
    const { body } = await put('nolita', closedSunday, me.cookie);
    expect(body.week[0]).toEqual({ weekday: 0, day: 'Sunday', closed: true, open: '11:00', close: '18:00' });
    expect(hoursOn(4, '2027-01-10')).toBeNull();
    const [row] = await (await getDb()).select().from(openingHours).where(eq(openingHours.location, 4)).orderBy(openingHours.weekday).limit(1);
    expect(row).toMatchObject({ weekday: 0, closed: true, openMinute: 660, closeMinute: 1080 });
  });

  it('a changed weekday applies from today: past dates keep the hours they had, and the other weekdays are untouched', async () => {
    const db = await getDb();
    const me = await owner();
    // Midtown's Saturday closed at 17:00 from today (the change above, on Monday January 4): the Saturday before and
    // every Saturday of last year kept 19:00.
    expect([hoursOn(2, '2026-06-06'), hoursOn(2, '2027-01-02'), hoursOn(2, SATURDAY)]).toEqual([
      { open: 660, close: 1140 },
      { open: 660, close: 1140 },
      { open: 660, close: 1020 },
    ]);
    const history = () => db.select().from(openingHoursHistory).where(eq(openingHoursHistory.location, 2));
    expect(await history()).toEqual([{ location: 2, weekday: 6, openMinute: 660, closeMinute: 1140, closed: false, validFrom: null, validUntil: '2027-01-04' }]);
    const rows = await db.select().from(openingHours).where(eq(openingHours.location, 2)).orderBy(openingHours.weekday);
    expect(rows.map((row) => [row.weekday, row.validFrom])).toEqual([[0, null], [1, null], [2, null], [3, null], [4, null], [5, null], [6, '2027-01-04']]);

    // A second change the same day replaces today's hours and keeps no more past: today had none of its own yet.
    const doc = (await get('midtown', me.cookie)).body as Doc;
    const later = await put('midtown', { ...doc, week: doc.week.map((day) => (day.weekday === 6 ? { ...day, close: '16:00' } : day)) }, me.cookie);
    expect(later.status).toBe(200);
    expect(await history()).toHaveLength(1);
    expect([hoursOn(2, '2027-01-02'), hoursOn(2, SATURDAY)]).toEqual([
      { open: 660, close: 1140 },
      { open: 660, close: 960 },
    ]);

    // Nolita's Sunday, closed today, was open on the Sundays before.
    expect(hoursOn(4, '2027-01-03')).toEqual({ open: 660, close: 1080 });
  });
});

describe('bad input', () => {
  it.each([
    ['Saturday closing before opening', (doc: Doc) => ({ ...doc, week: doc.week.map((d) => (d.weekday === 6 ? { ...d, close: '10:00' } : d)) }), 'week.6.close', 'Saturday: the closing time must be after the opening time.'],
    ['a time that is not one', (doc: Doc) => ({ ...doc, week: doc.week.map((d) => (d.weekday === 1 ? { ...d, open: '9am' } : d)) }), 'week.1.open', 'Monday: enter the opening time as HH:MM, 24-hour, such as 10:00.'],
    ['a time off the quarter hour', (doc: Doc) => ({ ...doc, week: doc.week.map((d) => (d.weekday === 2 ? { ...d, close: '19:10' } : d)) }), 'week.2.close', 'Tuesday: the closing time must be on the quarter hour (:00, :15, :30 or :45).'],
    ['a missing weekday', (doc: Doc) => ({ ...doc, week: doc.week.filter((d) => d.weekday !== 3) }), 'week', 'List every weekday: Wednesday is missing.'],
    ['a special day in the past', (doc: Doc) => ({ ...doc, special: [{ date: '2027-01-03', open: '10:00', close: '12:00' }] }), 'special.0.date', 'Sunday, January 3, 2027 has passed: special hours are for today or a later day.'],
    ['a special day twice', (doc: Doc) => ({ ...doc, special: [{ date: LATE_NIGHT, open: '10:00', close: '12:00' }, { date: LATE_NIGHT, open: '10:00', close: '13:00' }] }), 'special.1.date', 'Thursday, January 21, 2027 is listed twice.'],
    ['a special day that is not a date', (doc: Doc) => ({ ...doc, special: [{ date: '2027-02-30', open: '10:00', close: '12:00' }] }), 'special.0.date', 'Enter the date as YYYY-MM-DD.'],
    ['a negative notice', (doc: Doc) => ({ ...doc, minNoticeMinutes: -5 }), 'minNoticeMinutes', 'The minimum notice must be a whole number of minutes from 0 to 10080 (a week).'],
    ['a notice in hours as text', (doc: Doc) => ({ ...doc, minNoticeMinutes: '2h' }), 'minNoticeMinutes', 'The minimum notice must be a whole number of minutes from 0 to 10080 (a week).'],
  ])('%s: a 422 with the sentence on its field, and nothing changes', async (_name, edit, field, message) => {
    const db = await getDb();
    const me = await owner();
    const before = (await get('williamsburg', me.cookie)).body as Doc;
    const [version] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    const { status, body } = await put('williamsburg', edit(before), me.cookie);
    expect(status).toBe(422);
    expect(body.error.fields[field]).toBe(message);
    expect(body.error.message).toBe(Object.values(body.error.fields)[0]);
    const after = (await get('williamsburg', me.cookie)).body as Doc;
    expect(after).toEqual(before);
    const [still] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(still?.id).toBe(version?.id);
    expect(await db.select().from(specialHours).where(eq(specialHours.location, 3))).toEqual([]);
  });

  it('a body that is not the hours at all is a 422 or 400 with a sentence, never a 500', async () => {
    const me = await owner();
    for (const body of [null, [], 'hours', { week: 'all', special: [], minNoticeMinutes: 0 }, '{']) {
      const answer = await put('williamsburg', body, me.cookie);
      expect([400, 422]).toContain(answer.status);
      expect(answer.body.error.message).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('visits left outside the new hours', () => {
  it('are listed in the answer, and again by GET until they are moved', async () => {
    const db = await getDb();
    const me = await owner();
    const desk = await signedIn(db, 'staff');
    const customer = await signedIn(db);
    // Saturday at SoHo: Maria Lopez (1) does hair removal 11:00 to 19:00. Two visits, one of them after 17:00.
    const early = await callRoute(BOF_POST, { customerId: customer.userId }, jsonInit('POST', cardFor([{ therapist: 1, date: `${SATURDAY} 12:00` }]), desk.cookie));
    expect(early.status).toBe(201);
    const late = await callRoute(BOF_POST, { customerId: customer.userId }, jsonInit('POST', cardFor([{ therapist: 1, date: `${SATURDAY} 18:00` }]), desk.cookie));
    expect(late.status).toBe(201);
    const lateId: string = (await late.json()).appointments[0].id;

    const doc = (await get('soho', me.cookie)).body as Doc;
    const shortened = { ...doc, week: doc.week.map((day) => (day.weekday === 6 ? { ...day, close: '17:00' } : day)) };
    const { body } = await put('soho', shortened, me.cookie);
    expect(body.outsideHours.map((v: Doc['outsideHours'][number]) => [v.id, v.localStart])).toEqual([[lateId, `${SATURDAY} 18:00`]]);
    expect(body.outsideHours[0]).toMatchObject({ customerName: expect.any(String), location: 'SoHo', therapistName: expect.any(String) });
    expect((await get('soho', me.cookie)).body.outsideHours.map((v: { id: string }) => v.id)).toEqual([lateId]);

    // A late night that Saturday takes it back inside the hours.
    const lateNight = { ...shortened, special: [{ date: SATURDAY, open: '11:00', close: '20:00', note: '' }] };
    expect((await put('soho', lateNight, me.cookie)).body.outsideHours).toEqual([]);
  });
});

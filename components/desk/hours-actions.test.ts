import { eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { hoursOn } from '@/lib/catalog/hours';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { openingHours, specialHours } from '@/lib/db/schema';
import { formFields, noticeChoices, weekField, weekOfForm } from '@/lib/desk/hours-form';
import { FLASH_COOKIE, readFormFlash } from '@/lib/forms/flash';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { addSpecialAction, removeSpecialAction, saveWeekAction } from './hours-actions';
import { formData, redirectOf } from '@/lib/test-support/server-actions';

// The page's server actions with the real handlers and database; next/headers stands for the incoming request and
// the cookies of the action's answer (as in components/account/actions.test.ts).
let incoming = new Headers();
const kept = new Map<string, string>();
const jar = { set: (cookie: { name: string; value: string }) => kept.set(cookie.name, cookie.value), get: (name: string) => (kept.has(name) ? { name, value: kept.get(name)! } : undefined) };
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => jar }));

jest.setTimeout(120_000);
createTempDataDir('salon-hours-actions-');
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
afterAll(resetCatalogSnapshot);
// Monday 2027-01-04, noon in New York.
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

async function as(role: 'owner' | 'staff') {
  const { cookie } = await signedIn(await getDb(), role);
  incoming = new Headers({ cookie, 'user-agent': 'Test' });
  kept.clear();
}



async function flashOf(target: string) {
  expect(kept.has(FLASH_COOKIE)).toBe(true);
  return readFormFlash('hours', new URL(target, 'http://x').searchParams.get('form') ?? undefined);
}

/** The week form as the page renders it for the seed hours, with `changes` typed over it. */
function weekForm(changes: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { location: 'midtown', notice: '120' };
  for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
    const seed = hoursOn(1, `2027-01-${String(10 + weekday).padStart(2, '0')}`)!;
    fields[weekField.open(weekday)] = `${String(seed.open / 60).padStart(2, '0')}:00`;
    fields[weekField.close(weekday)] = `${String(seed.close / 60).padStart(2, '0')}:00`;
  }
  return { ...fields, ...changes };
}

describe('the form helpers', () => {
  it('reads the week form as the API document, a ticked box as closed', () => {
    const { week, minNoticeMinutes } = weekOfForm(weekForm({ [weekField.closed(0)]: 'on', notice: '60' }));
    expect(week[0]).toEqual({ weekday: 0, closed: true, open: '11:00', close: '18:00' });
    expect(week[6]).toEqual({ weekday: 6, closed: false, open: '11:00', close: '19:00' });
    expect(minNoticeMinutes).toBe(60);
    expect(weekOfForm(weekForm({ notice: 'soon' })).minNoticeMinutes).toBe('soon');
  });

  it('puts each fault of the answer on the form field it concerns', () => {
    expect(formFields({ 'week.6.close': 'Saturday: …', minNoticeMinutes: 'The notice …', 'special.0.date': 'Old' }, 2)).toEqual({ 'close-6': 'Saturday: …', notice: 'The notice …' });
    expect(formFields({ 'special.2.date': 'Passed', 'special.2.close': 'After' }, 2)).toEqual({ date: 'Passed', close: 'After' });
  });

  it("offers the usual notices, and the location's own when it is another", () => {
    expect(noticeChoices(120).map((c) => c.label)).toContain('2 hours');
    expect(noticeChoices(100).find((c) => c.value === 100)?.label).toBe('1 hour 40 minutes');
  });
});

describe('the week form', () => {
  it("saves the owner's week and notice through the API, and says so", async () => {
    await as('owner');
    const target = await redirectOf(saveWeekAction(formData(weekForm({ [weekField.close(6)]: '17:00', [weekField.closed(0)]: 'on', notice: '60' }))));
    expect(target).toMatch(/^\/desk\/hours\/\?location=midtown&form=[\w-]{16}$/);
    expect(await flashOf(target)).toMatchObject({ outcome: 'ok', message: 'The week is saved.' });
    expect(hoursOn(2, '2027-01-16')).toEqual({ open: 660, close: 1020 });
    expect(hoursOn(2, '2027-01-17')).toBeNull();
    expect(hoursOn(1, '2027-01-16')).toEqual({ open: 660, close: 1140 });
  });

  it('brings a bad time back to its field with the sentence and the values typed, and changes nothing', async () => {
    await as('owner');
    const db = await getDb();
    const before = await db.select().from(openingHours).where(eq(openingHours.location, 2));
    const typed = weekForm({ [weekField.open(3)]: '20:00', [weekField.close(3)]: '12:00' });
    const flash = await flashOf(await redirectOf(saveWeekAction(formData(typed))));
    expect(flash).toMatchObject({ outcome: 'error', message: 'Wednesday: the closing time must be after the opening time.', fields: { 'close-3': 'Wednesday: the closing time must be after the opening time.' } });
    expect(flash?.values[weekField.open(3)]).toBe('20:00');
    expect(await db.select().from(openingHours).where(eq(openingHours.location, 2))).toEqual(before);
  });

  it('the front desk posting it changes nothing and is sent back to the page', async () => {
    await as('staff');
    const target = await redirectOf(saveWeekAction(formData(weekForm({ location: 'nolita', [weekField.close(1)]: '12:00' }))));
    expect(target).toBe('/desk/hours/?location=nolita');
    expect(hoursOn(4, '2027-01-11')).toEqual({ open: 600, close: 1200 });
  });
});

describe('special hours', () => {
  it('adds a late night for a date, changes it, and removes it; the week stays as it was', async () => {
    await as('owner');
    const db = await getDb();
    const added = await flashOf(await redirectOf(addSpecialAction(formData({ location: 'soho', date: '2027-01-21', open: '10:00', close: '22:00', note: 'Late night' }))));
    expect(added).toMatchObject({ outcome: 'ok', message: 'Special hours saved for Thursday, January 21, 2027.' });
    expect(hoursOn(1, '2027-01-21')).toEqual({ open: 600, close: 1320 });
    await redirectOf(addSpecialAction(formData({ location: 'soho', date: '2027-01-21', open: '10:00', close: '23:00', note: '' })));
    expect(await db.select().from(specialHours).where(eq(specialHours.location, 1))).toEqual([{ location: 1, date: '2027-01-21', openMinute: 600, closeMinute: 1380, note: '' }]);
    const removed = await flashOf(await redirectOf(removeSpecialAction(formData({ location: 'soho', date: '2027-01-21' }))));
    expect(removed).toMatchObject({ outcome: 'ok', message: 'Thursday, January 21, 2027 opens by its weekday again.' });
    expect(hoursOn(1, '2027-01-21')).toEqual({ open: 600, close: 1200 });
    expect(hoursOn(1, '2027-01-16')).toEqual({ open: 660, close: 1140 });
  });

  it("a past date comes back on the add form's date field", async () => {
    await as('owner');
    const flash = await flashOf(await redirectOf(addSpecialAction(formData({ location: 'soho', date: '2027-01-02', open: '10:00', close: '12:00', note: '' }))));
    expect(flash).toMatchObject({ outcome: 'error', fields: { date: 'Saturday, January 2, 2027 has passed: special hours are for today or a later day.' }, values: { date: '2027-01-02' } });
  });
});

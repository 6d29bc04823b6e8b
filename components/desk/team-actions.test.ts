import { and, eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, rosters, therapists } from '@/lib/db/schema';
import { retirementImpact } from '@/lib/team/therapists';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { retireTherapistAction } from './team-actions';
import { formData, redirectOf } from '@/lib/test-support/server-actions';

// The page's server action with the real handler and database; next/headers stands for the incoming request and the
// cookies of the action's answer (as in components/desk/hours-actions.test.ts).
let incoming = new Headers();
const kept = new Map<string, string>();
const jar = { set: (cookie: { name: string; value: string }) => kept.set(cookie.name, cookie.value), get: (name: string) => (kept.has(name) ? { name, value: kept.get(name)! } : undefined) };
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => jar }));

jest.setTimeout(120_000);
createTempDataDir('salon-team-actions-');
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
afterAll(resetCatalogSnapshot);



describe('retiring a therapist from their page', () => {
  it('the first post asks (?retire=1) and changes nothing; only the confirmation retires', async () => {
    const db = await getDb();
    const { cookie } = await signedIn(db, 'owner');
    incoming = new Headers({ cookie, 'user-agent': 'Test' });
    // Sofia Russo (3): on the seed's rosters, no visits booked.
    const sofia = async () => (await db.select().from(therapists).where(eq(therapists.id, 3)))[0]!;
    const shiftsOf = async () => db.select().from(rosters).where(eq(rosters.therapistId, 3));
    const impact = await retirementImpact(db, 3);
    expect(impact.visitsToCome).toEqual([]);
    expect(impact.shifts).toBe((await shiftsOf()).length);
    expect(impact.shifts).toBeGreaterThan(0);

    expect(await redirectOf(retireTherapistAction(formData({ id: '3' })))).toBe('/desk/team/therapists/3/?retire=1#retire-heading');
    expect((await sofia()).retiredAt).toBeNull();
    expect(await shiftsOf()).toHaveLength(impact.shifts);
    expect(await db.select().from(activityLog).where(and(eq(activityLog.kind, 'team'), eq(activityLog.action, 'retired')))).toEqual([]);

    expect(await redirectOf(retireTherapistAction(formData({ id: '3', confirmed: '1' })))).toMatch(/^\/desk\/team\/\?form=[\w-]{16}#therapists-heading$/);
    expect((await sofia()).retiredAt).not.toBeNull();
    expect(await shiftsOf()).toEqual([]);
    const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.kind, 'team'), eq(activityLog.action, 'retired')));
    expect(entry).toMatchObject({ subject: 'Sofia Russo', summary: `Retired; ${impact.shifts} shifts taken off the rosters` });
  });
});

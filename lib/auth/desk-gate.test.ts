import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { sharedSlot } from '@/lib/server/shared-slots.mjs';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { sessionCookieName } from './cookies';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { AUTH_PROFILE_COOKIE, profileValue } from './cookies';
import { deskGate, deskGateAnswer, displayCookieFor } from './desk-gate';

jest.setTimeout(120_000);
const dataDir = createTempDataDir('salon-desk-gate-');
afterAll(closeDb);
afterEach(() => {
  delete process.env.STAFF_EMAILS;
  delete process.env.SALON_API_URL;
});

const deskRequest = (cookie?: string, path = '/desk/rosters/') => new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });

describe('deskGate, the middleware\'s answer to a desk page before it streams', () => {
  it('lets staff through, answers a customer with the 404, and sends anyone without a live session to sign in', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const customer = await signedIn(db);
    expect(await deskGate(deskRequest(staff.cookie))).toBe('desk');
    expect(await deskGate(deskRequest(customer.cookie))).toBe('not-found');
    expect(await deskGate(deskRequest())).toBe('sign-in');
    expect(await deskGate(deskRequest(`${sessionCookieName()}=${'x'.repeat(43)}`))).toBe('sign-in');
    expect(await deskGate(deskRequest(`${sessionCookieName()}=forged`))).toBe('sign-in');
  });

  it("keeps the owner's pages to the owner: the front desk and a customer get the 404 there, a visitor the sign-in", async () => {
    const db = await getDb();
    const owner = await signedIn(db, 'owner');
    const staff = await signedIn(db, 'staff');
    const customer = await signedIn(db);
    const at = (path: string, cookie?: string) => new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
    for (const path of ['/desk/menu/', '/desk/menu/services/de70830b-1bc4-4fc8-a520-ab49e40f845e/', '/desk/team/', '/desk/hours/', '/desk/promotions/', '/desk/activity/', '/desk/reports/', '/desk/reports/?preset=today', '/desk/menu']) {
      expect(await deskGate(at(path, owner.cookie))).toBe('desk');
      expect(await deskGate(at(path, staff.cookie))).toBe('not-found');
      expect(await deskGate(at(path, customer.cookie))).toBe('not-found');
      expect(await deskGate(at(path))).toBe('sign-in');
    }
    // The desk's own pages stay the front desk's, and the owner's too; a look-alike address is not an owner's page.
    for (const path of ['/desk/', '/desk/rosters/', '/desk/menus-of-the-day/']) {
      expect(await deskGate(at(path, staff.cookie))).toBe('desk');
      expect(await deskGate(at(path, owner.cookie))).toBe('desk');
    }
  });

  it('reads the role at every request: STAFF_EMAILS makes a customer staff, and an ended session is signed out', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, customer.userId));
    process.env.STAFF_EMAILS = row!.email!;
    expect(await deskGate(deskRequest(customer.cookie))).toBe('desk');
    delete process.env.STAFF_EMAILS;
    expect(await deskGate(deskRequest(customer.cookie))).toBe('not-found');
    await db.delete(users).where(eq(users.id, customer.userId));
    expect(await deskGate(deskRequest(customer.cookie))).toBe('sign-in');
  });

  it("answers the owner's pages with the 404 for the front desk, and lets an owner through everywhere", async () => {
    const db = await getDb();
    const desk = await signedIn(db, 'staff');
    const owner = await signedIn(db, 'owner');
    const page = (path: string, cookie: string) => new Request(`http://localhost:3000${path}`, { headers: { cookie } });
    for (const path of ['/desk/team/', '/desk/team', '/desk/team/therapists/27/', '/desk/menu/', '/desk/activity/?kind=roles']) {
      expect([path, await deskGate(page(path, desk.cookie))]).toEqual([path, 'not-found']);
      expect([path, await deskGate(page(path, owner.cookie))]).toEqual([path, 'desk']);
    }
    expect(await deskGate(page('/desk/teams-of-two/', desk.cookie))).toBe('desk');
    expect(await deskGate(page('/desk/rosters/', owner.cookie))).toBe('desk');
  });

  it('answers 404 for every desk page of a proxy front, without opening a database', async () => {
    await closeDb();
    process.env.SALON_API_URL = 'http://127.0.0.1:9';
    const staffLike = `${sessionCookieName()}=${'a'.repeat(43)}`;
    expect(await deskGate(deskRequest(staffLike))).toBe('not-found');
    expect(await deskGate(deskRequest())).toBe('not-found');
    // getDb() would have opened it again (lib/db/index.ts keeps it on globalThis) and taken the folder's lock.
    expect(sharedSlot('database')).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});

describe("the readable profile on a desk page's answer names the session's account", () => {
  const dana = { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Dana Desk', email: 'dana@staff.example.com' };
  const written = (setCookie: string | undefined) => {
    const [pair] = (setCookie ?? '').split('; ');
    expect(pair!.startsWith(`${AUTH_PROFILE_COOKIE}=`)).toBe(true);
    return pair!.slice(AUTH_PROFILE_COOKIE.length + 1);
  };

  it('writes the session account over another account, an old name or no cookie; leaves a right one alone', () => {
    const earl = profileValue({ id: 'u-earlier', name: 'Earl Earlier', email: 'earl@example.com' });
    for (const raw of [earl, profileValue({ ...dana, name: 'Dana Old' }), undefined, 'not-a-profile']) {
      expect(profileFromAuthCookie(written(displayCookieFor(raw, dana)))).toEqual({ isAuth: true, customerId: dana.id, name: dana.name, email: dana.email });
    }
    expect(displayCookieFor(profileValue(dana), dana)).toBeUndefined();
  });

  it('removes a profile when there is no session, and writes nothing when there is neither', () => {
    expect(written(displayCookieFor(profileValue(dana), null))).toBe('');
    expect(displayCookieFor(profileValue(dana), null)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(displayCookieFor(undefined, null)).toBeUndefined();
  });

  it('the gate answers with it: staff under a stale profile, and a visitor whose session ended', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const stale = `${AUTH_PROFILE_COOKIE}=${profileValue({ id: 'u-earlier', name: 'Earl Earlier', email: 'earl@example.com' })}`;
    const [row] = await db.select().from(users).where(eq(users.id, staff.userId));
    const answer = await deskGateAnswer(deskRequest(`${staff.cookie}; ${stale}`));
    expect(answer.gate).toBe('desk');
    expect(profileFromAuthCookie(written(answer.displayCookie))).toMatchObject({ customerId: staff.userId, name: row!.name, email: row!.email });
    const ended = await deskGateAnswer(deskRequest(stale));
    expect(ended.gate).toBe('sign-in');
    expect(written(ended.displayCookie)).toBe('');
  });
});

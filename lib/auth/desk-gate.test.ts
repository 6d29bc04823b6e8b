import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { sessionCookieName } from './cookies';
import { deskGate } from './desk-gate';

jest.setTimeout(120_000);
const dataDir = createTempDataDir('salon-desk-gate-');
afterAll(closeDb);
afterEach(() => {
  delete process.env.STAFF_EMAILS;
  delete process.env.SALON_API_URL;
});

const deskRequest = (cookie?: string) => new Request('http://localhost:3000/desk/rosters/', { headers: cookie ? { cookie } : {} });

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

  it("answers the front desk with the 404 on an owner's page, and lets the owner through", async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const owner = await signedIn(db, 'owner');
    const customer = await signedIn(db);
    const ownerPage = (cookie?: string) => new Request('http://localhost:3000/desk/hours/', { headers: cookie ? { cookie } : {} });
    expect(await deskGate(ownerPage(owner.cookie), { ownerPage: true })).toBe('desk');
    expect(await deskGate(ownerPage(staff.cookie), { ownerPage: true })).toBe('not-found');
    expect(await deskGate(ownerPage(customer.cookie), { ownerPage: true })).toBe('not-found');
    expect(await deskGate(ownerPage(), { ownerPage: true })).toBe('sign-in');
    expect(await deskGate(deskRequest(owner.cookie))).toBe('desk');
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

  it('answers 404 for every desk page of a proxy front, without opening a database', async () => {
    await closeDb();
    process.env.SALON_API_URL = 'http://127.0.0.1:9';
    const staffLike = `${sessionCookieName()}=${'a'.repeat(43)}`;
    expect(await deskGate(deskRequest(staffLike))).toBe('not-found');
    expect(await deskGate(deskRequest())).toBe('not-found');
    // getDb() would have opened it again (lib/db/index.ts keeps it on globalThis) and taken the folder's lock.
    expect((globalThis as { __salonDatabase?: unknown }).__salonDatabase).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { createSession } from '@/lib/auth/session';
import { sessionCookieName } from '@/lib/auth/cookies';
import { insertAppointment } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointments, customerNotes, passwordResets, sessions, subscriptions, users, waitlistEntries } from '@/lib/db/schema';
import { searchCustomers } from '@/lib/desk/customers';
import { subscribe } from '@/lib/marketing/subscriptions';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { setCookieFor, testRequest } from '@/lib/test-support/requests';
import { POST as closeAccount } from './close/route';
import { POST as changeEmail } from './email/route';
import { POST as confirmEmail } from './email/confirm/route';
import { POST as changeName } from './name/route';
import { GET as exportAccount } from './export/route';
import { POST as changePassword } from './password/route';

jest.setTimeout(120_000);
const dataDir = createTempDataDir('salon-account-details-');
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

const PASSWORD = 'lilac-harbor-71-quartz';
const NEW_PASSWORD = 'copper-meadow-48-violet';
let counter = 0;

/** A customer with a password (or none: signs in by e-mail code only) and two sessions: this device and another. */
async function customer(options: { password?: boolean } = {}) {
  const db = await getDb();
  counter += 1;
  const email = `details-${counter}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ email, name: 'Rosa Diaz', phone: '2125550100', passwordHash: options.password === false ? null : await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  const here = await createSession(db, row!.id);
  const elsewhere = await createSession(db, row!.id);
  return { db, id: row!.id, email, cookie: `${sessionCookieName()}=${here.token}`, otherCookie: `${sessionCookieName()}=${elsewhere.token}` };
}

let ip = 0;
const post = (handler: (request: Request) => Promise<Response>, route: string, body: unknown, cookie?: string) =>
  handler(testRequest(`/api/account/${route}/`, { body, cookie, ip: `198.51.100.${(ip += 1) % 250}` }));

function mailsTo(address: string): { to: string; subject: string; text: string }[] {
  const folder = path.join(dataDir, 'outbox');
  return readdirSync(folder)
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')))
    .filter((mail) => mail.to === address);
}

const sessionCount = async (db: Awaited<ReturnType<typeof getDb>>, userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('POST /api/account/name', () => {
  it('changes the name and the readable profile cookie with it', async () => {
    const me = await customer();
    const response = await post(changeName, 'name', { name: '  Rosa Diaz-Peralta ' }, me.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: me.id, name: 'Rosa Diaz-Peralta', email: me.email });
    const cookie = setCookieFor(response, 'BnpAuth')!;
    expect(profileFromAuthCookie(decodeURIComponent(cookie.split(';')[0]!.slice('BnpAuth='.length)))).toMatchObject({ customerId: me.id, name: 'Rosa Diaz-Peralta' });
    const [row] = await me.db.select({ name: users.name }).from(users).where(eq(users.id, me.id));
    expect(row!.name).toBe('Rosa Diaz-Peralta');
  });

  it('refuses an empty or marked-up name with a 422 on the field, and a visitor without a session with a 401', async () => {
    const me = await customer();
    const empty = await post(changeName, 'name', { name: '   ' }, me.cookie);
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.fields).toEqual({ name: 'Enter your name.' });
    expect((await post(changeName, 'name', { name: '<b>Rosa</b>' }, me.cookie)).status).toBe(422);
    expect((await post(changeName, 'name', { name: 'Rosa' })).status).toBe(401);
    expect((await post(changeName, 'name', { name: 'Rosa' }, `${sessionCookieName()}=${'x'.repeat(43)}`)).status).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('sets the new password after the current one, ends the other sessions only, and mails the owner', async () => {
    const me = await customer();
    const response = await post(changePassword, 'password', { currentPassword: PASSWORD, password: NEW_PASSWORD }, me.cookie);
    expect(response.status).toBe(200);
    const [row] = await me.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    expect(await verifyPassword(NEW_PASSWORD, row!.hash!)).toBe(true);
    expect(await sessionCount(me.db, me.id)).toBe(1);
    // This device is still signed in: the next change works with the same cookie; the other device's cookie does not.
    expect((await post(changeName, 'name', { name: 'Rosa' }, me.cookie)).status).toBe(200);
    expect((await post(changeName, 'name', { name: 'Rosa' }, me.otherCookie)).status).toBe(401);
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toContain('password was changed');
    expect(mail!.text).toContain('every other device signed in to it was signed out');
  });

  it('refuses a wrong or missing current password and a weak new one, changing nothing', async () => {
    const me = await customer();
    const wrong = await post(changePassword, 'password', { currentPassword: 'not-my-password', password: NEW_PASSWORD }, me.cookie);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'That is not your current password.' });
    const missing = await post(changePassword, 'password', { password: NEW_PASSWORD }, me.cookie);
    expect((await missing.json()).error.fields).toEqual({ currentPassword: 'Enter your current password.' });
    const weak = await post(changePassword, 'password', { currentPassword: PASSWORD, password: 'password1' }, me.cookie);
    expect(weak.status).toBe(422);
    expect(Object.keys((await weak.json()).error.fields)).toEqual(['password']);
    const [row] = await me.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    expect(await verifyPassword(PASSWORD, row!.hash!)).toBe(true);
    expect(await sessionCount(me.db, me.id)).toBe(2);
  });

  it('lets an account that signs in by code choose its first password without a current one', async () => {
    const me = await customer({ password: false });
    expect((await post(changePassword, 'password', { password: NEW_PASSWORD }, me.cookie)).status).toBe(200);
    const [row] = await me.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    expect(await verifyPassword(NEW_PASSWORD, row!.hash!)).toBe(true);
  });

  it('stops guessing the current password after 10 tries from one client', async () => {
    const me = await customer();
    const guess = () => changePassword(testRequest('/api/account/password/', { body: { currentPassword: 'guess-guess-guess', password: NEW_PASSWORD }, cookie: me.cookie, ip: '203.0.113.77' }));
    for (let i = 0; i < 10; i += 1) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
  });
});

describe('POST /api/account/close', () => {
  it('erases the personal details, signs out every device and keeps the past visits nameless', async () => {
    const me = await customer();
    const pastBooking = await insertAppointment(me.db, { customerId: me.id, therapistId: 1, start: '2026-01-05T15:00:00Z', minutes: 30 });
    await me.db.insert(customerNotes).values({ customerId: me.id, note: 'Prefers mornings' });
    await subscribe(me.db, { email: me.email, createdBy: 'web' });
    const response = await post(closeAccount, 'close', { currentPassword: PASSWORD, confirm: true }, me.cookie);
    expect(response.status).toBe(200);
    expect(setCookieFor(response, 'BnpAuth')).toMatch(/Max-Age=0/i);
    const [row] = await me.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ name: 'Closed account', email: null, phone: null, passwordHash: null });
    expect(await sessionCount(me.db, me.id)).toBe(0);
    expect(await me.db.select().from(customerNotes).where(eq(customerNotes.customerId, me.id))).toEqual([]);
    expect(await me.db.select().from(subscriptions).where(eq(subscriptions.email, me.email))).toEqual([]);
    expect(await me.db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, me.id))).toEqual([]);
    expect(await me.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.bookingId, pastBooking))).toHaveLength(1);
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toContain('account is closed');
    // Nothing left for the desk's search to find it by.
    expect((await searchCustomers(me.db, 'closed account')).customers.map((c) => c.id)).not.toContain(me.id);
    expect((await post(changeName, 'name', { name: 'Rosa' }, me.otherCookie)).status).toBe(401);
  });

  it('refuses while an appointment is still to come, and without the tick or the right password', async () => {
    const me = await customer();
    const unticked = await post(closeAccount, 'close', { currentPassword: PASSWORD }, me.cookie);
    expect(unticked.status).toBe(422);
    expect(Object.keys((await unticked.json()).error.fields)).toEqual(['confirm']);
    const wrong = await post(closeAccount, 'close', { currentPassword: 'not-my-password', confirm: true }, me.cookie);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'That is not your current password.' });
    await insertAppointment(me.db, { customerId: me.id, therapistId: 1, start: new Date(Date.now() + 7 * 86_400_000).toISOString(), minutes: 30 });
    const booked = await post(closeAccount, 'close', { currentPassword: PASSWORD, confirm: true }, me.cookie);
    expect(booked.status).toBe(409);
    expect((await booked.json()).error.code).toBe('has_upcoming_appointments');
    const [row] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
    expect(await sessionCount(me.db, me.id)).toBe(2);
  });

  it('closes an account that signs in by code without a password, and answers 401 to a visitor', async () => {
    const me = await customer({ password: false });
    expect((await post(closeAccount, 'close', { confirm: true })).status).toBe(401);
    expect((await post(closeAccount, 'close', { confirm: true }, me.cookie)).status).toBe(200);
  });
});

/** The token of the newest confirmation link mailed to `address`. */
function linkTokenTo(address: string): string | undefined {
  const mail = mailsTo(address).find((m) => m.subject.includes('Confirm your new'));
  return mail ? /\/account\/email\/([A-Za-z0-9_-]{43})\//.exec(mail.text)?.[1] : undefined;
}

describe('POST /api/account/email and /api/account/email/confirm', () => {
  it('mails a link to the new address; following it changes the address, ends old reset links and tells the old address', async () => {
    const me = await customer();
    await me.db.insert(passwordResets).values({ tokenHash: 'old-reset', userId: me.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const newEmail = `moved-${counter}@example.com`;
    const asked = await post(changeEmail, 'email', { email: ` ${newEmail.toUpperCase()} `, currentPassword: PASSWORD }, me.cookie);
    expect(asked.status).toBe(202);
    expect((await asked.json()).message).toContain(newEmail);
    // Nothing changes until the link is followed.
    const [before] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(before!.email).toBe(me.email);
    expect(mailsTo(me.email).map((m) => m.subject)).toContain('A new e-mail address was asked for your Bare & Polished NYC account');
    const token = linkTokenTo(newEmail)!;
    expect(token).toBeDefined();

    const confirmed = await post(confirmEmail, 'email/confirm', { token }, me.cookie);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ id: me.id, name: 'Rosa Diaz', email: newEmail });
    expect(profileFromAuthCookie(decodeURIComponent(setCookieFor(confirmed, 'BnpAuth')!.split(';')[0]!.slice('BnpAuth='.length)))?.email).toBe(newEmail);
    const [after] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(after!.email).toBe(newEmail);
    const [reset] = await me.db.select({ usedAt: passwordResets.usedAt }).from(passwordResets).where(eq(passwordResets.tokenHash, 'old-reset'));
    expect(reset!.usedAt).not.toBeNull();
    expect(mailsTo(me.email).map((m) => m.subject)).toContain('Your Bare & Polished NYC e-mail address was changed');
    // The link works once.
    const again = await post(confirmEmail, 'email/confirm', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('email_link_not_valid');
  });

  it('answers the same for an address another account has, and mails that address that nothing changed', async () => {
    const me = await customer();
    const someone = await customer();
    const asked = await post(changeEmail, 'email', { email: someone.email, currentPassword: PASSWORD }, me.cookie);
    expect(asked.status).toBe(202);
    expect(linkTokenTo(someone.email)).toBeUndefined();
    expect(mailsTo(someone.email).map((m) => m.subject)).toContain('Your Bare & Polished NYC e-mail address was not changed');
    const [row] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });

  it('refuses its own address, a wrong password, a malformed address or link, and a visitor', async () => {
    const me = await customer();
    const same = await post(changeEmail, 'email', { email: me.email, currentPassword: PASSWORD }, me.cookie);
    expect((await same.json()).error.fields).toEqual({ email: 'That is your address already.' });
    const wrong = await post(changeEmail, 'email', { email: 'x-new@example.com', currentPassword: 'nope-nope-nope' }, me.cookie);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'That is not your current password.' });
    const malformed = await post(changeEmail, 'email', { email: 'not an address', currentPassword: PASSWORD }, me.cookie);
    expect(malformed.status).toBe(422);
    expect((await post(changeEmail, 'email', { email: 'x-new@example.com' })).status).toBe(401);
    expect((await post(confirmEmail, 'email/confirm', { token: 'short' })).status).toBe(422);
    expect((await post(confirmEmail, 'email/confirm', { token: 'a'.repeat(43) })).status).toBe(400);
  });

  it('answers 409 when another account took the address before the link was followed', async () => {
    const me = await customer();
    const newEmail = `race-${counter}@example.com`;
    await post(changeEmail, 'email', { email: newEmail, currentPassword: PASSWORD }, me.cookie);
    const token = linkTokenTo(newEmail)!;
    await me.db.insert(users).values({ email: newEmail, name: 'Someone Else' });
    const confirmed = await post(confirmEmail, 'email/confirm', { token });
    expect(confirmed.status).toBe(409);
    expect((await confirmed.json()).error.code).toBe('email_taken');
    // The link can never work now: it is used up, and says so.
    const again = await post(confirmEmail, 'email/confirm', { token });
    expect((await again.json()).error.code).toBe('email_link_not_valid');
    const [row] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });
});

describe('GET /api/account/export', () => {
  it("answers the customer's own data as a file to keep, and a visitor a 401", async () => {
    const me = await customer();
    await insertAppointment(me.db, { customerId: me.id, therapistId: 1, start: '2026-01-07T16:00:00Z', minutes: 30 });
    await subscribe(me.db, { email: me.email, createdBy: 'web' });
    const someone = await customer();
    await insertAppointment(someone.db, { customerId: someone.id, therapistId: 1, start: '2026-02-07T16:00:00Z', minutes: 30 });
    const response = await exportAccount(testRequest('/api/account/export/', { cookie: me.cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bare-and-polished-my-data.json"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(data.account).toMatchObject({ name: 'Rosa Diaz', email: me.email, phone: '2125550100' });
    expect(data.appointments).toEqual([expect.objectContaining({ start: '2026-01-07T16:00:00.000Z', status: 'booked', salon: expect.any(String) })]);
    expect(data.offersSubscription).toEqual({ since: expect.any(String) });
    expect(data.packages).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(someone.email);
    expect((await exportAccount(testRequest('/api/account/export/'))).status).toBe(401);
  });
});

describe('an account without a password', () => {
  it('sets a password, asks for a new address or closes only within 15 minutes of its sign-in', async () => {
    const me = await customer({ password: false });
    // This device signed in an hour ago: a session left open, or taken, must not take the account over.
    await me.db.update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, me.id));
    for (const [handler, route, body] of [
      [changePassword, 'password', { password: NEW_PASSWORD }],
      [changeEmail, 'email', { email: `taken-over-${counter}@example.com` }],
      [closeAccount, 'close', { confirm: true }],
    ] as const) {
      const response = await post(handler, route, body, me.cookie);
      expect([route, response.status, (await response.json()).error.code]).toEqual([route, 403, 'sign_in_again']);
    }
    const [row] = await me.db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    expect(row).toEqual({ email: me.email, hash: null });
    // Its name is no key to the account: it can still change.
    expect((await post(changeName, 'name', { name: 'Rosa' }, me.cookie)).status).toBe(200);
  });
});

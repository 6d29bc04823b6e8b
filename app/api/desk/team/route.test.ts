import { and, desc, eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, outbox, staffInvitations, users } from '@/lib/db/schema';
import { hashToken } from '@/lib/auth/tokens';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, testRequest } from '@/lib/test-support/requests';
import { INVITATION_DAYS } from '@/lib/team/staff';
import { POST as ACCEPT } from '../../auth/invitation/route';
import { GET, PATCH, POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-team-');
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  delete process.env.OWNER_EMAILS;
  delete process.env.STAFF_EMAILS;
});

const call = (handler: (request: Request) => Promise<Response>, method: string, cookie?: string, body?: unknown) =>
  handler(testRequest('/api/desk/team/', { method, cookie, body }));
const list = async (cookie: string) => (await (await call(GET, 'GET', cookie)).json()) as { staff: { id: string; name: string; role: string; setting: string | null }[]; invitations: { email: string; role: string }[] };
const invite = (cookie: string, email: string, role = 'staff') => call(POST, 'POST', cookie, { email, role });
const patch = (cookie: string, body: unknown) => call(PATCH, 'PATCH', cookie, body);
const accept = (body: unknown) => ACCEPT(testRequest('/api/auth/invitation/', { body }));

/** The token of the newest invitation mailed to `email`: only the mail carries it; the table keeps its hash. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await (await getDb()).select({ text: outbox.text, subject: outbox.subject }).from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  expect(mail?.subject).toMatch(/invited to the .* staff/);
  const token = /\/invitation\/([A-Za-z0-9_-]{43})\//.exec(mail!.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const roleOf = async (id: string) => (await (await getDb()).select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

let owner: { userId: string; cookie: string };
beforeAll(async () => {
  owner = await signedIn(await getDb(), 'owner');
});

describe('who may call /api/desk/team/', () => {
  it('answers 401 to a visitor and 403 to a customer and to the front desk, for every method, with no data', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    const desk = await signedIn(db, 'staff');
    const bodies = { GET: undefined, POST: { email: 'x@example.com', role: 'staff' }, PATCH: { userId: owner.userId, role: 'customer' } };
    for (const [handler, method] of [[GET, 'GET'], [POST, 'POST'], [PATCH, 'PATCH']] as const) {
      const body = bodies[method];
      for (const [cookie, status] of [[undefined, 401], [customer.cookie, 403], [desk.cookie, 403]] as const) {
        const response = await call(handler, method, cookie, body);
        expect([method, response.status]).toEqual([method, status]);
        expect(Object.keys(await response.json())).toEqual(['error']);
      }
    }
    expect(await roleOf(owner.userId)).toBe('owner');
    expect(await db.select().from(staffInvitations).where(eq(staffInvitations.email, 'x@example.com'))).toEqual([]);
  });
});

describe('invitations', () => {
  it('mails a single-use link whose token is stored only as its hash; the link makes a front-desk account and signs in', async () => {
    const response = await invite(owner.cookie, ' New.Desk@Example.com ');
    expect(response.status).toBe(201);
    const { invitation } = await response.json();
    expect(invitation).toMatchObject({ email: 'new.desk@example.com', role: 'staff' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(INVITATION_DAYS * 24 * 3_600_000);
    const token = await mailedToken('new.desk@example.com');
    const [row] = await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await list(owner.cookie)).invitations.map((i) => i.email)).toContain('new.desk@example.com');

    const first = await accept({ token, name: 'Nadia Desk' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ name: 'Nadia Desk', email: 'new.desk@example.com', returnPath: '/desk/' });
    expect(cookiesFrom(first)).toMatch(/bnp_session=/);
    const [account] = await (await getDb()).select().from(users).where(eq(users.email, 'new.desk@example.com'));
    expect(account).toMatchObject({ name: 'Nadia Desk', role: 'staff', passwordHash: null });

    const again = await accept({ token, name: 'Nadia Desk' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('invitation_not_valid');
    expect(again.headers.getSetCookie()).toEqual([]);
    const staff = await list(owner.cookie);
    expect(staff.staff.find((s) => s.id === account!.id)).toMatchObject({ role: 'staff', setting: null });
    expect(staff.invitations.map((i) => i.email)).not.toContain('new.desk@example.com');
    const kinds = await (await getDb()).select({ action: activityLog.action, summary: activityLog.summary }).from(activityLog).where(eq(activityLog.kind, 'roles'));
    expect(kinds).toEqual(expect.arrayContaining([{ action: 'invited', summary: 'Invited as Front desk' }, { action: 'joined', summary: 'Accepted the invitation as Front desk (new account)' }]));
  });

  it('refuses a wrong, malformed, expired or withdrawn token, and changes nothing', async () => {
    expect((await accept({ token: 'A'.repeat(43), name: 'Mallory' })).status).toBe(400);
    expect((await accept({ token: 'short', name: 'Mallory' })).status).toBe(422);

    await invite(owner.cookie, 'late@example.com');
    const late = await mailedToken('late@example.com');
    await (await getDb()).update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, 'late@example.com'));
    expect((await accept({ token: late, name: 'Late Person' })).status).toBe(400);

    const { invitation } = await (await invite(owner.cookie, 'withdrawn@example.com')).json();
    const withdrawn = await mailedToken('withdrawn@example.com');
    expect((await patch(owner.cookie, { invitationId: invitation.id, revoke: true })).status).toBe(200);
    expect((await accept({ token: withdrawn, name: 'Wendy' })).status).toBe(400);
    expect((await patch(owner.cookie, { invitationId: invitation.id, revoke: true })).status).toBe(404);

    // A second invitation to one address replaces the first: only the newest link works.
    await invite(owner.cookie, 'twice@example.com');
    const older = await mailedToken('twice@example.com');
    await invite(owner.cookie, 'twice@example.com', 'owner');
    const newer = await mailedToken('twice@example.com');
    expect((await accept({ token: older, name: 'Tom Twice' })).status).toBe(400);
    expect((await accept({ token: newer, name: 'Tom Twice' })).status).toBe(201);
    const emails = ['late@example.com', 'withdrawn@example.com'];
    for (const email of emails) expect(await (await getDb()).select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await (await getDb()).select({ role: users.role }).from(users).where(eq(users.email, 'twice@example.com')))[0]?.role).toBe('owner');
  });

  it('a new account needs a name; an existing customer keeps theirs and is raised to the role', async () => {
    await invite(owner.cookie, 'nameless@example.com');
    const token = await mailedToken('nameless@example.com');
    const nameless = await accept({ token });
    expect(nameless.status).toBe(422);
    expect((await nameless.json()).error.fields).toEqual({ name: 'Enter your name.' });
    // The refused press used nothing: the link still works.
    expect((await accept({ token, name: 'Nora Name' })).status).toBe(201);

    const customer = await signedIn(await getDb(), 'customer');
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, customer.userId));
    await invite(owner.cookie, row!.email!);
    const answer = await accept({ token: await mailedToken(row!.email!), name: 'Someone Else' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ id: customer.userId, name: row!.name });
    expect(await roleOf(customer.userId)).toBe('staff');
  });

  it('does not invite an account that has the role already, and answers 422 for a bad address or role', async () => {
    const desk = await signedIn(await getDb(), 'staff');
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, desk.userId));
    const again = await invite(owner.cookie, row!.email!);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'already_staff', fields: { email: expect.stringMatching(/front desk already/) } });
    const ownerRow = (await (await getDb()).select().from(users).where(eq(users.id, owner.userId)))[0]!;
    expect((await invite(owner.cookie, ownerRow.email!, 'staff')).status).toBe(409);
    const bad = await invite(owner.cookie, 'not-an-address');
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields.email).toMatch(/valid e-mail/);
    expect((await invite(owner.cookie, 'someone@example.com', 'customer')).status).toBe(422);
  });
});

describe('role changes', () => {
  it('changes a role and removes one (back to customer), each recorded with before and after', async () => {
    const desk = await signedIn(await getDb(), 'staff');
    const up = await patch(owner.cookie, { userId: desk.userId, role: 'owner' });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ before: 'staff', after: 'owner', changed: true });
    const down = await patch(owner.cookie, { userId: desk.userId, role: 'customer' });
    expect(await down.json()).toMatchObject({ before: 'owner', after: 'customer' });
    expect(await roleOf(desk.userId)).toBe('customer');
    // The removed account's own session is refused at once: the role is read at every request.
    expect((await call(GET, 'GET', desk.cookie)).status).toBe(403);
    const entries = await (await getDb()).select().from(activityLog).where(and(eq(activityLog.kind, 'roles'), eq(activityLog.actorId, owner.userId))).orderBy(desc(activityLog.id)).limit(2);
    expect(entries.map((e) => [e.action, e.summary, e.before, e.after])).toEqual([
      ['removed', 'Owner → Customer', { role: 'owner' }, { role: 'customer' }],
      ['changed', 'Front desk → Owner', { role: 'staff' }, { role: 'owner' }],
    ]);
  });

  it('refuses to demote or remove the last owner, with a sentence, and allows it once there is another', async () => {
    const db = await getDb();
    // Every other owner of earlier tests back to customer, so that `owner` is the only one.
    for (const row of await db.select().from(users).where(eq(users.role, 'owner'))) if (row.id !== owner.userId) await db.update(users).set({ role: 'customer' }).where(eq(users.id, row.id));
    for (const role of ['staff', 'customer']) {
      const refused = await patch(owner.cookie, { userId: owner.userId, role });
      expect(refused.status).toBe(409);
      const { error } = await refused.json();
      expect(error.code).toBe('last_owner');
      expect(error.message).toMatch(/is the salon's only owner\. Make another account an owner first/);
    }
    expect(await roleOf(owner.userId)).toBe('owner');
    const second = await signedIn(db, 'owner');
    expect((await patch(second.cookie, { userId: owner.userId, role: 'staff' })).status).toBe(200);
    // Now `second` is the last one; the former owner cannot call the owner's API any more.
    expect((await patch(owner.cookie, { userId: second.userId, role: 'customer' })).status).toBe(403);
    expect((await patch(second.cookie, { userId: second.userId, role: 'customer' })).status).toBe(409);
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.userId));
  });

  it('an owner by OWNER_EMAILS counts as an owner, and a role the environment gives cannot be changed here', async () => {
    const db = await getDb();
    const listed = await signedIn(db, 'customer');
    const [row] = await db.select().from(users).where(eq(users.id, listed.userId));
    process.env.OWNER_EMAILS = row!.email!;
    process.env.STAFF_EMAILS = '@desk.example.org';
    await db.insert(users).values({ name: 'Dom Domain', email: 'dom@desk.example.org' });
    const { staff } = await list(owner.cookie);
    expect(staff.find((s) => s.id === listed.userId)).toMatchObject({ role: 'owner', setting: 'OWNER_EMAILS' });
    expect(staff.find((s) => s.name === 'Dom Domain')).toMatchObject({ role: 'staff', setting: 'STAFF_EMAILS' });
    const refused = await patch(owner.cookie, { userId: listed.userId, role: 'customer' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: 'role_from_setting', message: expect.stringMatching(/comes from the OWNER_EMAILS setting/) });
    // With an owner by the setting, the stored owner may step down.
    for (const other of await db.select().from(users).where(eq(users.role, 'owner'))) if (other.id !== owner.userId) await db.update(users).set({ role: 'customer' }).where(eq(users.id, other.id));
    expect((await patch(owner.cookie, { userId: owner.userId, role: 'staff' })).status).toBe(200);
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.userId));
  });

  it('answers 404 for an unknown account and 422 for a bad body, never a 500', async () => {
    expect((await patch(owner.cookie, { userId: '00000000-0000-4000-8000-000000000000', role: 'staff' })).status).toBe(404);
    for (const body of [{}, { userId: 'x', role: 'staff' }, { userId: owner.userId, role: 'admin' }, { invitationId: owner.userId }, [], 'nope']) {
      expect((await patch(owner.cookie, body)).status).toBe(422);
    }
  });
});

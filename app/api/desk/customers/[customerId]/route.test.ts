import { desc, eq } from 'drizzle-orm';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { SITE_NAME } from '@/lib/catalog/tables';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, outbox, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-customer-edit-');
afterAll(closeDb);

const edit = async (customerId: string, body: unknown, cookie?: string) => {
  const response = await callRoute(POST, { customerId }, { path: `/api/desk/customers/${customerId}/`, ...jsonInit('POST', body, cookie) });
  return { status: response.status, body: await response.json() };
};
const row = async (id: string) => (await (await getDb()).select().from(users).where(eq(users.id, id)))[0]!;
const insert = async (values: typeof users.$inferInsert) => (await (await getDb()).insert(users).values(values).returning({ id: users.id }))[0]!.id;

let staff: { userId: string; cookie: string };
beforeAll(async () => {
  staff = await signedIn(await getDb(), 'staff');
});

describe('POST /api/desk/customers/{id}/ (the desk corrects a customer)', () => {
  it('changes the name, phone and e-mail, records who changed what, and mails the old and the new address', async () => {
    const db = await getDb();
    const id = await insert({ name: 'Rhea Abbot', email: 'rhea.old@example.com', phone: '2125550100' });
    const { status, body } = await edit(id, { name: 'Rhea Abbott', email: 'Rhea.New@Example.com', phone: '+1 (212) 555-0147' }, staff.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: 'Rhea Abbott', email: 'rhea.new@example.com', phone: '2125550147', changed: ['name', 'email', 'phone'] });
    expect(await row(id)).toMatchObject({ name: 'Rhea Abbott', email: 'rhea.new@example.com', phone: '2125550147' });
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'customers')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: staff.userId,
      action: 'changed',
      subject: 'Rhea Abbott',
      summary: 'Name Rhea Abbot → Rhea Abbott; E-mail rhea.old@example.com → rhea.new@example.com; Phone (212) 555-0100 → (212) 555-0147',
      before: { name: 'Rhea Abbot', email: 'rhea.old@example.com', phone: '2125550100' },
      after: { name: 'Rhea Abbott', email: 'rhea.new@example.com', phone: '2125550147' },
    });
    const mails = await db.select().from(outbox).where(eq(outbox.subject, `Your ${SITE_NAME} e-mail address was changed`));
    const to = (address: string) => mails.find((m) => m.to === address);
    expect(to('rhea.old@example.com')?.text).toContain('from rhea.old@example.com to rhea.new@example.com');
    expect(to('rhea.new@example.com')?.text).toContain('Our front desk set rhea.new@example.com as the e-mail address');
  });

  it('changes nothing, records nothing and mails nothing when the values are the same', async () => {
    const db = await getDb();
    const id = await insert({ name: 'Same Person', email: 'same@example.com', phone: null });
    const before = (await db.select().from(activityLog)).length;
    const { status, body } = await edit(id, { name: 'Same Person', email: 'SAME@example.com', phone: '' }, staff.cookie);
    expect(status).toBe(200);
    expect(body.changed).toEqual([]);
    expect((await db.select().from(activityLog)).length).toBe(before);
  });

  it('refuses an address another account uses, and leaving a customer without a way to reach them', async () => {
    const id = await insert({ name: 'Ona Taken', email: 'ona@example.com', phone: null });
    await insert({ name: 'Other Owner', email: 'owner-of@example.com', phone: null });
    const taken = await edit(id, { name: 'Ona Taken', email: 'owner-of@example.com', phone: '' }, staff.cookie);
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.email).toBe('Another account uses this e-mail address. Open that customer instead, or use another address.');
    const bare = await edit(id, { name: 'Ona Taken', email: '', phone: '' }, staff.cookie);
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields).toEqual({ email: 'Enter an e-mail address or a phone number.', phone: 'Enter an e-mail address or a phone number.' });
    expect((await row(id)).email).toBe('ona@example.com');
  });

  it('gives a walk-in contact details, and then they are no longer a walk-in; a walk-in may stay a name only', async () => {
    const id = await insert({ name: 'Walk In', email: null, phone: null, walkIn: true });
    expect((await edit(id, { name: 'Walk In Kay', email: '', phone: '' }, staff.cookie)).status).toBe(200);
    expect(await row(id)).toMatchObject({ name: 'Walk In Kay', walkIn: true });
    const { status, body } = await edit(id, { name: 'Walk In Kay', email: '', phone: '646 555 0199' }, staff.cookie);
    expect(status).toBe(200);
    expect(body.walkIn).toBe(false);
    expect(await row(id)).toMatchObject({ phone: '6465550199', walkIn: false });
  });

  it('refuses a closed account and a staff account', async () => {
    const closed = await insert({ name: 'Closed account', email: null, phone: null, closedAt: new Date() });
    const refused = await edit(closed, { name: 'Back Again', email: 'back@example.com', phone: '' }, staff.cookie);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'account_closed', message: 'This account is closed: its details cannot be changed.' } } });
    const other = await signedIn(await getDb(), 'owner');
    expect((await edit(other.userId, { name: 'Owner', email: 'mine@example.com', phone: '' }, staff.cookie)).body.error.code).toBe('staff_account');
  });

  it("never gives a customer an address OWNER_EMAILS or STAFF_EMAILS name (the account would become the team's), nor changes one they name", async () => {
    const db = await getDb();
    process.env.OWNER_EMAILS = '@owners.example.net';
    process.env.STAFF_EMAILS = 'desk@example.net';
    try {
      const zed = await insert({ name: 'Zed Raised', email: 'zed@example.com', phone: null });
      const entries = (await db.select().from(activityLog)).length;
      for (const email of ['zed@owners.example.net', 'desk@example.net']) {
        const raised = await edit(zed, { name: 'Zed Raised', email, phone: '' }, staff.cookie);
        expect(raised).toMatchObject({ status: 422, body: { error: { code: 'team_address', fields: { email: expect.stringContaining("salon's team") } } } });
      }
      expect(await row(zed)).toMatchObject({ email: 'zed@example.com', role: 'customer' });
      // An owner by the list keeps 'customer' as the stored role: moving the address away would take the role away.
      const listed = await insert({ name: 'Olive Listed', email: 'olive@owners.example.net', phone: null });
      const demoted = await edit(listed, { name: 'Olive Listed', email: 'olive@example.com', phone: '' }, staff.cookie);
      expect(demoted).toMatchObject({ status: 409, body: { error: { code: 'staff_account' } } });
      expect((await row(listed)).email).toBe('olive@owners.example.net');
      expect((await db.select().from(activityLog)).length).toBe(entries);
    } finally {
      delete process.env.OWNER_EMAILS;
      delete process.env.STAFF_EMAILS;
    }
  });

  it('is staff only (401 a visitor, 403 a customer, before the body is read); malformed input is a 4xx with a sentence', async () => {
    const db = await getDb();
    const id = await insert({ name: 'Guarded', email: 'guarded@example.com', phone: null });
    const customer = await signedIn(db, 'customer');
    expect((await edit(id, { name: 'Hacked', email: 'x@example.com', phone: '' })).status).toBe(401);
    expect((await edit(id, { name: 'Hacked', email: 'x@example.com', phone: '' }, customer.cookie)).status).toBe(403);
    expect((await edit(id, 'not json', customer.cookie)).status).toBe(403);
    const notId = await edit('nope', { name: 'X', email: 'x@example.com', phone: '' }, staff.cookie);
    expect(notId.status).toBe(400);
    const badPhone = await edit(id, { name: 'Guarded', email: '', phone: '212-CALL' }, staff.cookie);
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.error.fields.phone).toBe('Enter a phone number of 7 to 15 digits, like (212) 555-0142.');
    expect((await edit(id, { name: 'Guarded', email: 'x@example.com', phone: '', role: 'owner' }, staff.cookie)).status).toBe(422);
    expect((await edit(id, '{', staff.cookie)).status).toBe(400);
    expect((await edit('0b7f3c2e-5d1a-4c8e-9f6b-2a4d8e1c7b90', { name: 'Nobody', email: 'n@example.com', phone: '' }, staff.cookie)).status).toBe(404);
    expect(await row(id)).toMatchObject({ name: 'Guarded', email: 'guarded@example.com' });
  });
});

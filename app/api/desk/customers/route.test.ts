import { eq, sql } from 'drizzle-orm';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { customerNotes, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as NOTE_POST } from './[customerId]/note/route';
import { GET, POST } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-customers-');
afterAll(closeDb);

const search = async (q: string | null, cookie?: string) => {
  const path = q === null ? '/api/desk/customers/' : `/api/desk/customers/?q=${encodeURIComponent(q)}`;
  const response = await callRoute(GET, {}, { path, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json() };
};
const create = async (body: unknown, cookie?: string) => {
  const response = await callRoute(POST, {}, { path: '/api/desk/customers/', ...jsonInit('POST', body, cookie) });
  return { status: response.status, body: await response.json() };
};
const names = (body: { customers: { name: string }[] }) => body.customers.map((c) => c.name);

let staff: { userId: string; cookie: string };
beforeAll(async () => {
  const db = await getDb();
  staff = await signedIn(db, 'staff');
  await db.insert(users).values([
    { name: 'Marisol Quintero', email: 'marisol.q@example.com', phone: '2125550142' },
    { name: 'Quinn Harlow', email: 'qh@example.org', phone: null },
    { name: 'Percy 100%_Off', email: null, phone: '7185550199' },
  ]);
});

describe('GET /api/desk/customers/?q=', () => {
  it('finds a customer by a partial name, e-mail or phone, in any case and however the number is typed', async () => {
    expect(names((await search('QUIN', staff.cookie)).body)).toEqual(['Marisol Quintero', 'Quinn Harlow']);
    expect(names((await search('sol.q@EX', staff.cookie)).body)).toEqual(['Marisol Quintero']);
    expect(names((await search('example.org', staff.cookie)).body)).toEqual(['Quinn Harlow']);
    expect(names((await search('555-0142', staff.cookie)).body)).toEqual(['Marisol Quintero']);
    expect(names((await search('(718) 555', staff.cookie)).body)).toEqual(['Percy 100%_Off']);
    const found = await search('harlow', staff.cookie);
    expect(found.body.customers[0]).toMatchObject({ email: 'qh@example.org', phone: null, href: expect.stringMatching(/^\/desk\/customers\/[0-9a-f-]{36}\/$/) });
  });

  it('matches through the pg_trgm index of search_text (the planner may use it, not only a full scan)', async () => {
    const plan = await (await getDb()).transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain select id from users where search_text like ${'%quin%'} order by name limit 20`)) as unknown as { rows: Record<string, string>[] };
    });
    expect(plan.rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(/Bitmap Index Scan on users_search_trgm_idx/);
  });

  it('lists at most 20, sorted by name, and says when more match', async () => {
    await (await getDb()).insert(users).values(Array.from({ length: 23 }, (_, i) => ({ name: `Zed Morenova ${String(22 - i).padStart(2, '0')}`, phone: `21255510${String(i).padStart(2, '0')}` })));
    const { body } = await search('morenova', staff.cookie);
    expect(body.customers).toHaveLength(20);
    expect(body.more).toBe(true);
    expect(names(body)).toEqual([...names(body)].sort());
    const few = await search('Quintero', staff.cookie);
    expect(few.body.more).toBe(false);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(names((await search('0%_', staff.cookie)).body)).toEqual(['Percy 100%_Off']);
    expect(names((await search('a%a', staff.cookie)).body)).toEqual([]);
  });

  it('answers 400 for a query under three characters or a missing one, never a 500', async () => {
    for (const q of [null, '', 'ab', '  a  ', 'x'.repeat(101), 'ab\u0000c']) {
      const { status, body } = await search(q, staff.cookie);
      expect(status).toBe(400);
      expect(body.error.code).toBe('bad_query');
    }
  });

  it('is staff only: 401 for a visitor, 403 for a customer, and no names in either answer', async () => {
    const customer = await signedIn(await getDb(), 'customer');
    const visitor = await search('quin');
    expect(visitor.status).toBe(401);
    const refused = await search('quin', customer.cookie);
    expect(refused.status).toBe(403);
    expect(JSON.stringify([visitor.body, refused.body])).not.toMatch(/Quintero|Harlow/);
  });
});

describe('POST /api/desk/customers/', () => {
  it('creates a customer with a name and a phone only, without a password', async () => {
    const made = await create({ name: 'Phone Caller', phone: '+1 (646) 555-0100' }, staff.cookie);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Phone Caller', email: null, phone: '6465550100', href: `/desk/customers/${made.body.id}/` });
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, made.body.id));
    expect(row).toMatchObject({ passwordHash: null, role: 'customer', email: null });
  });

  it('stores the address lower-cased, and answers 409 with a link to the customer who has it', async () => {
    const first = await create({ name: 'Dana Wu', email: ' Dana.Wu@Example.com ' }, staff.cookie);
    expect(first.status).toBe(201);
    expect(first.body.email).toBe('dana.wu@example.com');
    const again = await create({ name: 'Dana W.', email: 'DANA.WU@example.com', phone: '2125550000' }, staff.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'customer_exists', fields: { email: expect.any(String) } });
    expect(again.body.customer).toMatchObject({ id: first.body.id, name: 'Dana Wu', href: `/desk/customers/${first.body.id}/` });
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'dana.wu@example.com'))).toHaveLength(1);
  });

  it('answers 422 with field messages for no contact, a bad address, a bad phone or no name', async () => {
    const none = await create({ name: 'No Contact' }, staff.cookie);
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.error.fields).sort()).toEqual(['email', 'phone']);
    expect((await create({ name: 'X', email: 'not-an-address' }, staff.cookie)).body.error.fields).toHaveProperty('email');
    expect((await create({ name: 'X', phone: '12ab' }, staff.cookie)).body.error.fields).toHaveProperty('phone');
    expect((await create({ name: 'X', phone: '123' }, staff.cookie)).body.error.fields).toHaveProperty('phone');
    expect((await create({ name: ' ', phone: '2125550101' }, staff.cookie)).body.error.fields).toHaveProperty('name');
    expect((await create('{"name":', staff.cookie)).status).toBe(400);
  });

  it("refuses an address OWNER_EMAILS or STAFF_EMAILS give a role: the account would sign in as the salon's team", async () => {
    process.env.OWNER_EMAILS = '@owners.example.net';
    process.env.STAFF_EMAILS = 'desk@example.net';
    try {
      for (const email of ['someone@owners.example.net', 'Desk@Example.net']) {
        const refused = await create({ name: 'Not A Customer', email }, staff.cookie);
        expect(refused).toMatchObject({ status: 422, body: { error: { code: 'team_address', fields: { email: expect.stringContaining("salon's team") } } } });
      }
      expect(await (await getDb()).select().from(users).where(eq(users.name, 'Not A Customer'))).toHaveLength(0);
    } finally {
      delete process.env.OWNER_EMAILS;
      delete process.env.STAFF_EMAILS;
    }
  });

  it('is staff only: 401 for a visitor, 403 for a customer, and nothing is stored', async () => {
    const customer = await signedIn(await getDb(), 'customer');
    expect((await create({ name: 'Sneaky', phone: '2125559999' })).status).toBe(401);
    expect((await create({ name: 'Sneaky', phone: '2125559999' }, customer.cookie)).status).toBe(403);
    expect(await (await getDb()).select().from(users).where(eq(users.phone, '2125559999'))).toHaveLength(0);
  });
});

describe('POST /api/desk/customers/{id}/note/', () => {
  const note = (customerId: string, body: unknown, cookie?: string) =>
    callRoute(NOTE_POST, { customerId }, { path: `/api/desk/customers/${customerId}/note/`, ...jsonInit('POST', body, cookie) });

  it('saves the desk note with who wrote it; 404 for no such customer; 422 for a note too long', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    expect((await note(customer.userId, { note: '  Prefers Ana. Sensitive skin.  ' }, staff.cookie)).status).toBe(200);
    const [row] = await db.select().from(customerNotes).where(eq(customerNotes.customerId, customer.userId));
    expect(row).toMatchObject({ note: 'Prefers Ana. Sensitive skin.', updatedBy: staff.userId });
    expect((await note('00000000-0000-4000-8000-000000000000', { note: 'x' }, staff.cookie)).status).toBe(404);
    expect((await note('not-a-guid', { note: 'x' }, staff.cookie)).status).toBeGreaterThanOrEqual(400);
    expect((await note(customer.userId, { note: 'x'.repeat(2001) }, staff.cookie)).status).toBe(422);
  });

  it('is staff only: a customer cannot write (or read back) a note, even their own', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    expect((await note(customer.userId, { note: 'mine' })).status).toBe(401);
    expect((await note(customer.userId, { note: 'mine' }, customer.cookie)).status).toBe(403);
    expect(await db.select().from(customerNotes).where(eq(customerNotes.customerId, customer.userId))).toHaveLength(0);
  });
});

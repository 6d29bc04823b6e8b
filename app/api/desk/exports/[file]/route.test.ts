/** @jest-environment node */
import { desc, eq } from 'drizzle-orm';
import { callRoute, insertAppointment, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, users } from '@/lib/db/schema';
import { csvObjects } from '@/lib/test-support/parse-csv';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(60_000);
createTempDataDir('salon-exports-api-');
afterAll(closeDb);

const get = (file: string, query: string, cookie?: string, method = 'GET') =>
  callRoute(GET, { file }, { method, path: `/api/desk/exports/${file}${query}`, headers: cookie ? { cookie } : {} });
const lastEntry = async () => (await (await getDb()).select().from(activityLog).orderBy(desc(activityLog.id)).limit(1))[0];

describe('GET /api/desk/exports/{name}.csv', () => {
  it("streams the owner a CSV download named after the export and the period, and logs who took it", async () => {
    const db = await getDb();
    const owner = await signedIn(db, 'owner');
    await db.update(users).set({ name: 'Olive Owner' }).where(eq(users.id, owner.userId));
    const customer = await signedIn(db, 'customer');
    await insertAppointment(db, { customerId: customer.userId, therapistId: 1, start: '2026-11-12T15:00:00Z', minutes: 30, location: 1 });

    const answer = await get('appointments.csv', '?from=2026-11-01&to=2026-11-30&location=soho', owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="appointments-soho-2026-11.csv"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvObjects(new TextDecoder().decode(bytes));
    expect(rows.map((row) => [row['Salon'], row['Date'], row['Start']])).toEqual([['SoHo', '2026-11-12', '10:00']]);

    expect(await lastEntry()).toMatchObject({
      actorId: owner.userId,
      actorName: 'Olive Owner',
      kind: 'exports',
      action: 'exported',
      subject: 'appointments-soho-2026-11.csv',
      summary: 'Appointments, SoHo, 2026-11-01 to 2026-11-30',
      after: { export: 'appointments', from: '2026-11-01', to: '2026-11-30', location: 1 },
    });
  });

  it('answers the other three exports with their header rows', async () => {
    const owner = await signedIn(await getDb(), 'owner');
    for (const [file, header] of [
      ['customers.csv', 'Name,E-mail,Phone,Created,Consent to offers'],
      ['packages.csv', 'Customer,E-mail,Phone,Package,Service,Sessions bought,Sessions used,Sessions left,Bought'],
      ['activity.csv', 'When,Who,Kind,Action,Subject,Summary'],
    ] as const) {
      const answer = await get(file, '', owner.cookie);
      expect(answer.status).toBe(200);
      expect((await answer.text()).split('\r\n')[0]).toBe(header);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    }
  });

  it('a HEAD answers the headers and logs nothing', async () => {
    const owner = await signedIn(await getDb(), 'owner');
    const before = await lastEntry();
    const answer = await get('customers.csv', '?from=2026-11-01&to=2026-11-30', owner.cookie, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="customers-2026-11.csv"');
    expect(await answer.text()).toBe('');
    expect((await lastEntry())?.id).toBe(before?.id);
  });

  it('refuses a visitor (401), a customer and the front desk (403), and logs nothing', async () => {
    const db = await getDb();
    const before = await lastEntry();
    for (const [cookie, status] of [
      [undefined, 401],
      [(await signedIn(db, 'customer')).cookie, 403],
      [(await signedIn(db, 'staff')).cookie, 403],
    ] as const) {
      const answer = await get('customers.csv', '', cookie);
      expect(answer.status).toBe(status);
      expect(Object.keys(await answer.json())).toEqual(['error']);
    }
    expect((await lastEntry())?.id).toBe(before?.id);
  });

  it('an export it does not have is a 404, a query it cannot read a 400 naming the parameter', async () => {
    const owner = await signedIn(await getDb(), 'owner');
    for (const file of ['visits.csv', 'appointments.json', 'appointments']) {
      const answer = await get(file, '', owner.cookie);
      expect(answer.status).toBe(404);
      expect((await answer.json()).error.message).toBe('There is no such export. Choose appointments.csv, customers.csv, packages.csv, activity.csv.');
    }
    for (const [query, field] of [
      ['?from=2026-13-01&to=2026-12-01', 'from'],
      ['?from=2026-11-31&to=2026-11-02', 'from'],
      ['?from=2026-11-01', 'to'],
      ['?from=2026-11-30&to=2026-11-01', 'to'],
      ['?location=queens', 'location'],
    ]) {
      const answer = await get('appointments.csv', query!, owner.cookie);
      expect(answer.status).toBe(400);
      expect(Object.keys((await answer.json()).error.fields)).toEqual([field]);
    }
  });
});

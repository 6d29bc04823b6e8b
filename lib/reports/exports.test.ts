/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import { recordActivity } from '@/lib/activity/log';
import { creditPackage } from '@/lib/booking/packages';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import { closeDb, getDb, type Db } from '@/lib/db';
import { appointments, bookings, customerPackages, subscriptions, users, type StoredLine } from '@/lib/db/schema';
import { csvObjects } from '@/lib/test-support/parse-csv';
import { upkeepRound } from '@/lib/db/upkeep';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { exportFileName, exportQuerySchema, exportStream, exportSummary, type ExportName, type ExportQuery } from './exports';

jest.setTimeout(180_000);
createTempDataDir('salon-exports-');
afterAll(closeDb);

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const rowsOf = async (db: Pick<Db, 'select'>, name: ExportName, query: ExportQuery, batchRows?: number) => csvObjects(await text(exportStream(db, name, query, { batchRows })));
const november1: ExportQuery = { period: { from: '2026-11-01', to: '2026-11-01' }, location: 'all' };

async function person(db: Db, values: { name: string; email?: string | null; phone?: string | null; role?: 'customer' | 'staff'; createdAt: string; closed?: boolean }) {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email === undefined ? `${randomUUID()}@example.com` : values.email,
      phone: values.phone ?? null,
      role: values.role ?? 'customer',
      createdAt: new Date(values.createdAt),
      closedAt: values.closed ? new Date(values.createdAt) : null,
    })
    .returning({ id: users.id });
  return row!.id;
}

const line = (name: string, price: number, pkgId: string | null = null): StoredLine => ({ id: randomUUID(), svcId: randomUUID(), name, serviceTypeId: 1, gen: 0, duration: 30, price, pkgId });

async function visit(
  db: Db,
  values: { customerId: string; therapistId: number; location: number; start: string; minutes: number; lines: StoredLine[]; price: number; createdBy?: string; createdAt?: string; note?: string; cancelled?: boolean; attendance?: 'completed' | 'no_show' },
) {
  const [booking] = await db.insert(bookings).values({ customerId: values.customerId, location: values.location, gender: 0, createdBy: values.createdBy ?? null }).returning({ id: bookings.id });
  const startsAt = new Date(values.start);
  const [row] = await db
    .insert(appointments)
    .values({
      bookingId: booking!.id,
      customerId: values.customerId,
      location: values.location,
      areaId: 1,
      therapistId: values.therapistId,
      requestedTherapistId: values.therapistId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + values.minutes * 60_000),
      lines: values.lines,
      price: values.price,
      note: values.note ?? '',
      createdAt: new Date(values.createdAt ?? values.start),
      status: values.cancelled ? 'cancelled' : 'booked',
      cancelledAt: values.cancelled ? new Date('2026-10-30T14:05:00Z') : null,
      attendance: values.attendance ?? null,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

let zoe: string;
let ann: string;
let dana: string;
let offer: { pvId: string; title: string };

beforeAll(async () => {
  const db = await getDb();
  dana = await person(db, { name: 'Dana Desk', role: 'staff', createdAt: '2025-01-02T15:00:00Z' });
  zoe = await person(db, { name: 'Zoë Quinn', email: 'zoe@example.com', phone: '2125550100', createdAt: '2026-10-15T16:00:00Z' });
  ann = await person(db, { name: 'Ann Lee', email: null, phone: '7185550123', createdAt: '2026-11-01T04:30:00Z' });
  await person(db, { name: 'Closed Account', createdAt: '2026-11-01T12:00:00Z', closed: true });
  await db.insert(subscriptions).values({ email: 'zoe@example.com', createdBy: 'test' });

  // 2026-11-01 is the day New York leaves daylight time: its midnight is 04:00Z and its end 05:00Z on Nov 2.
  await visit(db, { customerId: zoe, therapistId: 1, location: 1, start: '2026-11-01T04:30:00Z', minutes: 60, lines: [line('Brazilian Wax', 65)], price: 65, attendance: 'completed' });
  await visit(db, { customerId: zoe, therapistId: 2, location: 2, start: '2026-11-02T04:30:00Z', minutes: 30, lines: [line('Brow Shaping', 25)], price: 25, cancelled: true });
  await visit(db, { customerId: ann, therapistId: 1, location: 1, start: '2026-11-01T03:30:00Z', minutes: 30, lines: [line('Before The Day', 10)], price: 10 });
  await visit(db, {
    customerId: ann,
    therapistId: 2,
    location: 1,
    start: '2026-11-01T15:00:00Z',
    minutes: 45,
    lines: [line('Leg Wax', 0, randomUUID()), line('Underarm Wax', 20)],
    price: 20,
    createdBy: dana,
    createdAt: '2026-10-20T13:15:00Z',
    note: '@SUM(1)\nsecond line',
  });

  const chosen = allGroupedPackages()[0]!;
  offer = { pvId: chosen.pvId.toLowerCase(), title: chosen.pvTitle };
  await creditPackage(zoe, chosen.pvId, 5, db);
  await db.update(customerPackages).set({ sessionsUsed: 2, createdAt: new Date('2026-11-01T14:00:00Z') }).where(eq(customerPackages.customerId, zoe));

  for (const [index, at] of ['2026-11-01T03:59:00Z', '2026-11-01T18:00:00Z', '2026-11-01T18:00:00Z', '2026-11-02T05:00:00Z'].entries()) {
    await recordActivity(db, { userId: null, name: 'Olive Owner' }, { kind: 'menu', action: 'changed', subject: `Entry ${index}`, summary: index === 1 ? '=1+1' : `Change ${index}` });
    await db.execute(sql`update activity_log set at = ${at}::timestamptz where id = (select max(id) from activity_log)`);
  }
}, 180_000);

describe('the query of an export', () => {
  it('reads a period of New York dates and a location slug, both ends or neither, and names what is wrong', () => {
    expect(exportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30', location: 'soho' })).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' }, location: 1 });
    expect(exportQuerySchema.parse({ from: '', to: '', location: '' })).toEqual({ period: undefined, location: 'all' });
    for (const [query, field] of [
      [{ from: '2026-11-31', to: '2026-12-01' }, 'from'],
      [{ from: '2026-11-01' }, 'to'],
      [{ to: '2026-11-01' }, 'from'],
      [{ from: '2026-11-02', to: '2026-11-01' }, 'to'],
      [{ location: 'brooklyn' }, 'location'],
    ] as const) {
      const parsed = exportQuerySchema.safeParse(query);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
    }
  });

  it("names the file after the export, the salon where it narrows it and the period: a month as '2026-11'", () => {
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(exportFileName('appointments', { period: november, location: 'all' })).toBe('appointments-2026-11.csv');
    expect(exportFileName('appointments', { period: november, location: 1 })).toBe('appointments-soho-2026-11.csv');
    expect(exportFileName('customers', { period: { from: '2026-11-03', to: '2026-11-09' }, location: 4 })).toBe('customers-nolita-2026-11-03-to-2026-11-09.csv');
    expect(exportFileName('packages', { period: { from: '2026-11-03', to: '2026-11-03' }, location: 2 })).toBe('packages-2026-11-03.csv');
    expect(exportFileName('activity', { location: 'all' })).toBe('activity.csv');
    expect(exportFileName('appointments', { period: { from: '2026-02-01', to: '2026-02-28' }, location: 'all' })).toBe('appointments-2026-02.csv');
    expect(exportFileName('appointments', { period: { from: '2026-02-01', to: '2026-02-27' }, location: 'all' })).toBe('appointments-2026-02-01-to-2026-02-27.csv');
    expect(exportSummary('appointments', { period: november, location: 1 })).toBe('Appointments, SoHo, 2026-11-01 to 2026-11-30');
    expect(exportSummary('packages', { location: 1 })).toBe('Package balances, every date');
  });
});

describe('the appointments export', () => {
  it("holds the appointments starting on the period's New York days (25 hours on the day DST ends), by salon and time", async () => {
    const rows = await rowsOf(await getDb(), 'appointments', november1);
    expect(rows.map((row) => [row['Salon'], row['Date'], row['Start'], row['End'], row['Customer']])).toEqual([
      ['SoHo', '2026-11-01', '00:30', '01:30', 'Zoë Quinn'],
      ['SoHo', '2026-11-01', '10:00', '10:45', 'Ann Lee'],
      ['Midtown', '2026-11-01', '23:30', '00:00', 'Zoë Quinn'],
    ]);
    expect(rows[0]).toMatchObject({ Minutes: '60', 'E-mail': 'zoe@example.com', Phone: '2125550100', Services: 'Brazilian Wax', 'Price (USD)': '65.00', Status: 'Booked', Attendance: 'Completed', Channel: 'Online', 'Booked by': 'Zoë Quinn', 'Cancelled at': '' });
    expect(rows[1]).toMatchObject({
      Services: 'Leg Wax; Underarm Wax',
      'Package sessions': '1',
      'Price (USD)': '20.00',
      Channel: 'Front desk',
      'Booked by': 'Dana Desk',
      'Booked at': '2026-10-20 09:15',
      Note: "'@SUM(1)\nsecond line",
    });
    expect(rows[2]).toMatchObject({ Status: 'Cancelled', 'Cancelled at': '2026-10-30 10:05' });
  });

  it('narrows to one salon', async () => {
    const rows = await rowsOf(await getDb(), 'appointments', { ...november1, location: 2 });
    expect(rows.map((row) => row['Services'])).toEqual(['Brow Shaping']);
  });

  it('reads rows that share a start once each across batches (the key goes on to the id)', async () => {
    const db = await getDb();
    const start = '2027-01-05T15:00:00Z';
    const therapistIds = [1, 2, 3, 4, 6];
    for (const [index, therapistId] of therapistIds.entries()) {
      const customerId = await person(db, { name: `Tie ${index}`, createdAt: '2025-06-01T12:00:00Z' });
      await visit(db, { customerId, therapistId, location: 3, start, minutes: 30, lines: [line(`Tie ${index}`, 30)], price: 30 });
    }
    const rows = await rowsOf(db, 'appointments', { period: { from: '2027-01-05', to: '2027-01-05' }, location: 3 }, 2);
    expect(rows.map((row) => row['Services']).sort()).toEqual(['Tie 0', 'Tie 1', 'Tie 2', 'Tie 3', 'Tie 4']);
  });
});

describe('the customers export', () => {
  it('lists customers with their consent to offers, not staff or closed accounts, oldest first', async () => {
    const rows = await rowsOf(await getDb(), 'customers', { period: { from: '2026-10-01', to: '2026-11-30' }, location: 'all' });
    expect(rows).toEqual([
      { Name: 'Zoë Quinn', 'E-mail': 'zoe@example.com', Phone: '2125550100', Created: '2026-10-15 12:00', 'Consent to offers': 'Yes' },
      { Name: 'Ann Lee', 'E-mail': '', Phone: '7185550123', Created: '2026-11-01 00:30', 'Consent to offers': 'No' },
    ]);
  });

  it('leaves out the owner and the front desk whom OWNER_EMAILS or STAFF_EMAILS make so (their stored role is customer)', async () => {
    const period = { period: { from: '2026-10-01', to: '2026-11-30' }, location: 'all' as const };
    for (const [name, value] of [['OWNER_EMAILS', 'zoe@example.com'], ['STAFF_EMAILS', '@example.com']] as const) {
      process.env[name] = `${value},@team_100%.example.org`;
      try {
        expect((await rowsOf(await getDb(), 'customers', period)).map((row) => row['Name'])).toEqual(['Ann Lee']);
      } finally {
        delete process.env[name];
      }
    }
  });

  it("narrows to customers created in the period's days and to those who booked at a salon", async () => {
    const db = await getDb();
    expect((await rowsOf(db, 'customers', november1)).map((row) => row['Name'])).toEqual(['Ann Lee']);
    expect((await rowsOf(db, 'customers', { period: { from: '2026-10-01', to: '2026-11-30' }, location: 2 })).map((row) => row['Name'])).toEqual(['Zoë Quinn']);
  });
});

describe('the packages export', () => {
  it('lists each package service with the sessions bought, used and left', async () => {
    const rows = await rowsOf(await getDb(), 'packages', november1);
    const owned = await (await getDb()).select().from(customerPackages).where(eq(customerPackages.customerId, zoe));
    expect(rows).toEqual(
      owned.map((pkg) => ({
        Customer: 'Zoë Quinn',
        'E-mail': 'zoe@example.com',
        Phone: '2125550100',
        Package: offer.title,
        Service: serviceById(pkg.serviceId)!.title,
        'Sessions bought': '5',
        'Sessions used': '2',
        'Sessions left': '3',
        Bought: '2026-11-01 09:00',
      })),
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('the activity export', () => {
  it("lists the period's entries oldest first, formulas neutralised", async () => {
    const rows = await rowsOf(await getDb(), 'activity', november1, 1);
    expect(rows.map((row) => [row['When'], row['Who'], row['Kind'], row['Subject'], row['Summary']])).toEqual([
      ['2026-11-01 13:00', 'Olive Owner', 'Menu', 'Entry 1', "'=1+1"],
      ['2026-11-01 13:00', 'Olive Owner', 'Menu', 'Entry 2', 'Change 2'],
    ]);
  });
});

/** The heap in use after a full collection (gc reached through V8's flag, as Jest runs without --expose-gc). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('100,000 appointments', () => {
  it('stream in 101 keyset batches of at most 1,000 rows, each taken when the reader is ready, the heap flat', async () => {
    const db = await getDb();
    const customerId = await person(db, { name: 'Many Visits', createdAt: '2020-01-01T00:00:00Z' });
    const [booking] = await db.insert(bookings).values({ customerId, location: 4, gender: 0 }).returning({ id: bookings.id });
    // Cancelled visits: a booked one is checked against every other for the therapist's and the customer's overlaps
    // (two GiST exclusion constraints), which made this insert 35 s of the file's 48. The export reads both alike.
    await db.execute(sql`
      insert into appointments (booking_id, customer_id, location, area_id, therapist_id, requested_therapist_id, starts_at, ends_at, lines, price, status, cancelled_at)
      select ${booking!.id}::uuid, ${customerId}::uuid, 4, 1, 7, 7, timestamptz '2030-01-01 14:00Z' + n * interval '30 minutes',
             timestamptz '2030-01-01 14:30Z' + n * interval '30 minutes', '[{"name":"Bulk"}]'::jsonb, 40, 'cancelled', timestamptz '2029-12-01 14:00Z'
      from generate_series(0, 99999) n`);
    // As the site's upkeep does within minutes of so many new rows (lib/db/upkeep.ts): without statistics, each batch
    // sorted every row after its mark.
    await upkeepRound(db);
    let batches = 0;
    let largest = 0;
    const counting: Pick<Db, 'select'> = {
      select: ((...args: Parameters<Db['select']>) => {
        batches += 1;
        return db.select(...args);
      }) as Db['select'],
    };
    const reader = exportStream(counting, 'appointments', { period: { from: '2030-01-01', to: '2035-12-31' }, location: 4 }).getReader();
    let records = 0;
    let bytes = 0;
    const heapAt: number[] = [];
    let tail = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // The database is asked for one batch beyond what the reader has taken, never more.
      expect(batches).toBeLessThanOrEqual(Math.ceil(records / 1000) + 1);
      largest = Math.max(largest, value.byteLength);
      bytes += value.byteLength;
      if ((batches === 10 && heapAt.length === 0) || (batches === 90 && heapAt.length === 1)) heapAt.push(heapAfterGc());
      const chunk = tail + new TextDecoder().decode(value);
      const lines = chunk.split('\r\n');
      tail = lines.pop()!;
      records += lines.length;
    }
    expect(tail).toBe('');
    expect(records).toBe(100_000 + 1);
    expect(batches).toBe(101);
    expect(largest).toBeLessThan(512 * 1024);
    // What the reader holds after 10 batches and after 90 differs by far less than the 80 batches' text.
    expect(heapAt[1]! - heapAt[0]!).toBeLessThan(bytes / 10);
  });
});

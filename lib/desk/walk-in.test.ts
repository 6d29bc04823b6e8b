import { eq } from 'drizzle-orm';
import { WAX, FIRST_ITEM_OF_AREA } from '@/lib/booking/test-support/cards';
import { apiHandler } from '@/lib/api';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { therapistsDoing } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { appointments, outbox, users } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createCustomer } from './customers';
import { nextQuarterHour } from './desk-booking';
import { bookWalkIn, walkInHandler } from './walk-in';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-walk-in-');
afterAll(closeDb);

// Monday 2027-01-04, 12:07 PM in New York: SoHo is open and rostered.
const NOW = freezeClockAt('2027-01-04T17:07:00Z', { silenceConsoleInfo: true });

// As app/api/desk/walk-ins/route.ts serves it: apiHandler turns a refusal into its status and sentence.
const POST = apiHandler((request) => walkInHandler(request));
const post = (body: unknown, cookie?: string) => callRoute(POST, {}, { path: '/api/desk/walk-ins/', ...jsonInit('POST', body, cookie) });

describe('nextQuarterHour', () => {
  it('is the next quarter hour strictly after now', () => {
    expect(new Date(nextQuarterHour(Date.parse('2027-01-04T17:07:00Z'))).toISOString()).toBe('2027-01-04T17:15:00.000Z');
    expect(new Date(nextQuarterHour(Date.parse('2027-01-04T17:00:00Z'))).toISOString()).toBe('2027-01-04T17:15:00.000Z');
    expect(new Date(nextQuarterHour(Date.parse('2027-01-04T17:59:59Z'))).toISOString()).toBe('2027-01-04T18:00:00.000Z');
  });
});

describe('a walk-in', () => {
  it('by name only: booked at the next quarter hour with a free qualified therapist, checked in, marked walk-in, never mailed', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const mailsBefore = (await db.select().from(outbox)).length;
    const result = await bookWalkIn(db, { userId: staff.userId, role: 'staff' }, { location: 'soho', customer: { name: 'Wendy Walkin' }, services: [WAX[0]!.id] }, NOW);
    expect(result.time).toBe('12:15');
    expect(result.sentence).toMatch(/^Walk-in booked and checked in: Wendy Walkin at 12:15 PM with .+\.$/);
    const [customer] = await db.select().from(users).where(eq(users.id, result.customerId));
    expect(customer).toMatchObject({ name: 'Wendy Walkin', email: null, phone: null, walkIn: true });
    const [visit] = await db.select().from(appointments).where(eq(appointments.customerId, result.customerId));
    expect(visit!.attendance).toBe('checked_in');
    expect(visit!.startsAt.toISOString()).toBe('2027-01-04T17:15:00.000Z');
    expect(therapistsDoing(1, [WAX[0]!.id])).toContain(visit!.therapistId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.select().from(outbox)).toHaveLength(mailsBefore);
  });

  it('chains two areas back to back for an existing customer, each with the first free therapist who does it', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const known = await createCustomer(db, { name: 'Known Caller', email: null, phone: '2125550177' });
    const skincare = FIRST_ITEM_OF_AREA(3);
    const result = await bookWalkIn(db, { userId: staff.userId, role: 'staff' }, { location: 'soho', customer: { id: known.customer.id }, services: [WAX[1]!.id, skincare.id] }, NOW);
    const rows = (await db.select().from(appointments).where(eq(appointments.customerId, known.customer.id))).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    expect(rows).toHaveLength(2);
    expect(rows[1]!.startsAt.getTime()).toBe(rows[0]!.endsAt.getTime());
    expect(rows.map((r) => r.attendance)).toEqual(['checked_in', 'checked_in']);
    expect(therapistsDoing(1, [skincare.id])).toContain(rows[1]!.therapistId);
    expect(result.sentence).toContain(', then ');
    const [customer] = await db.select().from(users).where(eq(users.id, known.customer.id));
    expect(customer!.walkIn).toBe(false);
  });

  it('after closing time says nobody is free today, and leaves no account behind', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const late = Date.parse('2027-01-05T04:30:00Z'); // 11:30 PM in New York
    await expect(bookWalkIn(db, { userId: staff.userId, role: 'staff' }, { location: 'soho', customer: { name: 'Late Walker' }, services: [WAX[0]!.id] }, late)).rejects.toMatchObject({
      status: 422,
      message: 'Nobody who does this service is free at SoHo for the rest of today.',
    });
    expect(await db.select().from(users).where(eq(users.name, 'Late Walker'))).toHaveLength(0);
  });

  it('answers a visitor 401, a customer 403 and bad input with a 4xx sentence', async () => {
    const db = await getDb();
    const body = { location: 'soho', customer: { name: 'Nobody' }, services: [WAX[0]!.id] };
    expect((await post(body)).status).toBe(401);
    const customer = await signedIn(db, 'customer');
    expect((await post(body, customer.cookie)).status).toBe(403);
    const staff = await signedIn(db, 'staff');
    for (const bad of [
      { ...body, services: [] },
      { ...body, services: ['not-a-service'] },
      { ...body, customer: { name: '' } },
      { ...body, customer: { name: 'Ann', phone: 'call me' } },
      { ...body, customer: { id: 'nope' } },
      { ...body, location: 'Paris!' },
      '{"location":',
    ]) {
      const answer = await post(bad, staff.cookie);
      expect([400, 422]).toContain(answer.status);
      expect((await answer.json()).error.message).toMatch(/\w/);
    }
    expect((await post({ ...body, location: 'paris' }, staff.cookie)).status).toBe(404);
    expect((await post({ ...body, services: ['00000000-0000-4000-8000-000000000000'] }, staff.cookie)).status).toBe(422);
    const created = await post({ ...body, customer: { name: 'Phone Walker', phone: '(212) 555-0199' } }, staff.cookie);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ customerName: 'Phone Walker', sentence: expect.stringContaining('Phone Walker') });
  });
});

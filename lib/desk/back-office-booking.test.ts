import { eq } from 'drizzle-orm';
import { createBackOfficeAppointment } from '@/lib/booking/handlers';
import { cardFor } from '@/lib/booking/test-support/cards';
import { jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointments, outbox } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createCustomer } from './customers';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-bof-');
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

const bof = (customerId: string, body: unknown, cookie: string) =>
  createBackOfficeAppointment(new Request(`http://localhost:3000/api/appointments/bof/${customerId}/`, jsonInit('POST', body, cookie)), { customerId });

describe('booking at the desk for a customer created there', () => {
  it('books a phone-only customer (no mail queued) and mails one with an address', async () => {
    const db = await getDb();
    const staff = await signedIn(db, 'staff');
    const before = (await db.select().from(outbox)).length;
    const phoneOnly = await createCustomer(db, { name: 'Phone Caller', email: null, phone: '2125550123' });
    expect(phoneOnly.kind).toBe('created');
    const booked = await bof(phoneOnly.customer.id, cardFor([{ therapist: 0, date: '2027-01-11 10:00' }]), staff.cookie);
    expect(booked.status).toBe(201);
    expect(await db.select().from(appointments).where(eq(appointments.customerId, phoneOnly.customer.id))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.select().from(outbox)).toHaveLength(before);

    const withMail = await createCustomer(db, { name: 'Mail Caller', email: 'mail.caller@example.com', phone: null });
    expect((await bof(withMail.customer.id, cardFor([{ therapist: 0, date: '2027-01-12 10:00' }]), staff.cookie)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = await db.select().from(outbox).where(eq(outbox.to, 'mail.caller@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirm/i);
  });
});

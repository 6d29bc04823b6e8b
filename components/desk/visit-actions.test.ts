import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import { apiHandler } from '@/lib/api';
import { createAppointment } from '@/lib/booking/handlers';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { FLASH_COOKIE } from '@/lib/forms/flash';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { changeVisitAction } from './visit-actions';
import { DESK_TIME_TAKEN } from './visit-form-names';
import { formData, redirectOf } from '@/lib/test-support/server-actions';

/** The visit page's forms call the API's handler with the visitor's cookie (lib/forms/call-handler.ts), as a browser would. */
const incoming = { cookie: '' };
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(incoming.cookie ? { cookie: incoming.cookie } : {}),
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));

jest.setTimeout(120_000);
createTempDataDir('salon-visit-actions-');
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
afterAll(closeDb);

const flash = () => JSON.parse(Buffer.from(jar.get(FLASH_COOKIE)!, 'base64url').toString('utf8')).state;
const BOOK = apiHandler<{ customerId: string }>((request, { params }) => createAppointment(request, params));

/** A visit a new customer booked online with therapist 1 at 'YYYY-MM-DD HH:mm': its appointment's id. */
async function visitAt(date: string): Promise<string> {
  const customer = await signedIn(await getDb());
  const response = await callRoute(BOOK, { customerId: customer.userId }, { path: `/api/appointments/${customer.userId}/`, ...jsonInit('POST', cardFor([{ therapist: 1, date }]), customer.cookie) });
  expect(response.status).toBe(201);
  return (await response.json()).appointments[0].id as string;
}
const statusOf = async (id: string) => (await (await getDb()).select({ status: appointments.status, attendance: appointments.attendance }).from(appointments).where(eq(appointments.id, id)))[0];

beforeEach(() => jar.clear());

describe('changeVisitAction (a visit page posted without scripts)', () => {
  it('cancels for the front desk and brings the sentence back to the visit page', async () => {
    const db = await getDb();
    incoming.cookie = (await signedIn(db, 'staff')).cookie;
    const id = await visitAt('2027-01-12 14:00');
    const to = await redirectOf(changeVisitAction(formData({ appointmentId: id, change: 'cancel' })));
    expect(to).toMatch(new RegExp(`^/desk/appointments/${id}/\\?form=[A-Za-z0-9_-]{16}$`));
    expect(flash()).toMatchObject({ outcome: 'ok', message: 'The visit is cancelled.' });
    expect(await statusOf(id)).toMatchObject({ status: 'cancelled' });
  });

  it("says why the handler refused (a check-in days ahead), and changes nothing", async () => {
    const db = await getDb();
    incoming.cookie = (await signedIn(db, 'staff')).cookie;
    const id = await visitAt('2027-01-13 14:00');
    await redirectOf(changeVisitAction(formData({ appointmentId: id, change: 'attendance', attendance: 'checked_in', label: 'Check in' })));
    expect(flash()).toMatchObject({ outcome: 'error', message: expect.stringMatching(/\S/) });
    expect(await statusOf(id)).toMatchObject({ status: 'booked', attendance: null });
  });

  it('moves, saying where to; a time another visit holds is refused with the desk\'s sentence', async () => {
    const db = await getDb();
    incoming.cookie = (await signedIn(db, 'staff')).cookie;
    const [id] = [await visitAt('2027-01-15 14:00'), await visitAt('2027-01-15 16:00')];
    await redirectOf(changeVisitAction(formData({ appointmentId: id!, change: 'move', date: '2027-01-15', time: '16:00', therapistId: '1' })));
    expect(flash()).toMatchObject({ outcome: 'error', message: DESK_TIME_TAKEN });
    await redirectOf(changeVisitAction(formData({ appointmentId: id!, change: 'move', date: '2027-01-15', time: '15:00', therapistId: '1' })));
    expect(flash()).toMatchObject({ outcome: 'ok', message: 'Moved to Friday, January 15 at 3:00 PM.' });
    const [row] = await db.select({ startsAt: appointments.startsAt }).from(appointments).where(eq(appointments.id, id!));
    expect(row!.startsAt.toISOString()).toBe('2027-01-15T20:00:00.000Z');
  });

  it('sends a customer or a visitor back to the page with nothing changed, and a bad id to the desk', async () => {
    const db = await getDb();
    const id = await visitAt('2027-01-14 14:00');
    for (const cookie of ['', (await signedIn(db, 'customer')).cookie]) {
      incoming.cookie = cookie;
      expect(await redirectOf(changeVisitAction(formData({ appointmentId: id, change: 'cancel' })))).toBe(`/desk/appointments/${id}/`);
    }
    expect(await statusOf(id)).toMatchObject({ status: 'booked' });
    expect(await redirectOf(changeVisitAction(formData({ appointmentId: '../../api', change: 'cancel' })))).toBe('/desk/');
    expect(jar.size).toBe(0);
    // A change the page does not make is refused in a sentence, never read as a cancellation.
    incoming.cookie = (await signedIn(db, 'staff')).cookie;
    await redirectOf(changeVisitAction(formData({ appointmentId: id, change: 'delete' })));
    expect(flash()).toMatchObject({ outcome: 'error', message: 'That is not a change this page makes: nothing was changed.' });
    expect(await statusOf(id)).toMatchObject({ status: 'booked' });
  });
});

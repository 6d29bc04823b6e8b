/** @jest-environment node */
import { callRoute, insertAppointment, insertUser, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { therapists } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(60_000);
createTempDataDir('salon-reports-api-');
afterAll(closeDb);

const get = (query: string, cookie?: string) => callRoute(GET, {}, { path: `/api/desk/reports/${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/desk/reports/', () => {
  it('answers the owner the period\'s figures beside the period before; a visitor 401, a customer or the front desk 403', async () => {
    const db = await getDb();
    const [therapist] = await db.select({ id: therapists.id }).from(therapists).limit(1);
    await insertAppointment(db, { customerId: await insertUser(db), therapistId: therapist!.id, start: '2010-06-15T15:00:00.000Z', minutes: 60, location: 2 });
    const owner = await signedIn(db, 'owner');
    const answer = await get('?from=2010-06-01&to=2010-06-30&location=midtown', owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const report = await answer.json();
    expect(report.period).toEqual({ from: '2010-06-01', to: '2010-06-30' });
    expect(report.previous).toEqual({ from: '2010-05-01', to: '2010-05-31' });
    expect(report.location).toBe('midtown');
    // Made today, held in June 2010: counted as a visit of June, a booking of today.
    expect(report.current).toMatchObject({ bookings: { made: 0, online: 0, desk: 0 }, visits: 1, noShows: 0, customers: { new: 1, returning: 0 } });
    expect(report.before).toMatchObject({ bookings: { made: 0 }, visits: 0 });
    expect(typeof report.current.bookedValue).toBe('number');
    expect(report.current.cancellations).toEqual({ early: 0, late: 0, byCustomer: 0, byStaff: 0 });
    expect(report.current.packages).toEqual({ sold: 0, sessionsRedeemed: 0, sessionsOwed: 0, owedValue: 0 });
    const booked = report.current.utilisation.find((row: { therapistId: number; location: string }) => row.therapistId === therapist!.id && row.location === 'midtown');
    expect(booked).toMatchObject({ bookedMinutes: 60 });
    expect(report.byDay).toHaveLength(30);
    expect(report.byDay.find((day: { date: string }) => day.date === '2010-06-15')).toEqual({ date: '2010-06-15', bookings: 0, visits: 1 });
    const elsewhere = await (await get('?from=2010-06-01&to=2010-06-30&location=soho', owner.cookie)).json();
    expect(elsewhere.current.visits).toBe(0);
    for (const [cookie, status] of [
      [undefined, 401],
      [(await signedIn(db, 'customer')).cookie, 403],
      [(await signedIn(db, 'staff')).cookie, 403],
    ] as const) {
      const refused = await get('?from=2010-06-01&to=2010-06-30', cookie);
      expect(refused.status).toBe(status);
      expect(Object.keys(await refused.json())).toEqual(['error']);
    }
  });

  it('a query it cannot read is a 400 naming the parameter and saying why', async () => {
    const owner = await signedIn(await getDb(), 'owner');
    for (const [query, field, message] of [
      ['?to=2026-11-30', 'from', undefined],
      ['?from=2026-11-31&to=2026-12-01', 'from', 'must be a date, YYYY-MM-DD'],
      ['?from=2026-13-01&to=2026-12-01', 'from', 'must be a date, YYYY-MM-DD'],
      ['?from=2026-11-30&to=2026-11-01', 'to', 'must be on or after from'],
      ['?from=2025-01-01&to=2026-01-02', 'to', 'must be at most 366 days after from'],
      ['?from=2026-11-01&to=2026-11-30&location=brooklyn', 'location', 'must be one of all, soho, midtown, williamsburg, nolita'],
    ] as const) {
      const answer = await get(query, owner.cookie);
      expect(answer.status).toBe(400);
      const { error } = await answer.json();
      expect(Object.keys(error.fields)).toEqual([field]);
      if (message) expect(error.fields[field]).toBe(message);
    }
  });
});

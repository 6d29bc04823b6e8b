/**
 * Seeds a PGlite folder (DATA_DIR) for the check-in benchmark (scripts/bench/desk-tap.mjs): 10 therapists rostered at
 * SoHo every day, 200 half-hour visits today in New York (20 each, back to back from 8:00 AM), and a staff session.
 * Prints one JSON line: the session cookie, today's date and the visits' ids.
 *   DATA_DIR=... node --conditions=react-server --import tsx scripts/bench/desk-tap-seed.ts
 */
import { randomUUID } from 'node:crypto';

const THERAPISTS = 10;
const PER_THERAPIST = 20;

async function main() {
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { appointments, bookings, rosters, therapists, users } = await import('@/lib/db/schema');
  const { localDateOf, localMinuteToUtcMs } = await import('@/lib/booking/dates');
  const { signedIn } = await import('@/lib/booking/test-support/fixtures');
  try {
    const db = (await getDatabase()).db;
    const today = localDateOf(Date.now());
    const ids = Array.from({ length: THERAPISTS }, (_, i) => i + 1);
    await db.insert(therapists).values(ids.map((id) => ({ id, name: `Therapist ${id}` }))).onConflictDoNothing();
    await db.delete(rosters);
    await db.insert(rosters).values(ids.flatMap((therapistId) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ therapistId, location: 1, areaId: 1, weekday }))));
    const customers = Array.from({ length: THERAPISTS * PER_THERAPIST }, (_, i) => ({ id: randomUUID(), email: `tap-${i}-${randomUUID()}@example.com`, name: `Customer ${i}`, passwordHash: 'x' }));
    await db.insert(users).values(customers);
    const booked = await db
      .insert(bookings)
      .values(customers.map((c) => ({ customerId: c.id, location: 1, gender: 0 })))
      .returning({ id: bookings.id, customerId: bookings.customerId });
    const rows = booked.map((b, i) => {
      const therapistId = ids[i % THERAPISTS]!;
      const start = localMinuteToUtcMs(today, 8 * 60 + Math.floor(i / THERAPISTS) * 30);
      return {
        bookingId: b.id,
        customerId: b.customerId,
        location: 1,
        areaId: 1,
        therapistId,
        requestedTherapistId: therapistId,
        startsAt: new Date(start),
        endsAt: new Date(start + 30 * 60_000),
        lines: [{ id: randomUUID(), svcId: '1', name: 'Eyebrows', serviceTypeId: 1, gen: 0, duration: 30, price: 30, pkgId: null }],
        price: 30,
        note: '',
        status: 'booked' as const,
      };
    });
    const inserted = await db.insert(appointments).values(rows).returning({ id: appointments.id });
    const staff = await signedIn(db, 'staff');
    return { cookie: staff.cookie, date: today, ids: inserted.map((r) => r.id) };
  } finally {
    await closeDb();
  }
}

process.stdout.write(`${JSON.stringify(await main())}\n`);

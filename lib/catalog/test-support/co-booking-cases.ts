import type { Db } from '@/lib/db';
import { appointments, bookings, therapists, type StoredLine } from '@/lib/db/schema';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { allServiceItems } from '../catalog';
import { readCoBookings } from '../co-bookings';

/** Long ago, so that no other test's visits fall in its year (the PostgreSQL tests share one database). */
const NOW = new Date('2001-06-01T17:00:00Z');
const DAY = 86_400_000;

function line(id: string): StoredLine {
  const item = allServiceItems().find((candidate) => candidate.id === id)!;
  return { id, svcId: item.value, name: item.name, serviceTypeId: item.svcType, gen: item.gen, duration: item.duration, price: item.price, pkgId: null };
}

/**
 * Six visits of four women's services: a+b, a then b in two areas of one booking, a+c (c twice in one visit),
 * a+b+c, a+d cancelled, a+d 400 days ago. Returns the co-bookings read at NOW, the services, and a read of a year
 * with no visits.
 */
export async function coBookingCases(db: Db) {
  const [a, b, c, d] = allServiceItems().filter((item) => item.gen === 0);
  const therapistId = (await db.select({ id: therapists.id }).from(therapists).limit(1))[0]!.id;
  let hour = 0;
  async function visit(areas: string[][], { daysAgo = 10, status = 'booked' as 'booked' | 'cancelled' } = {}) {
    const customerId = await insertUser(db);
    const [booking] = await db.insert(bookings).values({ customerId, location: 1, gender: 0 }).returning({ id: bookings.id });
    for (const ids of areas) {
      // Each appointment its own hour: one therapist cannot be booked twice at once.
      const startsAt = new Date(NOW.getTime() - daysAgo * DAY - (hour += 1) * 3_600_000);
      await db.insert(appointments).values({
        bookingId: booking!.id,
        customerId,
        location: 1,
        areaId: 1,
        therapistId,
        requestedTherapistId: 0,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status,
        cancelledAt: status === 'cancelled' ? startsAt : null,
        lines: ids.map(line),
        price: 0,
      });
    }
  }
  await visit([[a!.id, b!.id]]);
  await visit([[a!.id], [b!.id]]);
  await visit([[a!.id, c!.id, c!.id]]);
  await visit([[a!.id, b!.id, c!.id]]);
  await visit([[a!.id, d!.id]], { status: 'cancelled' });
  await visit([[a!.id, d!.id]], { daysAgo: 400 });
  return {
    found: await readCoBookings(db, NOW),
    empty: await readCoBookings(db, new Date('1990-01-01T00:00:00Z')),
    a: a!.id,
    b: b!.id,
    c: c!.id,
    d: d!.id,
  };
}

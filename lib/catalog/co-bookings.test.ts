import { randomUUID } from 'node:crypto';
import { closeDb, getDb, type Db } from '@/lib/db';
import { appointments, bookings, therapists, type StoredLine } from '@/lib/db/schema';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { allServiceItems } from './catalog';
import { readCoBookings } from './co-bookings';

jest.setTimeout(120_000);
createTempDataDir('salon-co-bookings-');
afterAll(closeDb);

const NOW = new Date('2026-11-28T17:00:00Z');
const DAY = 86_400_000;
const women = allServiceItems().filter((item) => item.gen === 0);
const [a, b, c, d] = women;

function line(id: string): StoredLine {
  const item = allServiceItems().find((candidate) => candidate.id === id)!;
  return { id, svcId: item.value, name: item.name, serviceTypeId: item.svcType, gen: item.gen, duration: item.duration, price: item.price, pkgId: null };
}

let therapistId: number;
let hour = 0;

/** One visit: its areas, each with its services' ids; days ago from NOW. */
async function visit(db: Db, areas: string[][], { daysAgo = 10, status = 'booked' as 'booked' | 'cancelled' } = {}) {
  const customerId = await insertUser(db);
  const [booking] = await db.insert(bookings).values({ customerId, location: 1, gender: 0 }).returning({ id: bookings.id });
  for (const ids of areas) {
    // Each appointment its own hour: one therapist cannot be booked twice at once.
    const startsAt = new Date(NOW.getTime() - daysAgo * DAY + (hour += 1) * 3_600_000 - 400 * 3_600_000);
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

describe('readCoBookings on PGlite', () => {
  it('counts each pair once per visit, across the areas of one booking, most visits first; not cancelled ones, not older than a year', async () => {
    const db = await getDb();
    therapistId = (await db.select({ id: therapists.id }).from(therapists).limit(1))[0]!.id;
    await visit(db, [[a!.id, b!.id]]);
    await visit(db, [[a!.id], [b!.id]]);
    await visit(db, [[a!.id, c!.id, c!.id]]);
    await visit(db, [[a!.id, b!.id, c!.id]]);
    await visit(db, [[a!.id, d!.id]], { status: 'cancelled' });
    await visit(db, [[a!.id, d!.id]], { daysAgo: 400 });
    const found = await readCoBookings(db, NOW);
    expect(found[a!.id]).toEqual([
      [b!.id, 3],
      [c!.id, 2],
    ]);
    expect(found[b!.id]).toEqual([
      [a!.id, 3],
      [c!.id, 1],
    ]);
    expect(found[d!.id]).toBeUndefined();
    expect(found[randomUUID()]).toBeUndefined();
  });

  it('finds nothing in a database without visits', async () => {
    expect(await readCoBookings(await getDb(), new Date('2000-01-01T00:00:00Z'))).toEqual({});
  });
});

import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db';
import { appointments, bookings, users } from '@/lib/db/schema';

/** A customer (or staff) row, for handler tests. */
export async function insertUser(db: Db, role: 'customer' | 'staff' = 'customer'): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, name: `User ${id.slice(0, 4)}`, passwordHash: 'not-a-hash', role });
  return id;
}

/** A booked appointment straight into the tables, bypassing the booking rules. */
export async function insertAppointment(
  db: Db,
  values: { customerId: string; therapistId: number; start: string; minutes: number; location?: number; areaId?: number },
): Promise<string> {
  const [booking] = await db
    .insert(bookings)
    .values({ customerId: values.customerId, location: values.location ?? 1, gender: 0 })
    .returning({ id: bookings.id });
  const startsAt = new Date(values.start);
  await db.insert(appointments).values({
    bookingId: booking!.id,
    customerId: values.customerId,
    location: values.location ?? 1,
    areaId: values.areaId ?? 1,
    therapistId: values.therapistId,
    requestedTherapistId: values.therapistId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + values.minutes * 60_000),
    lines: [],
    price: 0,
  });
  return booking!.id;
}

/** Calls a route handler as Next.js does: a Request and a params promise. */
export function callRoute<P>(
  handler: (request: Request, context: { params: Promise<P> }) => Promise<Response>,
  params: P,
  init: RequestInit & { path?: string } = {},
): Promise<Response> {
  const url = `http://localhost:3000${init.path ?? '/api/test/'}`;
  return handler(new Request(url, init), { params: Promise.resolve(params) });
}

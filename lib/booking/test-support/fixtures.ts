import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db';
import { appointments, bookings, users } from '@/lib/db/schema';
import type { UserRole } from '@/lib/db/schema';

/** A customer (or staff) row, for handler tests. */
export async function insertUser(db: Db, role: UserRole = 'customer'): Promise<string> {
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

/** A signed-in user: the row, a session and the Cookie header that carries it. */
export async function signedIn(db: Db, role: UserRole = 'customer'): Promise<{ userId: string; cookie: string }> {
  const { createSession } = await import('@/lib/auth/session');
  const { sessionCookieName } = await import('@/lib/auth/cookies');
  const userId = await insertUser(db, role);
  const { token } = await createSession(db, userId);
  return { userId, cookie: `${sessionCookieName()}=${token}` };
}

export const ORIGIN = 'http://localhost:3000';

/** A JSON request as the site's own pages send it. */
export function jsonInit(method: string, body: unknown, cookie?: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
  };
}

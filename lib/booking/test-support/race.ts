import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import { cardFor } from './cards';
import { jsonInit, signedIn } from './fixtures';

type Handler = (request: Request, context: { params: Promise<{ customerId: string }> }) => Promise<Response>;

export interface RaceResult {
  statuses: number[];
  /** Booked rows of the therapists at that start. */
  rows: number;
  therapists: number[];
}

/**
 * `n` customers post a card for the same therapist (or any therapist) and time at once, through the real handler.
 * Sessions are made first, so that the race is only the bookings.
 */
export async function raceForOneSlot(db: Db, post: Handler, options: { n: number; therapist: number; date: string; startIso: string }): Promise<RaceResult> {
  const customers = [];
  for (let i = 0; i < options.n; i++) customers.push(await signedIn(db));
  const card = cardFor([{ therapist: options.therapist, date: options.date }]);
  const responses = await Promise.all(
    customers.map((c) => post(new Request(`http://localhost:3000/api/appointments/${c.userId}/`, jsonInit('POST', card, c.cookie)), { params: Promise.resolve({ customerId: c.userId }) })),
  );
  const statuses = responses.map((r) => r.status);
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  const booked = await db
    .select({ therapistId: appointments.therapistId })
    .from(appointments)
    .where(and(eq(appointments.status, 'booked'), sql`${appointments.startsAt} = ${options.startIso}::timestamptz`));
  return { statuses, rows: booked.length, therapists: booked.map((b) => b.therapistId).sort((a, b) => a - b) };
}

/** How many responses had each status, e.g. { 201: 1, 416: 49 }. */
export function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

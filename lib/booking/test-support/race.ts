import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { appointments } from '@/lib/db/schema';
import type { AppointmentCardInput } from '../card-schema';
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

export interface OneCustomerRaceResult {
  statuses: number[];
  /** The customer's booked appointments afterwards, as 'areaId/therapistId@start ISO'. */
  booked: string[];
}

/**
 * One customer posts several cards at once (two tabs, or a script), through the real handler: each card is for
 * other therapists, so only the customer constraint can refuse them. The session is made first.
 */
export async function raceOneCustomer(db: Db, post: Handler, cards: readonly AppointmentCardInput[]): Promise<OneCustomerRaceResult> {
  const me = await signedIn(db);
  const responses = await Promise.all(
    cards.map((card) => post(new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', card, me.cookie)), { params: Promise.resolve({ customerId: me.userId }) })),
  );
  const statuses = responses.map((r) => r.status);
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return { statuses, booked: await bookedOf(db, me.userId) };
}

/** A customer's booked appointments, as 'areaId/therapistId@start ISO', in time order. */
export async function bookedOf(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ areaId: appointments.areaId, therapistId: appointments.therapistId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.customerId, customerId), eq(appointments.status, 'booked')));
  return rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((r) => `${r.areaId}/${r.therapistId}@${r.startsAt.toISOString()}`);
}

/** How many responses had each status, e.g. { 201: 1, 416: 49 }. */
export function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

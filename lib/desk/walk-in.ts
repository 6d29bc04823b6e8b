import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError, json, parseJsonBody } from '@/lib/api';
import { afterAnswer } from '@/lib/api/after-answer';
import { nameSchema } from '@/lib/auth/schemas';
import { requireStaff } from '@/lib/auth/session';
import type { Actor } from '@/lib/booking/appointments/access';
import { createBooking } from '@/lib/booking/appointments/create';
import { customerExists } from '@/lib/booking/appointments/read';
import { appointmentCardSchema } from '@/lib/booking/card-schema';
import { localDateOf, utcMsToLocal } from '@/lib/booking/dates';
import { deliverQueued } from '@/lib/booking/mails';
import { findVisitTimes } from '@/lib/booking/visit-availability';
import { therapistById } from '@/lib/catalog/catalog';
import { getDb, type Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { deskLocationBySlug } from './day';
import { bookedSentence, chooseTime, deskCard, legsOf, nextQuarterHour } from './desk-booking';
import { deskServicesById } from './desk-booking-services';
import { normalisePhone } from './phone';
import { changeVisit } from './visit';

/**
 * A walk-in: someone at the desk now. Booked at the next quarter hour (or the first free time after it today) with the
 * first free therapist who does the services, through the back office's create (`createBooking` with the staff member
 * as its author, the rules of `/api/appointments/bof/`), and checked in at once. A new walk-in may give a name only:
 * the account is marked `users.walk_in` (drizzle/0180 lets it have no e-mail and no phone), and with no address
 * nothing is ever mailed (lib/booking/mails.ts mails only an address).
 */

const phoneField = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = normalisePhone(value);
    if (phone === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Enter a phone number of 7 to 15 digits, like (212) 555-0142, or leave it empty.' });
      return z.NEVER;
    }
    return phone;
  });

export const walkInSchema = z.object({
  location: z.string().regex(/^[a-z]{1,30}$/, 'must be a location slug'),
  /** An existing customer, or a new walk-in by name (a phone number if they give one). */
  customer: z.union([
    z.object({ id: z.uuid('must be a customer id').transform((id) => id.toLowerCase()) }).strict(),
    z.object({ name: nameSchema, phone: phoneField.optional() }).strict(),
  ]),
  services: z.array(z.uuid('must be service ids')).min(1, 'Choose at least one service.').max(10, 'Choose at most 10 services.'),
});
export type WalkIn = z.output<typeof walkInSchema>;

export interface WalkInResult {
  customerId: string;
  customerName: string;
  appointmentIds: string[];
  /** 'HH:mm' New York time of the first service. */
  time: string;
  sentence: string;
  confirmation: number | null;
}

async function customerFor(db: Db, input: WalkIn['customer']): Promise<{ id: string; name: string; created: boolean }> {
  if ('id' in input) {
    if (!(await customerExists(db, input.id))) throw new ApiError(404, 'not_found', 'No such customer.');
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, input.id));
    return { id: input.id, name: row!.name, created: false };
  }
  const [row] = await db.insert(users).values({ name: input.name, phone: input.phone ?? null, walkIn: true }).returning({ id: users.id, name: users.name });
  return { id: row!.id, name: row!.name, created: true };
}

/** Books and checks in a walk-in at `location`; a 422 with a sentence when nobody who does the services is free today. */
export async function bookWalkIn(db: Db, actor: Actor, input: WalkIn, now: number = Date.now()): Promise<WalkInResult> {
  const place = deskLocationBySlug(input.location);
  if (!place) throw new ApiError(404, 'not_found', 'No such location.');
  const services = deskServicesById(place.id, input.services);
  if (new Set(services.map((s) => s.id)).size !== services.length) throw new ApiError(422, 'invalid', 'Each service can be chosen once.', { services: 'repeated' });
  const start = nextQuarterHour(now);
  const date = localDateOf(start);
  const areas = legsOf(services).map((leg) => ({ areaId: leg.areaId, therapistId: 0, duration: leg.minutes }));
  const answer = await findVisitTimes(db, { location: place.slug, areas, from: date, date, days: 1 }, now, undefined, {
    channel: 'desk',
    serviceIds: services.map((s) => s.id),
  });
  const chosen = chooseTime(answer.times, { time: utcMsToLocal(start).slice(11) });
  if (!chosen) throw new ApiError(422, 'no_time', `Nobody who does ${services.length === 1 ? 'this service' : 'these services'} is free at ${place.name} for the rest of today.`);
  const customer = await customerFor(db, input.customer);
  let result;
  try {
    result = await createBooking(db, { actor, customerId: customer.id, card: appointmentCardSchema.parse(deskCard(place.id, chosen, services)), createdBy: actor.userId, now });
  } catch (error) {
    // A walk-in account made for this booking alone goes with it: nothing else refers to it yet.
    if (customer.created) await db.delete(users).where(eq(users.id, customer.id));
    throw error;
  }
  const appointmentIds = result.card.appointments.map((a) => a.id);
  for (const id of appointmentIds) await changeVisit(db, actor, id, { action: 'attendance', attendance: 'checked_in' }, now);
  const name = (id: number) => therapistById(id)?.name ?? `therapist ${id}`;
  return {
    customerId: customer.id,
    customerName: customer.name,
    appointmentIds,
    time: chosen.time,
    sentence: bookedSentence(customer.name, chosen, name, true),
    confirmation: result.confirmation,
  };
}

/** POST /api/desk/walk-ins/: staff only (401, 403 before the body is read); 201 with the visit, checked in. */
export async function walkInHandler(request: Request): Promise<Response> {
  const session = await requireStaff(request);
  const input = await parseJsonBody(request, walkInSchema);
  const db = await getDb();
  const result = await bookWalkIn(db, { userId: session.user.id, role: session.user.role }, input);
  if (result.confirmation !== null) await afterAnswer(() => deliverQueued(db, [result.confirmation!]));
  const { confirmation: _queued, ...body } = result;
  return json(body, { status: 201 });
}

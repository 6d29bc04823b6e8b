import 'server-only';
import { z } from 'zod';
import { APPOINTMENT_STATES } from '@/lib/db/schema/booking';
import type { BookedCard } from './appointments/read';
import { cardAreaSchema, cardHeaderSchema, packageAvailabilitySchema } from './card-schema';
import { parseSlotStartIso, type SlotStartIso } from './dates';
import { readUpstream } from './upstream-customer';

/**
 * Proxy mode: the confirmation, account and calendar pages read the customer's bookings from the upstream's own
 * calls (GET /api/appointments/{customerId}/ and /{customerId}/{bookingId}/) with the visitor's cookies, in the
 * shape this site's API answers: the card of specification section 3 plus its `appointments` list.
 */

const slotStart = z.string().transform((value, ctx): SlotStartIso => {
  const parsed = parseSlotStartIso(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: 'not a UTC instant' });
    return z.NEVER;
  }
  return parsed;
});

const storedLineSchema = z.object({
  id: z.string(),
  svcId: z.string(),
  name: z.string(),
  serviceTypeId: z.number().int(),
  gen: z.number().int(),
  duration: z.number().int().nonnegative(),
  price: z.number().nonnegative(),
  pkgId: z.string().nullable(),
});

const appointmentViewSchema = z.object({
  id: z.string(),
  areaId: z.number().int(),
  areaName: z.string(),
  therapistId: z.number().int(),
  therapistName: z.string(),
  requestedTherapistId: z.number().int(),
  start: slotStart,
  end: slotStart,
  localStart: z.string(),
  status: z.enum(APPOINTMENT_STATES),
  price: z.number().nonnegative(),
  lines: z.array(storedLineSchema),
});

/** A booked card as the upstream answers it (without the request body's cross-field checks: a moved area may repeat). */
export const bookedCardSchema = z.object({
  header: cardHeaderSchema,
  svcAreas: z.array(cardAreaSchema),
  pkgAreas: z.array(cardAreaSchema).default([]),
  pkgAvailable: z.array(packageAvailabilitySchema).default([]),
  appointments: z.array(appointmentViewSchema),
}) satisfies z.ZodType<BookedCard, unknown>;

const listAnswerSchema = z.object({ cards: z.array(bookedCardSchema), pkgAvailable: z.array(packageAvailabilitySchema) });

export type UpstreamBookings = z.infer<typeof listAnswerSchema>;

export type UpstreamResult<T> = { kind: 'found'; value: T } | { kind: 'signed-out'; status: 401 | 403 } | { kind: 'unavailable'; reason: string };

async function readJson<T>(path: string, incoming: Headers, schema: z.ZodType<T>): Promise<UpstreamResult<T>> {
  const read = await readUpstream(path, incoming);
  if (read.kind !== 'answer') return read;
  const parsed = schema.safeParse(await read.response.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[booking] upstream answer to ${path.split('/').slice(0, 3).join('/')} not readable: ${parsed.error.message}`);
    return { kind: 'unavailable', reason: 'The salon service sent an answer that could not be read.' };
  }
  return { kind: 'found', value: parsed.data };
}

/** Every booking of the customer and their packages (whether each has sessions left), from the upstream. */
export function upstreamBookings(customerId: string, incoming: Headers): Promise<UpstreamResult<UpstreamBookings>> {
  return readJson(`/api/appointments/${encodeURIComponent(customerId)}/`, incoming, listAnswerSchema);
}

/**
 * One booking of the customer from the upstream. It answers 401 without a session, and 403 alike for a booking of
 * someone else, one that does not exist and a session of another customer (signed-out with that status).
 */
export function upstreamBooking(customerId: string, bookingId: string, incoming: Headers): Promise<UpstreamResult<BookedCard>> {
  return readJson(`/api/appointments/${encodeURIComponent(customerId)}/${encodeURIComponent(bookingId)}/`, incoming, bookedCardSchema);
}

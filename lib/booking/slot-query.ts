import 'server-only';
import { z } from 'zod';
import { parseDateInLocationTz, type DateInLocationTz } from './dates';
import { SLOT_STEP_MINUTES } from './slots';
import { MAX_BOOKING_MINUTES } from './visit-limits';

/** The request's side of the slot and visit-time lists: the path of `GET /api/slots/...` and the caller's query. */

const intString = (max: number) => z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).pipe(z.number().int().max(max));

export const slotParamsSchema = z.object({
  location: z.string().regex(/^(\d{1,6}|[a-z]{1,30})$/, 'must be a location id or slug'),
  areaId: intString(999_999),
  therapistId: intString(999_999),
  date: z.string().refine((v) => parseDateInLocationTz(v) !== undefined, 'must be a date YYYY-MM-DD').transform((v) => v as DateInLocationTz),
  duration: intString(999_999).refine(
    (n) => n >= SLOT_STEP_MINUTES && n <= MAX_BOOKING_MINUTES && n % SLOT_STEP_MINUTES === 0,
    `must be ${SLOT_STEP_MINUTES} to ${MAX_BOOKING_MINUTES} minutes in ${SLOT_STEP_MINUTES}-minute steps`,
  ),
});
export type SlotParams = z.output<typeof slotParamsSchema>;

export const slotCustomerQuerySchema = z.object({
  exceptBooking: z.string().uuid('must be a booking id').optional(),
  exceptArea: z.coerce.number().int().min(1).max(999).optional(),
  /** `services=id,id`: the services to be done; only therapists who do them all at the location are offered. */
  services: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('must be service ids, comma-separated').transform((id) => id.toLowerCase())).max(30))
    .optional(),
});

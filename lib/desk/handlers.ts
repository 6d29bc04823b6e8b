import 'server-only';
import { z } from 'zod';
import { ApiError, json, parseJsonBody, parseParams } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { parseDateInLocationTz, type DateInLocationTz } from '@/lib/booking/dates';
import { getDb } from '@/lib/db';
import { ATTENDANCE_STATES } from '@/lib/db/schema';
import { deskLocationBySlug, readDeskDay } from './day';
import { changeVisit, readDeskVisit } from './visit';

/**
 * The front desk's handlers behind app/api/desk/**: each checks the staff role (401 for a visitor, 403 for a customer)
 * before it reads its parameters, so nobody else learns even whether an id or a location exists.
 */

export const dayParamsSchema = z.object({
  location: z.string().regex(/^[a-z]{1,30}$/, 'must be a location slug'),
  date: z
    .string()
    .refine((v) => parseDateInLocationTz(v) !== undefined, 'must be a date YYYY-MM-DD')
    .transform((v) => v as DateInLocationTz),
});

export const visitParamsSchema = z.object({ id: z.uuid('must be an appointment id').transform((v) => v.toLowerCase()) });

export const visitChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('attendance'), attendance: z.enum(ATTENDANCE_STATES).nullable() }),
  z.object({
    action: z.literal('move'),
    date: z.string().refine((v) => parseDateInLocationTz(v) !== undefined, 'Choose a date.'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time.'),
    therapistId: z.number().int().min(1).max(10_000),
  }),
  z.object({ action: z.literal('cancel') }),
]);

/** GET /api/desk/day/{location}/{date}/: the day view's data, polled by the page. */
export async function deskDay(request: Request, params: unknown): Promise<Response> {
  await requireStaff(request);
  const { location, date } = parseParams(params, dayParamsSchema);
  const place = deskLocationBySlug(location);
  if (!place) throw new ApiError(404, 'not_found', `Unknown location '${location}'.`);
  return json(await readDeskDay(await getDb(), place, date), { headers: { 'cache-control': 'no-store' } });
}

/** PATCH /api/desk/appointments/{id}/: attendance, a move or a cancellation by the desk, recorded with who made it. */
export async function deskChangeVisit(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { id } = parseParams(params, visitParamsSchema);
  const change = await parseJsonBody(request, visitChangeSchema);
  const db = await getDb();
  await changeVisit(db, { userId: session.user.id, role: 'staff' }, id, change);
  const visit = await readDeskVisit(db, id);
  return json({ id, status: visit!.appointment.status, attendance: visit!.appointment.attendance, start: visit!.appointment.startsAt.toISOString(), therapistId: visit!.appointment.therapistId, events: visit!.events });
}

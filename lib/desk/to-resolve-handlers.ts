import 'server-only';
import { ApiError, json, parseParams } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { deskLocationBySlug, readDeskDay } from './day';
import { dayParamsSchema, visitParamsSchema } from './handlers';
import { notifyCustomer, reassignAll } from './to-resolve';

/**
 * The 'to resolve' list's own actions (a sick day). Reassigning one visit is the desk's move
 * (PATCH /api/desk/appointments/{id}/, same time, another therapist); these two are the list's alone. Each checks the
 * staff role first (401 visitor, 403 customer).
 */

/** POST /api/desk/day/{location}/{date}/reassign/: each visit of the day's list to the first free qualified therapist. */
export async function deskReassignAll(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { location, date } = parseParams(params, dayParamsSchema);
  const place = deskLocationBySlug(location);
  if (!place) throw new ApiError(404, 'not_found', `Unknown location '${location}'.`);
  const db = await getDb();
  const day = await readDeskDay(db, place, date);
  return json(await reassignAll(db, { userId: session.user.id, role: 'staff' }, day.toResolve));
}

/** POST /api/desk/appointments/{id}/notify/: mails the customer to choose another time, recorded as 'notified'. */
export async function deskNotifyCustomer(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { id } = parseParams(params, visitParamsSchema);
  return json(await notifyCustomer(await getDb(), { userId: session.user.id, role: 'staff' }, id));
}

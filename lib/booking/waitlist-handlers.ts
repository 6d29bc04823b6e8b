import 'server-only';
import { z } from 'zod';
import { json, parseJsonBody, parseParams, parseQuery, unauthorized } from '@/lib/api';
import { getDb } from '@/lib/db';
import { actorOf } from './handlers';
import { parseDateInLocationTz, type DateInLocationTz } from './dates';
import { joinWaitlist, leaveWaitlist, listWaitlist, waitlistJoinSchema } from './waitlist';

/**
 * The customer's waitlist behind app/api/waitlist/**: the caller is the signed-in customer from the session, and
 * each reaches only their own entries (the desk reads a day's list on its page, lib/booking/waitlist.ts).
 */

export const entryParamsSchema = z.object({ entryId: z.uuid('must be a waitlist entry id').transform((v) => v.toLowerCase()) });
/** GET takes no query; one sent is refused rather than ignored. */
const noQuery = z.object({}).strict();

async function customerOf(request: Request): Promise<string> {
  const actor = await actorOf(request);
  if (!actor) throw unauthorized();
  return actor.userId;
}

/** GET /api/waitlist/: the caller's entries from today on. */
export async function listWaitlistHandler(request: Request): Promise<Response> {
  parseQuery(request, noQuery);
  const customerId = await customerOf(request);
  return json({ entries: await listWaitlist(await getDb(), customerId) }, { headers: { 'cache-control': 'no-store' } });
}

/** POST /api/waitlist/: joins the waitlist of a day (201), or answers the same entry again (200). */
export async function joinWaitlistHandler(request: Request): Promise<Response> {
  const customerId = await customerOf(request);
  const input = await parseJsonBody(request, waitlistJoinSchema);
  const { entry, created } = await joinWaitlist(await getDb(), customerId, input);
  return json(entry, { status: created ? 201 : 200 });
}

/** DELETE /api/waitlist/{entryId}/: leaves one of the caller's entries (204); anyone else's is a 404. */
export async function leaveWaitlistHandler(request: Request, params: unknown): Promise<Response> {
  const { entryId } = parseParams(params, entryParamsSchema);
  const customerId = await customerOf(request);
  await leaveWaitlist(await getDb(), customerId, entryId);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

/** The desk page's GET form: a location id and a day, each checked; a wrong one shows the form again with a message. */
export const deskWaitlistQuerySchema = z.object({
  location: z.string().regex(/^\d{1,2}$/, 'Choose a location.').transform(Number),
  date: z
    .string()
    .refine((v) => parseDateInLocationTz(v) !== undefined, 'Choose a day (YYYY-MM-DD).')
    .transform((v) => v as DateInLocationTz),
});

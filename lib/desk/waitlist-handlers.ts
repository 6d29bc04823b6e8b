import 'server-only';
import { z } from 'zod';
import { ApiError, json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { parseSlotStartIso } from '@/lib/booking/dates';
import { createBackOfficeAppointment } from '@/lib/booking/handlers';
import { getDb } from '@/lib/db';
import { canBookAsIs, deskWaitlistEntry, freeTimesFor, takeOffWaitlist, waitlistCard } from './waitlist-desk';

/**
 * The desk's waitlist handlers behind app/api/desk/waitlist/{entryId}/**: staff only (401 signed out, 403 a
 * customer), checked before the address or the body is read.
 */

export const waitlistEntryParams = z.object({ entryId: z.uuid('must be a waitlist entry id').transform((v) => v.toLowerCase()) });

export const bookWaitlistSchema = z
  .object({ start: z.string({ error: 'Choose a time.' }).refine((v) => parseSlotStartIso(v) !== undefined, 'Choose one of the listed times.') })
  .strict();

const NO_ENTRY = 'This customer is no longer on the waitlist (booked or removed already).';

/** DELETE: takes the entry off the list, recorded as a change to the customer; 404 when it is gone already. */
export async function removeWaitlistEntryHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { entryId } = parseParams(params, waitlistEntryParams);
  const db = await getDb();
  const entry = await deskWaitlistEntry(db, entryId);
  if (!entry || !(await takeOffWaitlist(db, entry, { userId: session.user.id, name: session.user.name }, 'removed'))) throw notFound(NO_ENTRY);
  return json({ entryId, customerName: entry.customerName, left: true });
}

/**
 * POST { start }: books the entry's services at one of its free times through the back-office booking
 * (createBackOfficeAppointment, the handler of /api/appointments/bof/{customerId}/, with this request's session), then
 * takes the entry off the list. 409 when the time is no longer free; the booking's own refusals come back as they are.
 */
export async function bookWaitlistEntryHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { entryId } = parseParams(params, waitlistEntryParams);
  const { start } = await parseJsonBody(request, bookWaitlistSchema);
  const db = await getDb();
  const entry = await deskWaitlistEntry(db, entryId);
  if (!entry) throw notFound(NO_ENTRY);
  if (!canBookAsIs(entry)) {
    throw new ApiError(422, 'no_services', 'This entry names no services: book it from the customer\'s page.');
  }
  const time = (await freeTimesFor(db, entry)).find((t) => t.start === start);
  if (!time) throw new ApiError(409, 'time_taken', 'That time is no longer free. Please choose another.', { start: 'That time is no longer free. Please choose another.' });
  const path = `/api/appointments/bof/${entry.customerId}/`;
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['cookie', 'origin', 'user-agent']) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const booking = new Request(new URL(path, request.url), { method: 'POST', headers, body: JSON.stringify(waitlistCard(entry, time)) });
  const answer = await createBackOfficeAppointment(booking, { customerId: entry.customerId });
  if (!answer.ok) return answer;
  await takeOffWaitlist(db, entry, { userId: session.user.id, name: session.user.name }, 'booked');
  const card = (await answer.json()) as unknown;
  return json({ entryId, customerId: entry.customerId, customerName: entry.customerName, start: time.start, time: time.time, card }, { status: 201 });
}

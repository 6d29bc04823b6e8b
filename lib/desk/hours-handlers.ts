import 'server-only';
import { z } from 'zod';
import { json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { requireOwner } from '@/lib/auth/session';
import { localDateOf } from '@/lib/booking/dates';
import { catalogChanged } from '@/lib/catalog/live';
import { getDb } from '@/lib/db';
import { hoursDocument, locationBySlug, parseHoursInput, readLocationHours, saveLocationHours, visitsOutsideHours, type DeskLocation } from './hours';

/**
 * GET and PUT /api/desk/locations/{slug}/hours/: the owner's opening hours of a location. Owner only (401 signed out,
 * 403 a customer or the front desk), checked before the location is even looked up; an unknown slug is a 404.
 */

const paramsSchema = z.object({ slug: z.string().max(60) });

function locationOf(params: unknown): DeskLocation {
  const { slug } = parseParams(params, paramsSchema);
  const location = locationBySlug(slug);
  if (!location) throw notFound(`Unknown location '${slug}'.`);
  return location;
}

/** GET: the week, the special hours from today on, the minimum notice, and the booked visits outside the hours. */
export async function readHoursHandler(request: Request, params: unknown): Promise<Response> {
  await requireOwner(request);
  const location = locationOf(params);
  const db = await getDb();
  const now = Date.now();
  const hours = await readLocationHours(db, location.id, localDateOf(now));
  return json({ ...hoursDocument(location, hours), outsideHours: await visitsOutsideHours(db, location.id, hours, now) });
}

/**
 * PUT { week, special, minNoticeMinutes }: replaces them (special hours from today on) in one transaction with its
 * activity entry and catalogue publish, then reloads this instance's catalogue, so slots and pages follow. Bad input
 * is a 422 with a sentence on each field, and nothing changes. The answer is GET's, with `changed` and the booked
 * visits the new hours leave outside them, for the desk to move.
 */
export async function saveHoursHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const location = locationOf(params);
  const body = await parseJsonBody(request, z.unknown());
  const now = Date.now();
  const today = localDateOf(now);
  const input = parseHoursInput(body, today);
  const db = await getDb();
  const saved = await saveLocationHours(db, location, input, { userId: session.user.id, name: session.user.name }, today);
  if (saved.changed) await catalogChanged(db);
  return json({ ...hoursDocument(location, saved.hours), changed: saved.changed, outsideHours: await visitsOutsideHours(db, location.id, saved.hours, now) });
}

import 'server-only';
import { json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { requireOwner } from '@/lib/auth/session';
import { catalogChanged } from '@/lib/catalog/live';
import { getDb } from '@/lib/db';
import { newTherapistSchema, therapistChangeSchema, therapistParamsSchema } from './therapist-schemas';
import { changeTherapist, createTherapist, listTherapists, readTherapist, retireTherapist } from './therapists';

/**
 * /api/desk/therapists/ and /api/desk/therapists/{id}/: the owner's team. The role is checked before anything is read
 * (401 a visitor, 403 a customer or the front desk). A change is published in its transaction; this instance's
 * catalogue is reloaded after the commit, so the desk's next request sees it.
 */

const actorOf = (session: Awaited<ReturnType<typeof requireOwner>>) => ({ userId: session.user.id, name: session.user.name });

/** GET: every therapist (retired ones too, marked), with where they work and the services they do there. */
export async function therapistsHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  return json({ therapists: await listTherapists(await getDb()) });
}

/** POST { name, bio?, photoId?, work: [{ location, serviceIds?, areaIds?, tabs? }] }: 201 with the new therapist. */
export async function createTherapistHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, newTherapistSchema);
  const db = await getDb();
  const therapist = await createTherapist(db, actorOf(session), input);
  await catalogChanged(db);
  return json({ therapist }, { status: 201, headers: { location: `/api/desk/therapists/${therapist.id}/` } });
}

/** PATCH: any of name, bio, photoId, work (a whole new list). Answers the therapist and any shift taken off the rosters. */
export async function changeTherapistHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, therapistParamsSchema);
  const change = await parseJsonBody(request, therapistChangeSchema);
  const db = await getDb();
  const result = await changeTherapist(db, actorOf(session), id, change);
  await catalogChanged(db);
  return json(result);
}

/** DELETE: retires the therapist (200), or 409 with the visits still to come that must be moved first. */
export async function retireTherapistHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, therapistParamsSchema);
  const db = await getDb();
  if (!(await readTherapist(db, id))) throw notFound('There is no such therapist.');
  const outcome = await retireTherapist(db, actorOf(session), id);
  if (outcome.kind === 'visits_to_come') {
    const count = outcome.visits.length;
    const message = `${outcome.name} has ${count} visit${count === 1 ? '' : 's'} to come. Move ${count === 1 ? 'it' : 'them'} to another therapist or cancel ${count === 1 ? 'it' : 'them'}, then retire ${outcome.name}.`;
    return json({ error: { code: 'visits_to_come', message }, visits: outcome.visits }, { status: 409 });
  }
  await catalogChanged(db);
  return json(outcome);
}

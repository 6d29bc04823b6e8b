import 'server-only';
import { ApiError, json, parseParams } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { allServiceItems, isDoneAt, serviceById } from '@/lib/catalog/catalog';
import { AREAS, SERVICE_TYPE_LABELS, type AreaId, type ServiceTypeFlag } from '@/lib/catalog/tables';
import { z } from 'zod';
import { deskLocationBySlug } from './day';
import type { DeskService, DeskServicesAnswer } from './desk-booking';

const toDeskService = (item: NonNullable<ReturnType<typeof serviceById>>): DeskService => ({
  id: item.id,
  name: item.name,
  kind: `${SERVICE_TYPE_LABELS[item.svcType as ServiceTypeFlag] ?? 'Service'}${item.gen === 1 ? ', men' : ''}`,
  areaId: item.areaId,
  svcType: item.svcType,
  gen: item.gen as 0 | 1,
  duration: item.duration,
  price: item.price,
});

/**
 * The services the desk may book at a location (the back office's channel: some therapist does it there, bookable
 * online or not; lib/catalog/catalog.ts isDoneAt), grouped by area in the catalogue's order, from the live snapshot.
 */
export function deskServices(location: number): DeskServicesAnswer {
  const byArea = new Map<number, DeskService[]>();
  for (const item of allServiceItems()) {
    if (!isDoneAt(item.id, location)) continue;
    const list = byArea.get(item.areaId) ?? [];
    list.push(toDeskService(item));
    byArea.set(item.areaId, list);
  }
  const areas = [...byArea]
    .sort(([a], [b]) => a - b)
    .map(([id, services]) => ({ id, name: AREAS[id as AreaId], services: services.sort((a, b) => a.gen - b.gen) }));
  return { location, areas };
}

/** The desk services named by id at a location, in the order given; a 422 naming the first that is not one. */
export function deskServicesById(location: number, ids: readonly string[]): DeskService[] {
  return ids.map((id) => {
    const item = serviceById(id.toLowerCase());
    if (!item || !isDoneAt(item.id, location)) throw new ApiError(422, 'invalid', 'One of these services is not done at this location. Choose it again from the list.', { services: 'not done here' });
    return toDeskService(item);
  });
}

const params = z.object({ location: z.string().regex(/^[a-z]{1,30}$/, 'must be a location slug') });

/** GET /api/desk/services/{location}/: staff only (401, 403 before the address is read); 404 for no such location. */
export async function deskServicesHandler(request: Request, raw: unknown): Promise<Response> {
  await requireStaff(request);
  const { location } = parseParams(raw, params);
  const place = deskLocationBySlug(location);
  if (!place) throw new ApiError(404, 'not_found', 'No such location.');
  return json(deskServices(place.id));
}

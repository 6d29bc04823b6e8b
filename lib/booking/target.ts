import 'server-only';
import { notFound } from '@/lib/api/errors';
import { isAreaOfferedAt, isBookableAt, isRetiredService, serviceById, therapistById, therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { locationBySlug } from '@/lib/catalog/routes';
import { ANY_THERAPIST_ID, AREAS, LOCATIONS, type AreaId, type LocationId } from '@/lib/catalog/tables';
import { listOfNames as listOf, notOfferedIn } from './messages';

/** A location from its id (0 reads as 1) or slug; undefined when unknown. */
export function resolveLocation(value: string): LocationId | undefined {
  if (/^\d+$/.test(value)) {
    const id = Number(value) === 0 ? 1 : Number(value);
    return LOCATIONS.find((l) => l.id === id)?.id;
  }
  return locationBySlug(value)?.id;
}

export interface BookableTarget {
  location: LocationId;
  areaId: AreaId;
  /** 0 for any therapist. */
  therapistId: number;
  /** The named therapists who serve the area at the location (and do every service asked for, when some were). */
  candidates: number[];
}

/**
 * Who is asking. 'online': a customer or visitor, held to what each location books online (the specification's
 * offerings, per service). 'desk': the front desk, who may book any service a therapist does at a location, where
 * nothing is bookable online too (Williamsburg).
 */
export type BookingChannel = 'online' | 'desk';

export interface TargetOptions {
  channel?: BookingChannel;
  /** The services of the area to be done (a card's lines): only therapists who do every one of them there qualify. */
  serviceIds?: readonly string[];
}

/**
 * Checks a location, area and therapist the way the slots answer needs: each unknown one is a 404 with a message
 * that says which. The candidates are the therapists who do a service of the area there (therapist_services), or,
 * with `serviceIds`, every one of those services.
 */
export function resolveTarget(locationParam: string, areaId: number, therapistId: number, options: TargetOptions = {}): BookableTarget {
  const location = resolveLocation(locationParam);
  if (location === undefined) throw notFound(`Unknown location '${locationParam}'.`);
  if (!(areaId in AREAS)) throw notFound(`Unknown area ${areaId}.`);
  const name = LOCATIONS.find((l) => l.id === location)!.name;
  const inArea = therapistsFor(location, areaId)
    .map((t) => t.id)
    .filter((id) => id !== ANY_THERAPIST_ID);
  if ((options.channel ?? 'online') === 'online' ? !isAreaOfferedAt(location, areaId) : inArea.length === 0) {
    throw notFound(options.channel === 'desk' ? `Nobody does ${AREAS[areaId as AreaId]} at ${name}.` : `${AREAS[areaId as AreaId]} cannot be booked online at ${name}.`);
  }
  const serviceIds = options.serviceIds ?? [];
  if ((options.channel ?? 'online') === 'online') {
    // A service the owner made not bookable here (or anywhere) gets no times and no booking; a retired one is said
    // to be no longer offered where the card's lines are checked (planning.ts).
    const unbookable = serviceIds.map((id) => id.toLowerCase()).filter((id) => !isRetiredService(id) && !isBookableAt(id, location));
    if (unbookable.length > 0) {
      const names = unbookable.map((id) => serviceById(id)?.name ?? id);
      throw notFound(`${notOfferedIn(names, name)} online: please take ${names.length === 1 ? 'it' : 'them'} out of your booking.`);
    }
  }
  const doing = serviceIds.length > 0 ? new Set(therapistsDoing(location, serviceIds)) : undefined;
  const candidates = doing ? inArea.filter((id) => doing.has(id)) : inArea;
  if (therapistId !== ANY_THERAPIST_ID && !candidates.includes(therapistId)) {
    if (inArea.includes(therapistId) && doing) {
      const missing = serviceIds.filter((id) => !therapistsDoing(location, [id]).includes(therapistId)).map((id) => serviceById(id)?.name ?? id);
      throw notFound(`${therapistById(therapistId)?.name ?? `Therapist ${therapistId}`} does not do ${listOf(missing)} at ${name}.`);
    }
    throw notFound(`Therapist ${therapistId} does not work in ${AREAS[areaId as AreaId]} at this location.`);
  }
  return { location, areaId: areaId as AreaId, therapistId, candidates };
}

import { searchParam, type ParamSource } from '@/lib/routing/search-param';
import { isGuid } from '@/lib/validation';

/**
 * A booking page address that names services (the waitlist's freed-time mail): `svc` the catalogue ids joined by '.',
 * `loc` their location. The page offers to add those its booking cart lacks, so the link works on any device.
 */
export const LINKED_SERVICES_PARAM = 'svc';
export const LINKED_LOCATION_PARAM = 'loc';

export interface LinkedServices {
  ids: string[];
  location?: number;
}

/** The linked services of an address: well-formed ids only (at most 20, each once); nothing is an error. */
export function parseLinkedServices(source: ParamSource): LinkedServices {
  const ids = [...new Set((searchParam(source, LINKED_SERVICES_PARAM) ?? '').toLowerCase().split('.').filter((id) => isGuid(id) && !id.startsWith('{')))].slice(0, 20);
  const location = Number(searchParam(source, LINKED_LOCATION_PARAM));
  return Number.isInteger(location) && location > 0 && location < 1000 ? { ids, location } : { ids };
}

/**
 * A booking page address that names services (the waitlist's freed-time mail): `svc` the catalogue ids joined by '.',
 * `loc` their location. The page offers to add those its booking cart lacks, so the link works on any device.
 */
export const LINKED_SERVICES_PARAM = 'svc';
export const LINKED_LOCATION_PARAM = 'loc';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface LinkedServices {
  ids: string[];
  location?: number;
}

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(source: ParamSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined;
  const value = source[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The linked services of an address: well-formed ids only (at most 20, each once); nothing is an error. */
export function parseLinkedServices(source: ParamSource): LinkedServices {
  const ids = [...new Set((read(source, LINKED_SERVICES_PARAM) ?? '').toLowerCase().split('.').filter((id) => UUID.test(id)))].slice(0, 20);
  const location = Number(read(source, LINKED_LOCATION_PARAM));
  return Number.isInteger(location) && location > 0 && location < 1000 ? { ids, location } : { ids };
}

/*
 * The part of the specification's tables the browser's stores need at once (a location's id and what it offers
 * online), apart from tables.ts so that the first-load JavaScript of every page does not carry the whole catalogue
 * table module (which imports nothing from here but these values: no cycle). tables.ts exports them again, typed with
 * its service-type flags.
 */

/** The four locations by slug. 0 means unset and reads as the default, 1. */
export const LOCATIONS = [
  { id: 1, slug: 'soho', name: 'SoHo' },
  { id: 2, slug: 'midtown', name: 'Midtown' },
  { id: 3, slug: 'williamsburg', name: 'Williamsburg' },
  { id: 4, slug: 'nolita', name: 'Nolita' },
] as const;
export type LocationId = (typeof LOCATIONS)[number]['id'];
export const DEFAULT_LOCATION: LocationId = 1;

/** Service types each location offers online (specification section 6, DESIGN.md). 'all' for location 1. */
export const LOCATION_OFFERINGS: Record<LocationId, 'all' | readonly number[]> = {
  1: 'all',
  2: [1, 2, 4, 8, 64],
  3: [],
  4: [1, 2, 4, 64],
};

/** 0 (unset), a missing value or anything unknown reads as the default location, 1. */
export function normaliseLocation(value: unknown): LocationId {
  const id = typeof value === 'string' ? Number(value) : value;
  return LOCATIONS.some((location) => location.id === id) ? (id as LocationId) : 1;
}

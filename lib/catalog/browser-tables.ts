/**
 * The tables the browser needs on every page (genders, the menu's tabs, the locations and what each offers online,
 * the booking areas), apart from the rest of ./tables, which re-exports them. The header, the stores and the menu rows
 * read these; importing ./tables from a client component would put the whole catalogue vocabulary into the first-load
 * JavaScript (browser-tables.test.ts keeps it out).
 */

export const GENDERS = [0, 1] as const;
export type Gender = (typeof GENDERS)[number];
export const WOMEN: Gender = 0;
export const MEN: Gender = 1;
export const GENDER_SLUG: Record<Gender, 'women' | 'men'> = { 0: 'women', 1: 'men' };

/** Service categories, which are the menu's tabs. */
export const TABS = [
  { id: 0, name: 'wax', label: 'Waxing', men: ['mens-wax'], women: ['womens-wax'] },
  { id: 1, name: 'laser', label: 'Laser Hair Removal', men: ['mens-laser'], women: ['womens-laser'] },
  { id: 2, name: 'brow-touch', label: 'Brows & Lashes', men: ['mens-brow-touch'], women: ['womens-brow-touch'] },
  { id: 3, name: 'skin-care', label: 'Skincare', men: ['mens-skin-care'], women: ['womens-skin-care'] },
  { id: 4, name: 'laser-patch-test', label: 'Laser Patch Test', men: ['mens-lpt'], women: ['womens-lpt'] },
  { id: 5, name: 'bodycare-massage', label: 'Body Care & Massage', men: ['mens-bodycare-massage'], women: ['womens-bodycare-massage'] },
  { id: 6, name: 'hair-ingrown-care', label: 'Ingrown-Hair Care', men: ['mens-hair-ingrown-care'], women: ['womens-hair-ingrown-care'] },
  { id: 7, name: 'laser-tattoo-removal', label: 'Laser Tattoo Removal', men: ['mens-laser-tattoo-removal'], women: ['womens-laser-tattoo-removal'] },
  { id: 8, name: 'sugaring', label: 'Sugaring', men: ['mens-sugaring', 'sugaring-hair-for-men'], women: ['sugaring-hair-removal'] },
  { id: 9, name: 'favorites', label: 'Favorites', men: ['favorites'], women: ['favorites'] },
] as const;

export type Tab = (typeof TABS)[number];
export type TabId = Tab['id'];
export type TabName = Tab['name'];
export const FAVORITES_TAB_ID = 9;

/** The four locations by slug. 0 means unset and reads as the default, 1. */
export const LOCATIONS = [
  { id: 1, slug: 'soho', name: 'SoHo' },
  { id: 2, slug: 'midtown', name: 'Midtown' },
  { id: 3, slug: 'williamsburg', name: 'Williamsburg' },
  { id: 4, slug: 'nolita', name: 'Nolita' },
] as const;
export type LocationId = (typeof LOCATIONS)[number]['id'];
export type LocationSlug = (typeof LOCATIONS)[number]['slug'];
export const DEFAULT_LOCATION: LocationId = 1;

/** Service types each location offers online (specification section 6, DESIGN.md). 'all' for location 1. */
export const LOCATION_OFFERINGS: Record<LocationId, 'all' | readonly number[]> = {
  1: 'all',
  2: [1, 2, 4, 8, 64],
  3: [],
  4: [1, 2, 4, 64],
};

/** Catalogue areas. */
export const AREAS = {
  1: 'Hair Removal',
  2: 'Brow & Lashes',
  3: 'Skincare',
  4: 'Massage & Cupping',
  5: 'Laser Tattoo Removal',
  6: 'Ingrown-Hair Care',
} as const;
export type AreaId = 1 | 2 | 3 | 4 | 5 | 6;
export const AREA_IDS: readonly AreaId[] = [1, 2, 3, 4, 5, 6];

/**
 * The fixed tables of the specification (sections 3 and 9): service-type flags, short codes,
 * categories (tabs), body parts, discount ids and locations. Every other module reads them from here.
 */

import { SITE_NAME as NAME } from '../site';
import { DEFAULT_LOCATION as DEFAULT_LOCATION_ID, LOCATION_OFFERINGS as OFFERINGS, LOCATIONS as LOCATION_LIST } from './location-table';

export const GENDERS = [0, 1] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_SLUG: Record<Gender, 'women' | 'men'> = { 0: 'women', 1: 'men' };

/** Service-type bit flags. In each pair the lower value is women's, the higher men's. */
export const SERVICE_TYPE_FLAGS = {
  WAX_WOMEN: 1,
  WAX_MEN: 2,
  LASER_WOMEN: 4,
  LASER_MEN: 8,
  ADDONS_CUPPING_WOMEN: 16,
  EYELASHES: 32,
  BROWS_WOMEN: 64,
  BROWS_MEN: 128,
  THREADING_WOMEN: 256,
  THREADING_MEN: 512,
  BIKINI_FACIAL_INGROWN: 1024,
  INGROWN_CARE: 2048,
  LPT_WOMEN: 4096,
  LPT_MEN: 8192,
  NY_FAVORITES_WOMEN: 16384,
  ENDO_ADDONS_WOMEN: 32768,
  NY_FAVORITES_MEN: 65536,
  ENDO_ADDONS_MEN: 131072,
  LASER_PEELS_WOMEN: 262144,
  LASER_PEELS_MEN: 524288,
  MICROBLADING_LIP_EYELINER: 1048576,
  MICROBLADING: 2097152,
  LASH_CURL: 4194304,
  ADDONS_CUPPING_MEN: 8388608,
  MASSAGE_WOMEN: 16777216,
  MASSAGE_MEN: 33554432,
  ENDO_WOMEN: 67108864,
  ENDO_MEN: 134217728,
  TATTOO_WOMEN: 268435456,
  TATTOO_MEN: 536870912,
  SUGARING: 1073741824,
} as const;

export type ServiceTypeFlag = (typeof SERVICE_TYPE_FLAGS)[keyof typeof SERVICE_TYPE_FLAGS];

/** Label of each flag, as the flag table of the specification names it. */
export const SERVICE_TYPE_LABELS: Record<ServiceTypeFlag, string> = {
  1: 'Wax',
  2: 'Wax',
  4: 'Laser',
  8: 'Laser',
  16: 'Add-Ons & Cupping',
  8388608: 'Add-Ons & Cupping',
  32: 'Eyelashes',
  64: 'Brows',
  128: 'Brows',
  256: 'Face Threading',
  512: 'Face Threading',
  1024: 'Bikini Facial & Hair Ingrown Care',
  2048: 'Hair Ingrown Care',
  4096: 'LPT',
  8192: 'LPT',
  16384: 'New York Favorites',
  65536: 'New York Favorites',
  32768: 'Endo Spherring & Add-Ons',
  131072: 'Endo Spherring & Add-Ons',
  262144: 'Laser Treatments & Advance Peels',
  524288: 'Laser Treatments & Advance Peels',
  1048576: 'Microblading, Lip Blush & Eyeliner',
  2097152: 'Microblading',
  4194304: 'Lash Curl-Up, Color & Lamination',
  16777216: 'Massage Therapy',
  33554432: 'Massage Therapy',
  67108864: 'Endo Spherring',
  134217728: 'Endo Spherring',
  268435456: 'Laser Tattoo Removal',
  536870912: 'Laser Tattoo Removal',
  1073741824: 'Sugaring',
};

export const ALL_SERVICE_TYPE_FLAGS = Object.values(SERVICE_TYPE_FLAGS) as ServiceTypeFlag[];

export function isServiceTypeFlag(value: number): value is ServiceTypeFlag {
  return (ALL_SERVICE_TYPE_FLAGS as number[]).includes(value);
}

/** Add-on and massage codes whose shown duration is 15 minutes shorter, except 'Heeled' titles. */
export const SHORTENED_DURATION_FLAGS: readonly number[] = [16, 8388608, 33554432, 16777216];

export const SHORT_CODES = {
  W: 'wax',
  L: 'laser',
  EL: 'eyelashes',
  LB: 'lash',
  BR: 'brows/threading',
  MB: 'microblading',
  SC: 'skincare',
  BC: 'body care/massage',
  TR: 'tattoo removal',
  CP: 'cupping/add-ons',
  SG: 'sugaring',
  MD: 'hair ingrown care',
  BF: 'bikini facial',
  PT: 'patch test',
} as const;
export type ShortCode = keyof typeof SHORT_CODES;

/** Short code of each service-type flag. */
export const SHORT_CODE_BY_FLAG: Record<ServiceTypeFlag, ShortCode> = {
  1: 'W', 2: 'W', 4: 'L', 8: 'L', 16: 'CP', 8388608: 'CP', 32: 'EL', 64: 'BR', 128: 'BR', 256: 'BR', 512: 'BR',
  1024: 'BF', 2048: 'MD', 4096: 'PT', 8192: 'PT', 16384: 'SC', 65536: 'SC', 32768: 'SC', 131072: 'SC',
  262144: 'SC', 524288: 'SC', 1048576: 'MB', 2097152: 'MB', 4194304: 'LB', 16777216: 'BC', 33554432: 'BC',
  67108864: 'BC', 134217728: 'BC', 268435456: 'TR', 536870912: 'TR', 1073741824: 'SG',
};

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
export const FAVORITES_TAB_ID = 9;

/** Which service-type flags each tab shows. The favourites tab shows favourited items of any type. */
export const TAB_SERVICE_TYPES: Record<Exclude<TabId, 9>, readonly ServiceTypeFlag[]> = {
  0: [1, 2],
  1: [4, 8],
  2: [32, 64, 128, 256, 512, 1048576, 2097152, 4194304],
  3: [16384, 65536, 32768, 131072, 262144, 524288],
  4: [4096, 8192],
  5: [16777216, 33554432, 16, 8388608, 67108864, 134217728],
  6: [1024, 2048],
  7: [268435456, 536870912],
  8: [1073741824],
};

/** Body-part groups (bp). */
export const BODY_PARTS = {
  1: 'Face',
  2: 'Upper Body',
  4: 'Brazilian',
  8: 'Brozilian',
  16: 'Lower Body',
  32: 'Hands & Feet',
  51: 'Any',
} as const;
export type BodyPart = 1 | 2 | 4 | 8 | 16 | 32 | 51;
export const BODY_PART_VALUES = [1, 2, 4, 8, 16, 32, 51] as const;

/** Discount ids and their percentages (specification section 9). */
export const DISCOUNTS = { 7: 50, 8: 40, 9: 35, 10: 30, 11: 25, 12: 20, 14: 15, 15: 10 } as const;
export type DiscountId = 7 | 8 | 9 | 10 | 11 | 12 | 14 | 15;
export const DISCOUNT_IDS = [7, 8, 9, 10, 11, 12, 14, 15] as const;

export function discountIdForPercent(percent: number): DiscountId | undefined {
  return DISCOUNT_IDS.find((id) => DISCOUNTS[id] === percent);
}

/** Package kinds (pvType). */
export const PACKAGE_TYPE = { MULTI_SESSION: 3, BUNDLE: 4 } as const;
export const PACKAGE_SIZES = [1, 2, 3, 4, 5, 6, 9] as const;

// The locations and what each offers online live in location-table.ts, which the stores read without this module.
// Exported again as constants, not with `export … from`.
export const LOCATIONS = LOCATION_LIST;
export type LocationId = (typeof LOCATIONS)[number]['id'];
export type LocationSlug = (typeof LOCATIONS)[number]['slug'];
export const DEFAULT_LOCATION: LocationId = DEFAULT_LOCATION_ID;
export const LOCATION_OFFERINGS = OFFERINGS as Record<LocationId, 'all' | readonly ServiceTypeFlag[]>;
export const LOCATION_TIME_ZONE = 'America/New_York';

/** Opening hours, local time, by day of week (0 Sunday). */
export const OPENING_HOURS: Record<0 | 1 | 2 | 3 | 4 | 5 | 6, { start: number; hours: number }> = {
  0: { start: 11, hours: 7 },
  1: { start: 10, hours: 10 },
  2: { start: 10, hours: 10 },
  3: { start: 10, hours: 10 },
  4: { start: 10, hours: 10 },
  5: { start: 10, hours: 10 },
  6: { start: 11, hours: 8 },
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

/**
 * The SKU prefix of each section, by service-type flag and gender. The specification names WWHR, WLHR, WLPT, WDHR,
 * WSHR, MWHR and MLHR; the others follow the same shape (gender letter, section letters, 'HR' or a code).
 */
export const SKU_PREFIX_BY_FLAG: Record<ServiceTypeFlag, Record<Gender, string>> = {
  1: { 0: 'WWHR', 1: 'MWHR' },
  2: { 0: 'WWHR', 1: 'MWHR' },
  4: { 0: 'WLHR', 1: 'MLHR' },
  8: { 0: 'WLHR', 1: 'MLHR' },
  4096: { 0: 'WLPT', 1: 'MLPT' },
  8192: { 0: 'WLPT', 1: 'MLPT' },
  1024: { 0: 'WDHR', 1: 'MDHR' },
  2048: { 0: 'WDHR', 1: 'MDHR' },
  1073741824: { 0: 'WSHR', 1: 'MSHR' },
  32: { 0: 'WELS', 1: 'MELS' },
  4194304: { 0: 'WLSH', 1: 'MLSH' },
  64: { 0: 'WBRW', 1: 'MBRW' },
  128: { 0: 'WBRW', 1: 'MBRW' },
  256: { 0: 'WTHR', 1: 'MTHR' },
  512: { 0: 'WTHR', 1: 'MTHR' },
  1048576: { 0: 'WMBL', 1: 'MMBL' },
  2097152: { 0: 'WMBL', 1: 'MMBL' },
  16384: { 0: 'WSKC', 1: 'MSKC' },
  65536: { 0: 'WSKC', 1: 'MSKC' },
  32768: { 0: 'WSKA', 1: 'MSKA' },
  131072: { 0: 'WSKA', 1: 'MSKA' },
  262144: { 0: 'WSKP', 1: 'MSKP' },
  524288: { 0: 'WSKP', 1: 'MSKP' },
  16777216: { 0: 'WMSG', 1: 'MMSG' },
  33554432: { 0: 'WMSG', 1: 'MMSG' },
  16: { 0: 'WCPA', 1: 'MCPA' },
  8388608: { 0: 'WCPA', 1: 'MCPA' },
  67108864: { 0: 'WEND', 1: 'MEND' },
  134217728: { 0: 'WEND', 1: 'MEND' },
  268435456: { 0: 'WTTR', 1: 'MTTR' },
  536870912: { 0: 'WTTR', 1: 'MTTR' },
};

export const LUNCH_SKUS = ['LNCH001', 'LNCH002'] as const;
export const ANY_THERAPIST_ID = 0;
export const ANY_THERAPIST_NAME = 'Any Therapists';
export const SITE_NAME = NAME;

/** The area each service type belongs to: therapist and date are chosen per area when booking. */
export const AREA_BY_FLAG: Record<ServiceTypeFlag, AreaId> = {
  1: 1, 2: 1, 4: 1, 8: 1, 4096: 1, 8192: 1, 1073741824: 1,
  32: 2, 64: 2, 128: 2, 256: 2, 512: 2, 1048576: 2, 2097152: 2, 4194304: 2,
  16384: 3, 65536: 3, 32768: 3, 131072: 3, 262144: 3, 524288: 3,
  16777216: 4, 33554432: 4, 16: 4, 8388608: 4, 67108864: 4, 134217728: 4,
  268435456: 5, 536870912: 5,
  1024: 6, 2048: 6,
};

/** The genders a service-type flag serves: the lower of a pair is women's, the higher men's. */
export const FLAG_GENDERS: Record<ServiceTypeFlag, readonly Gender[]> = {
  1: [0], 2: [1], 4: [0], 8: [1], 16: [0], 8388608: [1], 32: [0], 64: [0], 128: [1], 256: [0], 512: [1],
  1024: [0], 2048: [1], 4096: [0], 8192: [1], 16384: [0], 65536: [1], 32768: [0], 131072: [1], 262144: [0],
  524288: [1], 1048576: [0], 2097152: [1], 4194304: [0], 16777216: [0], 33554432: [1], 67108864: [0],
  134217728: [1], 268435456: [0], 536870912: [1], 1073741824: [0, 1],
};

/** Image folder (category) of each tab, for /images/services/{category}/{women|men}/{moniker}.jpg. */
export function tabIdForFlag(flag: ServiceTypeFlag): Exclude<TabId, 9> {
  for (const [tabId, flags] of Object.entries(TAB_SERVICE_TYPES)) {
    if ((flags as readonly number[]).includes(flag)) return Number(tabId) as Exclude<TabId, 9>;
  }
  throw new Error(`No tab shows service type ${flag}`);
}

/** The embedded catalogue: every service, package, bundle, service type, therapist and roster entry. */
import type { PackageOffer, ServiceItem } from '../schema';
import { AREA_BY_FLAG, FLAG_GENDERS, SERVICE_TYPE_LABELS, type AreaId, type Gender, type ServiceTypeFlag } from '../tables';
import { attachBundle, buildSection, type Section } from './build';

export { packageTexts, discountTitles, slugify, type PackageTexts, type Section, type Tier } from './build';
import { BUNDLE_SPECS } from './bundles';
import { MENS_SECTIONS } from './mens';
import { WOMENS_SECTIONS } from './womens';

export { THERAPISTS, ROSTER, type RosterEntry, type Weekday } from './therapists';
export { SEED_BANNERS, SEED_NEWS, type SeedBanner, type SeedNewsCard } from './home';
export { SEED_DEPOSITS } from './deposits';

const SECTIONS: readonly Section[] = [...WOMENS_SECTIONS, ...MENS_SECTIONS];

export const SERVICE_ITEMS: readonly ServiceItem[] = SECTIONS.flatMap(buildSection);

/** The section of a service type and gender: how its services' monikers, titles and packages' words are made. */
export function sectionFor(flag: number, gen: number): Section | undefined {
  return SECTIONS.find((section) => section.flag === flag && section.gen === gen);
}

const byMoniker = new Map(SERVICE_ITEMS.map((item) => [item.moniker, item]));

/** One offer per service a bundle holds; the offers of one bundle share pvId, pvSku and price. */
export const BUNDLES: readonly PackageOffer[] = BUNDLE_SPECS.flatMap((spec) => attachBundle(spec, byMoniker));

export interface ServiceTypeRecord {
  id: ServiceTypeFlag;
  areaId: AreaId;
  name: string;
  color: string;
  boxid: number;
  gen: Gender;
}

/** Menu colour of each area, shared by its service types. */
const AREA_COLORS: Record<AreaId, string> = {
  1: '#84203c',
  2: '#6b3fa0',
  3: '#1f6f6b',
  4: '#8a5a14',
  5: '#35506b',
  6: '#9c3d6b',
};

/** Service types in menu order, one record per gender they serve (sugaring serves both). */
export const SERVICE_TYPES: readonly ServiceTypeRecord[] = SECTIONS.map((section, index) => {
  if (!FLAG_GENDERS[section.flag].includes(section.gen)) throw new Error(`Flag ${section.flag} is not for gender ${section.gen}`);
  const areaId = AREA_BY_FLAG[section.flag];
  return { id: section.flag, areaId, name: SERVICE_TYPE_LABELS[section.flag], color: AREA_COLORS[areaId], boxid: index + 1, gen: section.gen };
});

import { offerOriginalPrice as originalPrice } from '@/lib/catalog/format';
import {
  allGroupedPackages,
  allServiceItems,
  isBookableAt,
  isOfferedAt,
  offersAnything,
  retiredServiceByMoniker,
  serviceByMoniker,
  servicesFor,
  specialsFor,
  type GroupedPackage,
} from '@/lib/catalog/catalog';
import { catalogSnapshot, type CatalogSnapshot } from '@/lib/catalog/snapshot';
import { allGenderedSegments, parseServiceSegment, segmentForTab, servicesPath, specialsPath, tabById } from '@/lib/catalog/routes';
import type { ServiceItem } from '@/lib/catalog/schema';
import {
  DEFAULT_LOCATION,
  FAVORITES_TAB_ID,
  PACKAGE_TYPE,
  TABS,
  tabIdForFlag,
  type Gender,
  type ServiceTypeFlag,
  type TabId,
} from '@/lib/catalog/tables';
import { SALON_LOCATIONS, salonLocationById, salonLocationBySlug, type SalonLocation } from './locations';

/**
 * What each catalogue URL shows: the page model behind /services/{svc}/, /{loc}/services/{svc}/, the specials,
 * package and bundle pages. Pure, so that the routes stay thin and the rules are unit-tested.
 */

export type MenuTabId = Exclude<TabId, 9>;
export const MENU_TABS = TABS.filter((tab) => tab.id !== FAVORITES_TAB_ID) as unknown as readonly (Omit<(typeof TABS)[number], 'id'> & { id: MenuTabId })[];

const GENDER_ADJECTIVE: Record<Gender, string> = { 0: "Women's", 1: "Men's" };
export const genderAdjective = (gender: Gender) => GENDER_ADJECTIVE[gender];

interface PageBase {
  /** The location the page is scoped to (the default location, SoHo, when the URL has none). */
  location: SalonLocation;
  /** The location slug of the URL, when it has one. */
  locationSlug?: string;
  gender: Gender;
  tabId: MenuTabId;
  path: string;
  canonicalPath: string;
  title: string;
  h1: string;
  description: string;
  /** No online offering at this location: the page says so and is kept out of search results. */
  noindex: boolean;
}

export interface MenuPage extends PageBase {
  kind: 'menu';
  items: ServiceItem[];
  /** A bare tab name (/services/laser/): the default gender's menu, replaced by the visitor's gender when it differs. */
  bareTab: boolean;
}

export interface ServicePage extends PageBase {
  kind: 'service';
  item: ServiceItem;
  /** Whether the page's location offers this service online. */
  offeredHere: boolean;
}

export interface FavoritesPage {
  kind: 'favorites';
  location: SalonLocation;
  locationSlug?: string;
  path: string;
}

/** A retired service's address: a permanent redirect to its menu, the tab of its gender (at the same location). */
export interface RetiredPage {
  kind: 'retired';
  path: string;
  redirectTo: string;
}

export type CatalogPage = MenuPage | ServicePage | FavoritesPage | RetiredPage;

function defaultLocation(): SalonLocation {
  return salonLocationById(DEFAULT_LOCATION) as SalonLocation;
}

function canonicalFor(segment: string, location: SalonLocation, locationSlug: string | undefined, empty: boolean): string {
  // The default location's variant shows the same menu as the plain URL, and an empty location has nothing to index.
  if (!locationSlug || location.id === DEFAULT_LOCATION || empty) return servicesPath(segment);
  return servicesPath(segment, locationSlug);
}

/** Resolves a service route; undefined for anything unknown (the route answers 404). */
export function resolveCatalogPage(svc: string, locationSlug?: string): CatalogPage | undefined {
  let location = defaultLocation();
  if (locationSlug !== undefined) {
    const found = salonLocationBySlug(locationSlug);
    if (!found) return undefined;
    location = found;
  }
  const path = servicesPath(svc, locationSlug);
  const segment = parseServiceSegment(svc);
  if (segment?.kind === 'favorites') return { kind: 'favorites', location, locationSlug, path };
  if (segment) {
    const tabId = segment.tabId as MenuTabId;
    const gender: Gender = segment.kind === 'tab' ? segment.gender : 0;
    const items = servicesFor({ location: location.id, gender, tabId });
    const tab = tabById(tabId)!;
    const empty = items.length === 0;
    const canonicalSegment = segmentForTab(tabId, gender);
    const where = locationSlug ? `at ${location.name}` : 'in NYC';
    const h1 = `${GENDER_ADJECTIVE[gender]} ${tab.label}`;
    const prices = items
      .slice(0, 4)
      .map((item) => `${item.name} $${item.price}`)
      .join(', ');
    const description = empty
      ? `${GENDER_ADJECTIVE[gender]} ${tab.label.toLowerCase()} is not booked online at ${location.name}; see our other New York locations.`
      : `${GENDER_ADJECTIVE[gender]} ${tab.label.toLowerCase()} ${where}: ${prices} and more. See durations, prices and package savings, and book online.`;
    return {
      kind: 'menu',
      location,
      locationSlug,
      gender,
      tabId,
      path,
      canonicalPath: canonicalFor(canonicalSegment, location, locationSlug, empty),
      title: `${h1} ${where}`,
      h1: `${h1} ${where}`,
      description,
      noindex: empty,
      items,
      bareTab: segment.kind === 'bare-tab',
    };
  }
  const item = serviceByMoniker(svc);
  if (!item) {
    const retired = retiredServiceByMoniker(svc);
    if (!retired) return undefined;
    const menu = segmentForTab(tabIdForFlag(retired.svcType as ServiceTypeFlag), retired.gen as Gender);
    return { kind: 'retired', path, redirectTo: servicesPath(menu, locationSlug) };
  }
  const tabId = tabIdForFlag(item.svcType as ServiceTypeFlag);
  // The service itself, not its type: the owner may untick it at a location, or everywhere (then the page stays for
  // those who kept its address, says how to book it by phone, and has no 'Add to booking').
  const offeredHere = isBookableAt(item.id, location.id);
  const description = item.desc ?? `${item.name} for ${item.gen === 1 ? 'men' : 'women'} at ${location.name}, $${item.price}. Book online.`;
  // A location's copy of the page is that salon's own: its heading, title and description say which, and where.
  const here = locationSlug ? `${withoutPlace(item.title)} at ${location.name}` : item.title;
  return {
    kind: 'service',
    location,
    locationSlug,
    gender: item.gen as Gender,
    tabId,
    item,
    offeredHere,
    path,
    canonicalPath: canonicalFor(item.moniker, location, locationSlug, !offeredHere),
    title: here,
    h1: here,
    // First, so that a description cut to what search engines show still says where.
    description: locationSlug ? `${item.name} at our ${location.name} salon, ${location.street}. ${description}` : description,
    noindex: !offeredHere,
  };
}

/** Every /services/{svc}/ value: gendered segments (aliases too), bare tab names and every service moniker. */
export function serviceSegments(): string[] {
  const segments = new Set(menuSegments());
  for (const item of allServiceItems()) segments.add(item.moniker);
  return [...segments];
}

/** The /services/{svc}/ values that are menus: gendered segments (aliases too) and bare tab names. */
function menuSegments(): string[] {
  const segments = new Set<string>();
  for (const { segment } of allGenderedSegments()) segments.add(segment);
  for (const tab of MENU_TABS) segments.add(tab.name);
  return [...segments];
}

/** The values of each catalogue route with pages rendered on demand (new services and offers are not in the build). */
interface KnownValues {
  services: Set<string>;
  packages: Set<string>;
  bundles: Set<string>;
}

const knownValues = new WeakMap<CatalogSnapshot, KnownValues>();

function known(): KnownValues {
  const snapshot = catalogSnapshot();
  let values = knownValues.get(snapshot);
  if (!values) {
    const retired = snapshot.services.filter((item) => snapshot.retiredServiceIds.has(item.id)).map((item) => item.moniker);
    values = {
      services: new Set([...serviceSegments(), ...retired, 'favorites']),
      packages: new Set(offersOfKind('package').map((offer) => offer.moniker)),
      bundles: new Set(offersOfKind('bundle').map((offer) => offer.moniker)),
    };
    knownValues.set(snapshot, values);
  }
  return values;
}

const SERVICE_PAGE = /^\/(?:([^/]+)\/)?services\/([^/]+)\/$/;
const OFFER_PAGE = /^\/(packages|bundles)\/([^/]+)\/$/;

/**
 * Whether an address names a catalogue page that does not exist: a service, menu or offer the catalogue does not have
 * now (a retired service's address exists: it redirects). server.mjs answers those with the 404 document before Next.js
 * renders anything, since these routes render values the build did not know (a service added since) on demand.
 * Addresses of other routes are never missing here.
 */
export function missingCatalogPage(pathname: string): boolean {
  const service = SERVICE_PAGE.exec(pathname);
  if (service) {
    const [, slug, svc] = service;
    if (slug !== undefined && !salonLocationBySlug(slug)) return false;
    return !known().services.has(svc!);
  }
  const offer = OFFER_PAGE.exec(pathname);
  if (offer) return !known()[offer[1] as 'packages' | 'bundles'].has(offer[2]!);
  return false;
}

/**
 * The location pages the build renders: each location's menus and favourites. A service's own page at a location
 * (/{location}/services/{moniker}/, four for every service) is rendered at its first view and kept, as a service added
 * since the build is: they were 1,000 of the build's 1,930 pages, about 40 s of its two cores.
 */
export function locationServiceParams(): { slug: string; svc: string }[] {
  const segments = [...menuSegments(), 'favorites'];
  return SALON_LOCATIONS.flatMap((location) => segments.map((svc) => ({ slug: location.slug, svc })));
}

/** Locations other than this one where a service can be booked online, for its page's 'not offered here' notice. */
export function locationsBooking(serviceId: string, except?: number): SalonLocation[] {
  return SALON_LOCATIONS.filter((location) => location.id !== except && isBookableAt(serviceId, location.id));
}

/** Locations other than this one that offer a service type online, for the 'not offered here' notice. */
export function locationsOffering(flags: readonly number[], except?: number): SalonLocation[] {
  return SALON_LOCATIONS.filter((location) => location.id !== except && offersAnything(location.id) && flags.some((flag) => isOfferedAt(location.id, flag)));
}

export function tabFlags(tabId: MenuTabId): readonly number[] {
  return allServiceItems()
    .filter((item) => tabIdForFlag(item.svcType as ServiceTypeFlag) === tabId)
    .map((item) => item.svcType)
    .filter((flag, index, all) => all.indexOf(flag) === index);
}

// ---- Packages and bundles ----

export type OfferKind = 'package' | 'bundle';

export function offerKind(offer: Pick<GroupedPackage, 'pvType'>): OfferKind {
  return offer.pvType === PACKAGE_TYPE.BUNDLE ? 'bundle' : 'package';
}

/** A service's title without its ' in NYC' ('Eyebrows Wax for Women in NYC' -> 'Eyebrows Wax for Women'). */
function withoutPlace(title: string): string {
  return title.replace(/,? in NYC$/, '');
}

/**
 * A bundle's service as its card lists it: the service's title without whose and where ('Upper Lip Laser Hair
 * Removal', 'Free Laser Patch Test, Face'), since a bundle mixes treatments that share body-part names.
 */
export function bundleServiceLabel(svc: { svcMoniker: string; svcName: string }): string {
  const title = serviceByMoniker(svc.svcMoniker)?.title;
  return title ? withoutPlace(title).replace(/,? for (Women|Men)$/, '') : svc.svcName;
}

/** A package's or bundle's page title and heading: its title with whose and what ('Eyebrows Wax for Women, 3 sessions'). */
export function offerHeading(offer: Pick<GroupedPackage, 'pvMetaTitle'>): string {
  return offer.pvMetaTitle.replace(/ \| NYC$/, '');
}

export function offerPath(offer: Pick<GroupedPackage, 'pvType' | 'moniker'>): string {
  return `/${offerKind(offer) === 'bundle' ? 'bundles' : 'packages'}/${offer.moniker}/`;
}

export function offersOfKind(kind: OfferKind): GroupedPackage[] {
  return allGroupedPackages().filter((offer) => offerKind(offer) === kind);
}

export function offerOfKind(kind: OfferKind, moniker: string): GroupedPackage | undefined {
  return offersOfKind(kind).find((offer) => offer.moniker === moniker);
}

/** What the visitor pays without the offer: each included service at its single-session price. */
export const offerOriginalPrice = (offer: GroupedPackage): number => originalPrice(offer);

export function offerSessions(offer: GroupedPackage): number {
  return offerKind(offer) === 'bundle' ? offer.psvc.length : offer.pvQtyCombined;
}

/** The gender of an offer, from the services it includes. */
export function offerGender(offer: GroupedPackage): Gender {
  const item = offer.psvc[0] ? serviceByMoniker(offer.psvc[0].svcMoniker) : undefined;
  return (item?.gen ?? 0) as Gender;
}

// ---- Specials ----

export interface SpecialsPage {
  gender?: Gender;
  tabId?: MenuTabId;
  offers: GroupedPackage[];
  path: string;
  canonicalPath: string;
  title: string;
  description: string;
}

/** /specials/{gen?}/{svt?}/: gen is women, men, 0 or 1; svt a tab name. Undefined for anything else. */
export function resolveSpecialsPage(segments: readonly string[] = []): SpecialsPage | undefined {
  if (segments.length > 2) return undefined;
  const [genText, tabName] = segments;
  let gender: Gender | undefined;
  if (genText !== undefined) {
    gender = genText === 'women' || genText === '0' ? 0 : genText === 'men' || genText === '1' ? 1 : undefined;
    if (gender === undefined) return undefined;
  }
  let tabId: MenuTabId | undefined;
  if (tabName !== undefined) {
    const tab = MENU_TABS.find((candidate) => candidate.name === tabName);
    if (!tab) return undefined;
    tabId = tab.id;
  }
  const inScope = gender === undefined ? allGroupedPackages() : specialsFor(gender, tabId);
  // An overview (no tab) shows the featured offers, and for one gender its bundles too; every package is one click
  // away on its tab. Listing all 400 offers on one page made it 600 KB of HTML, too heavy for a phone.
  const offers = tabId === undefined ? inScope.filter((offer) => offer.isSpecial === 1 || (gender !== undefined && offer.pvType === PACKAGE_TYPE.BUNDLE)) : inScope;
  const genderWord = gender === undefined ? '' : `${GENDER_ADJECTIVE[gender]} `;
  const tabLabel = tabId === undefined ? '' : `${TABS[tabId].label} `;
  const canonicalPath = specialsPath(gender, tabId === undefined ? undefined : TABS[tabId].name);
  const title = `${genderWord}${tabLabel}Packages & Specials`.trim();
  const featured = [...offers].sort((a, b) => (b.discPrcentage ?? 0) - (a.discPrcentage ?? 0))[0];
  return {
    gender,
    tabId,
    offers: sortOffers(offers),
    path: segments.length ? `/specials/${segments.join('/')}/` : '/specials/',
    canonicalPath,
    title,
    description: `${title} in New York: ${inScope.length} multi-session packages and bundles${featured?.discPrcentage ? `, up to ${featured.discPrcentage}% off` : ''}. Buy online and book each session when it suits you.`,
  };
}

/** Featured offers first, then bundles, then packages by service and size. */
function sortOffers(offers: GroupedPackage[]): GroupedPackage[] {
  return [...offers].sort((a, b) => b.isSpecial - a.isSpecial || b.pvType - a.pvType || a.index - b.index);
}

export function specialsParams(): { filter: string[] }[] {
  const out: { filter: string[] }[] = [{ filter: [] }];
  for (const gender of [0, 1] as const) {
    for (const genText of [gender === 0 ? 'women' : 'men', String(gender)]) {
      out.push({ filter: [genText] });
      for (const tab of MENU_TABS) out.push({ filter: [genText, tab.name] });
    }
  }
  return out;
}

/** Tabs that have at least one offer for a gender, for the specials filter. */
export function specialsTabs(gender: Gender): (typeof MENU_TABS)[number][] {
  return MENU_TABS.filter((tab) => specialsFor(gender, tab.id).length > 0);
}

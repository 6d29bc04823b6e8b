import type { DepositRuleData } from '@/lib/db/schema/deposits';
import type { Area, PackageOffer, ServiceItem, Therapist } from './schema';
import { catalogSnapshot, type CatalogSnapshot } from './snapshot';
import {
  ANY_THERAPIST_ID,
  ANY_THERAPIST_NAME,
  AREAS,
  BODY_PARTS,
  DEFAULT_LOCATION,
  LOCATIONS,
  PACKAGE_TYPE,
  SERVICE_TYPE_LABELS,
  TAB_SERVICE_TYPES,
  type AreaId,
  type BodyPart,
  type Gender,
  type LocationId,
  type ServiceTypeFlag,
  type TabId,
} from './tables';
import { normaliseLocation } from './location-table';

/** Lookups derived once per snapshot: a published change makes a new snapshot and so new lookups. */
interface Indexes {
  byId: Map<string, ServiceItem>;
  byMoniker: Map<string, ServiceItem>;
  /** Retired services by moniker: their pages redirect to their menus. */
  retiredByMoniker: Map<string, ServiceItem>;
  /** Services in the menus: every service but the retired. */
  live: ServiceItem[];
  /** Service types bookable online at each location. */
  offeredTypes: Map<LocationId, Set<number>>;
  /** Areas with a service bookable online at each location. */
  offeredAreas: Map<LocationId, Set<number>>;
  /** Who does each service where: 'location/serviceId' to the therapists (not retired) who do it there. */
  doing: Map<string, Set<number>>;
}

const indexes = new WeakMap<CatalogSnapshot, Indexes>();

function indexed(snapshot: CatalogSnapshot = catalogSnapshot()): Indexes {
  let found = indexes.get(snapshot);
  if (found) return found;
  const live = snapshot.services.filter((item) => !snapshot.retiredServiceIds.has(item.id));
  const offeredTypes = new Map<LocationId, Set<number>>();
  const offeredAreas = new Map<LocationId, Set<number>>();
  for (const item of live) {
    for (const location of snapshot.bookableAt.get(item.id) ?? []) {
      let types = offeredTypes.get(location);
      if (!types) offeredTypes.set(location, (types = new Set()));
      types.add(item.svcType);
      let areas = offeredAreas.get(location);
      if (!areas) offeredAreas.set(location, (areas = new Set()));
      areas.add(item.areaId);
    }
  }
  const retired = new Set(snapshot.therapists.filter((therapist) => therapist.retired).map((therapist) => therapist.id));
  const doing = new Map<string, Set<number>>();
  for (const row of snapshot.therapistServices) {
    if (retired.has(row.therapistId)) continue;
    const key = `${row.location}/${row.serviceId}`;
    let ids = doing.get(key);
    if (!ids) doing.set(key, (ids = new Set()));
    ids.add(row.therapistId);
  }
  found = {
    byId: new Map(snapshot.services.map((item) => [item.id, item])),
    byMoniker: new Map(live.map((item) => [item.moniker, item])),
    retiredByMoniker: new Map(snapshot.services.filter((item) => snapshot.retiredServiceIds.has(item.id)).map((item) => [item.moniker, item])),
    live,
    offeredTypes,
    offeredAreas,
    doing,
  };
  indexes.set(snapshot, found);
  return found;
}

/** Every service in the menus (retired ones are not). */
export function allServiceItems(): readonly ServiceItem[] {
  return indexed().live;
}

/** A service by id, a retired one too: past visits and packages name it. */
export function serviceById(id: string): ServiceItem | undefined {
  return indexed().byId.get(id);
}

/** A service in the menus by moniker (a retired one's page redirects: lib/catalog/routes.ts). */
export function serviceByMoniker(moniker: string): ServiceItem | undefined {
  return indexed().byMoniker.get(moniker);
}

/** A retired service by moniker (its page redirects to its menu: lib/content/catalog-pages.ts). */
export function retiredServiceByMoniker(moniker: string): ServiceItem | undefined {
  return indexed().retiredByMoniker.get(moniker);
}

/** The deposit online booking of a service asks for (lib/deposits/rule.ts), or undefined for none. */
export function depositRuleOf(serviceId: string): DepositRuleData | undefined {
  return catalogSnapshot().deposits.get(serviceId);
}

export function isRetiredService(id: string): boolean {
  return catalogSnapshot().retiredServiceIds.has(id);
}

/** Whether a service can be booked online at a location (location 0 reads as 1). */
export function isBookableAt(serviceId: string, location: number): boolean {
  const snapshot = catalogSnapshot();
  if (snapshot.retiredServiceIds.has(serviceId)) return false;
  return (snapshot.bookableAt.get(serviceId) ?? []).includes(normaliseLocation(location));
}

/**
 * Whether a service can be booked online anywhere: the owner may untick every location, and then no search result,
 * page or booking offers it (isBookableAt is the rule).
 */
export function isBookableAnywhere(serviceId: string): boolean {
  return LOCATIONS.some((location) => isBookableAt(serviceId, location.id));
}

/**
 * The locations where a service is bookable online but no therapist (not retired) does it yet: customers find it there
 * and get no times until one does (the owner's save says so, lib/menu/services.ts).
 */
export function bookableWithNobodyAt(serviceId: string): LocationId[] {
  return LOCATIONS.map((location) => location.id).filter((location) => isBookableAt(serviceId, location) && !isDoneAt(serviceId, location));
}

/** Whether a location offers a service type online: some service of that type is bookable there (location 0 reads as 1). */
export function isOfferedAt(location: number, flag: number): boolean {
  return indexed().offeredTypes.get(normaliseLocation(location))?.has(flag) ?? false;
}

/** Whether any service of an area can be booked online at a location (location 0 reads as 1). */
export function isAreaOfferedAt(location: number, areaId: number): boolean {
  return indexed().offeredAreas.get(normaliseLocation(location))?.has(areaId) ?? false;
}

export function offersAnything(location: number): boolean {
  return (indexed().offeredTypes.get(normaliseLocation(location))?.size ?? 0) > 0;
}

/** Named therapists (not retired) who do some service of an area at a location, after 'Any Therapists' (id 0). */
export function therapistsFor(location: number, areaId: number): Therapist[] {
  const loc = normaliseLocation(location);
  const snapshot = catalogSnapshot();
  const { byId } = indexed(snapshot);
  const ids = new Set(snapshot.therapistServices.filter((row) => row.location === loc && byId.get(row.serviceId)?.areaId === areaId).map((row) => row.therapistId));
  const named = snapshot.therapists.filter((therapist) => !therapist.retired && ids.has(therapist.id)).map(({ id, name }) => ({ id, name }));
  return [{ id: ANY_THERAPIST_ID, name: ANY_THERAPIST_NAME }, ...named];
}

/**
 * The therapists (not retired) who do every one of these services at a location (therapist_services), by id: who may
 * take a visit of those services there. Location 0 reads as 1.
 */
export function therapistsDoing(location: number, serviceIds: readonly string[]): number[] {
  const loc = normaliseLocation(location);
  const { doing } = indexed();
  let common: number[] | undefined;
  for (const id of new Set(serviceIds.map((serviceId) => serviceId.toLowerCase()))) {
    const ids = doing.get(`${loc}/${id}`) ?? new Set<number>();
    common = (common ?? [...ids]).filter((therapistId) => ids.has(therapistId));
  }
  return (common ?? []).sort((a, b) => a - b);
}

/** Whether some therapist (not retired) does the service at the location: the desk may book it there, online or not. */
export function isDoneAt(serviceId: string, location: number): boolean {
  return (indexed().doing.get(`${normaliseLocation(location)}/${serviceId.toLowerCase()}`)?.size ?? 0) > 0;
}

/** A therapist by id, a retired one too (past visits name them); 0 is 'Any Therapists'. */
export function therapistById(id: number): Therapist | undefined {
  if (id === ANY_THERAPIST_ID) return { id, name: ANY_THERAPIST_NAME };
  const found = catalogSnapshot().therapists.find((therapist) => therapist.id === id);
  return found ? { id: found.id, name: found.name } : undefined;
}

/** Services for a location, gender and tab (tab 9, favourites, takes the favourite ids). */
export function servicesFor(options: { location?: number; gender: Gender; tabId: TabId; favoriteIds?: readonly string[] }): ServiceItem[] {
  const location = options.location ?? DEFAULT_LOCATION;
  if (options.tabId === 9) {
    const favorites = new Set(options.favoriteIds ?? []);
    return indexed().live.filter((item) => favorites.has(item.id));
  }
  const flags = TAB_SERVICE_TYPES[options.tabId] as readonly number[];
  return indexed().live.filter((item) => item.gen === options.gender && flags.includes(item.svcType) && isBookableAt(item.id, location));
}

/** The catalogue tree of one location and gender: areas, their therapists, service types and items. */
export function areasFor(location: number, gender: Gender): Area[] {
  const loc = normaliseLocation(location);
  const areas: Area[] = [];
  for (const areaId of Object.keys(AREAS).map(Number) as AreaId[]) {
    const serviceTypes = catalogSnapshot()
      .serviceTypes.filter((type) => type.areaId === areaId && type.gen === gender && isOfferedAt(loc, type.id))
      .map((type) => ({
        id: type.id,
        areaId: type.areaId,
        name: type.name,
        color: type.color,
        boxid: type.boxid,
        serviceItems: indexed().live.filter((item) => item.svcType === type.id && item.gen === gender && isBookableAt(item.id, loc)),
      }))
      .filter((type) => type.serviceItems.length > 0);
    if (serviceTypes.length === 0) continue;
    areas.push({ id: areaId, name: AREAS[areaId], gender, location: loc, serviceTherapists: therapistsFor(loc, areaId), serviceTypes });
  }
  return areas;
}

export type LocationData = Partial<Record<Gender, Area[]>>;

/** Location data keyed by gender id; gender -1 returns the whole map (both genders). Location 0 reads as 1. */
export function locationData(location: number, gender: number): LocationData {
  const loc: LocationId = normaliseLocation(location);
  if (gender === -1) return { 0: areasFor(loc, 0), 1: areasFor(loc, 1) };
  if (gender !== 0 && gender !== 1) throw new RangeError(`Unknown gender ${gender}`);
  return { [gender]: areasFor(loc, gender) };
}

/** What the person's state says about one item, for the grouped view. */
export interface ItemContext {
  favoriteIds?: readonly string[];
  bookedIds?: readonly string[];
  bookedPackageServiceIds?: readonly string[];
}

export interface GroupedServiceItem extends ServiceItem {
  hasPackage: boolean;
  isPackageBooked: boolean;
  isFavorite: boolean;
  isBooked: boolean;
  index: number;
}

export interface ServiceGroup {
  key: string;
  label: string;
  items: GroupedServiceItem[];
}

const GROUPED_BY_BODY_PART: readonly number[] = [1, 2, 4, 8];

/** Wax and laser are grouped by body part; everything else by service type. Order of first appearance is kept. */
export function groupServiceItems(items: readonly ServiceItem[], context: ItemContext = {}): ServiceGroup[] {
  const favorites = new Set(context.favoriteIds ?? []);
  const booked = new Set(context.bookedIds ?? []);
  const packageBooked = new Set(context.bookedPackageServiceIds ?? []);
  const groups = new Map<string, ServiceGroup>();
  items.forEach((item, index) => {
    const byBodyPart = GROUPED_BY_BODY_PART.includes(item.svcType);
    const key = byBodyPart ? `bp-${item.bp}` : `type-${item.svcType}`;
    const label = byBodyPart ? BODY_PARTS[item.bp as BodyPart] : SERVICE_TYPE_LABELS[item.svcType as ServiceTypeFlag];
    let group = groups.get(key);
    if (!group) {
      group = { key, label, items: [] };
      groups.set(key, group);
    }
    group.items.push({
      ...item,
      hasPackage: item.spkg.some((offer) => offer.pvType === PACKAGE_TYPE.MULTI_SESSION),
      isPackageBooked: packageBooked.has(item.id),
      isFavorite: favorites.has(item.id),
      isBooked: booked.has(item.id),
      index,
    });
  });
  return [...groups.values()];
}

export interface PackageServiceSummary {
  svcName: string;
  svcDuration: number;
  svcMoniker: string;
  svcPrice: number;
  svcType: number;
}

export type GroupedPackage = Omit<PackageOffer, 'svcSku' | 'svcGuid' | 'svcType' | 'svcName' | 'svcDuration' | 'svcMoniker' | 'svcPrice'> & {
  isShop: boolean;
  psvc: PackageServiceSummary[];
  index: number;
};

/**
 * A first-session offer: a one-session package at a discount, "for new clients only" (its description says so).
 * Checkout refuses it to a customer who is no new client: one who bought a first-session offer before or came to a
 * visit (lib/shopify/new-client.ts, DESIGN.md).
 */
export function isFirstVisitOffer(offer: Pick<PackageOffer, 'pvType' | 'pvQtyCombined'>): boolean {
  return offer.pvType === PACKAGE_TYPE.MULTI_SESSION && offer.pvQtyCombined === 1;
}

/** Packages and bundles grouped by pvId: a bundle shared by several services appears once with all of them. */
export function groupPackages(offers: readonly PackageOffer[]): GroupedPackage[] {
  const byId = new Map<string, GroupedPackage>();
  for (const offer of offers) {
    const summary: PackageServiceSummary = {
      svcName: offer.svcName,
      svcDuration: offer.svcDuration,
      svcMoniker: offer.svcMoniker,
      svcPrice: offer.svcPrice,
      svcType: offer.svcType,
    };
    const existing = byId.get(offer.pvId);
    if (existing) {
      if (!existing.psvc.some((svc) => svc.svcMoniker === summary.svcMoniker)) existing.psvc.push(summary);
      continue;
    }
    const { svcSku: _sku, svcGuid: _guid, svcType: _type, svcName: _name, svcDuration: _duration, svcMoniker: _moniker, svcPrice: _price, ...rest } = offer;
    byId.set(offer.pvId, { ...rest, isShop: offer.spfId > 0, psvc: [summary], index: byId.size });
  }
  return [...byId.values()];
}

/** Every package and bundle offer of the catalogue, grouped by pvId. */
export function allGroupedPackages(): GroupedPackage[] {
  return groupPackages(indexed().live.flatMap((item) => item.spkg));
}

/** The package or bundle with this pvId (any case), or undefined when the catalogue does not offer it. */
export function offerByPvId(pvId: string): GroupedPackage | undefined {
  const id = pvId.toLowerCase();
  return allGroupedPackages().find((offer) => offer.pvId.toLowerCase() === id);
}

export function offerByMoniker(moniker: string): GroupedPackage | undefined {
  return allGroupedPackages().find((offer) => offer.moniker === moniker);
}

/** Packages and bundles of one gender and tab, for the specials page. */
export function specialsFor(gender: Gender, tabId?: TabId): GroupedPackage[] {
  const items = indexed().live.filter((item) => item.gen === gender && (tabId === undefined || tabId === 9 || (TAB_SERVICE_TYPES[tabId] as readonly number[]).includes(item.svcType)));
  return groupPackages(items.flatMap((item) => item.spkg));
}

export function allBundles(): readonly PackageOffer[] {
  return catalogSnapshot().bundles;
}

import { fetchLiveCatalog, type LiveCatalog, type LiveOffer, type LiveService } from './live-feed';
import { catalogSnapshot, seedSnapshot, setCatalogSnapshot, type CatalogSnapshot } from './snapshot';
import { rowsOfSnapshot, snapshotOfRows, type OfferRow, type ServiceRow } from './snapshot-rows';

/**
 * The catalogue's published changes laid over the seed, both ways: the server writes what differs from the seed
 * (liveCatalogOf, for /catalog-live.json), the browser lays it over the seed its scripts carry (overlaid) and makes
 * that its snapshot, so serviceById, the drawers' offers and the booking bar's total read the published names,
 * prices, durations, new services and retirements. Order is not compared: a service added in the middle of a menu
 * does not make every later one differ.
 */

/** JSON with its object keys sorted: the database's jsonb keeps keys in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const serviceKey = (row: ServiceRow) => canonical([row.data, row.bookableAt, row.retiredAt !== null]);
const offerKey = (row: OfferRow) => canonical([row.kind, row.data, row.serviceIds]);

/** Service types bookable online per location: a type is offered where one of its services in the menus is. */
function offeredTypes(snapshot: CatalogSnapshot): Record<string, number[]> {
  const types: Record<string, Set<number>> = {};
  for (const item of snapshot.services) {
    if (snapshot.retiredServiceIds.has(item.id)) continue;
    for (const location of snapshot.bookableAt.get(item.id) ?? []) (types[location] ??= new Set()).add(item.svcType);
  }
  return Object.fromEntries(Object.entries(types).map(([location, set]) => [location, [...set].sort((a, b) => a - b)]));
}

/** How a snapshot differs from the seed, as /catalog-live.json says it. */
export function liveCatalogOf(snapshot: CatalogSnapshot, seed: CatalogSnapshot = seedSnapshot()): LiveCatalog {
  const now = rowsOfSnapshot(snapshot);
  const base = rowsOfSnapshot(seed);
  const seedServices = new Map(base.services.map((row) => [row.id, serviceKey(row)]));
  const seedOffers = new Map(base.offers.map((row) => [row.id, offerKey(row)]));
  const services: LiveService[] = now.services
    .filter((row) => seedServices.get(row.id) !== serviceKey(row))
    .map((row) => ({ data: row.data, bookableAt: row.bookableAt, retired: row.retiredAt !== null }));
  const offers: LiveOffer[] = now.offers
    .filter((row) => seedOffers.get(row.id) !== offerKey(row))
    .map((row) => ({ id: row.id, kind: row.kind, serviceIds: row.serviceIds, data: row.data }));
  const sold = new Set(now.offers.map((row) => row.id));
  const offered = offeredTypes(snapshot);
  return {
    version: snapshot.version,
    services,
    offers,
    offersGone: base.offers.filter((row) => !sold.has(row.id)).map((row) => row.id),
    offered: canonical(offered) === canonical(offeredTypes(seed)) ? null : offered,
  };
}

/** The seed with the published changes laid over it. */
export function overlaid(feed: LiveCatalog, seed: CatalogSnapshot = seedSnapshot()): CatalogSnapshot {
  const base = rowsOfSnapshot(seed);
  const services = new Map(base.services.map((row) => [row.id, row]));
  for (const { data, bookableAt, retired } of feed.services) {
    const before = services.get(data.id);
    services.set(data.id, {
      id: data.id,
      sku: data.value,
      moniker: data.moniker,
      name: data.name,
      svcType: data.svcType,
      areaId: data.areaId,
      gender: data.gen,
      duration: data.duration,
      price: data.price,
      data,
      bookableAt,
      photoId: before?.photoId ?? null,
      position: before?.position ?? services.size,
      retiredAt: retired ? new Date(0) : null,
      // The browser's catalogue carries no deposits: the server works them out (components/booking/booking-context.ts).
      deposit: before?.deposit ?? null,
    });
  }
  const gone = new Set(feed.offersGone);
  const offers = new Map(base.offers.filter((row) => !gone.has(row.id)).map((row) => [row.id, row]));
  for (const { id, kind, serviceIds, data } of feed.offers) {
    const before = offers.get(id);
    offers.set(id, { id, kind, sku: data.pvSku, moniker: data.moniker, price: data.pvPrice, serviceIds, data, photoId: before?.photoId ?? null, position: before?.position ?? offers.size, retiredAt: null });
  }
  return snapshotOfRows({ ...base, services: [...services.values()], offers: [...offers.values()], serviceTypes: seed.serviceTypes, version: feed.version });
}

let applied: LiveCatalog | undefined;

/**
 * Brings the browser's catalogue up to what the site publishes (fetchLiveCatalog, at most every 10 s), for the code
 * that shows names and prices. Without fetch (old browsers, the unit tests) the seed stays.
 */
export async function followLiveCatalog(): Promise<CatalogSnapshot> {
  if (typeof fetch !== 'function') return catalogSnapshot();
  const feed = await fetchLiveCatalog();
  if (feed !== applied && feed.version >= catalogSnapshot().version) {
    applied = feed;
    const changed = feed.services.length > 0 || feed.offers.length > 0 || feed.offersGone.length > 0;
    if (changed || catalogSnapshot() !== seedSnapshot()) setCatalogSnapshot(overlaid(feed));
  }
  return catalogSnapshot();
}

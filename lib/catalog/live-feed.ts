import type { OfferData } from './snapshot-rows';
import type { ServiceItem } from './schema';

/**
 * What the browser learns of the catalogue's published changes: /catalog-live.json (app/catalog-live.json/route.ts),
 * prerendered and rendered again with the menu, says how the catalogue differs from the seed its scripts carry
 * (lib/catalog/data). Empty while the database holds the seed, so it stays a few bytes for most sites. This module is
 * small and holds no catalogue data: the add rules of the booking card read the bookable types from it; the drawers
 * and the booking bar lay the whole of it over their catalogue (lib/catalog/live-overlay.ts).
 */
export const LIVE_CATALOG_PATH = '/catalog-live.json';

/** A service that differs from the seed's, or is new: as the database keeps it. */
export interface LiveService {
  data: Omit<ServiceItem, 'spkg'>;
  bookableAt: number[];
  retired: boolean;
}

/** A package or bundle that differs from the seed's, or is new. */
export interface LiveOffer {
  id: string;
  kind: 'package' | 'bundle';
  serviceIds: string[];
  data: OfferData;
}

export interface LiveCatalog {
  /** The catalogue's version (catalog_changes); 0 while it is the seed. */
  version: number;
  services: LiveService[];
  offers: LiveOffer[];
  /** The seed's offers that are no longer sold. */
  offersGone: string[];
  /**
   * The service types bookable online at each location (a location without any is left out), when that differs from
   * the seed's; null when it does not.
   */
  offered: Record<string, number[]> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((n) => typeof n === 'number');
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((s) => typeof s === 'string');

function isLiveService(value: unknown): value is LiveService {
  if (!isRecord(value) || !isRecord(value.data) || !isNumbers(value.bookableAt) || typeof value.retired !== 'boolean') return false;
  const { id, name, price, duration, moniker } = value.data;
  return typeof id === 'string' && typeof name === 'string' && typeof price === 'number' && typeof duration === 'number' && typeof moniker === 'string';
}

function isLiveOffer(value: unknown): value is LiveOffer {
  if (!isRecord(value) || !isRecord(value.data) || typeof value.id !== 'string' || !isStrings(value.serviceIds)) return false;
  return (value.kind === 'package' || value.kind === 'bundle') && typeof value.data.pvId === 'string' && typeof value.data.pvPrice === 'number';
}

/**
 * Checks the answer's shape by hand (zod would be most of this code's weight in the browser): a malformed answer is
 * refused whole, and the seed's catalogue stays.
 */
export function parseLiveCatalog(value: unknown): LiveCatalog {
  const valid =
    isRecord(value) &&
    typeof value.version === 'number' &&
    Array.isArray(value.services) &&
    value.services.every(isLiveService) &&
    Array.isArray(value.offers) &&
    value.offers.every(isLiveOffer) &&
    isStrings(value.offersGone) &&
    (value.offered === null || (isRecord(value.offered) && Object.values(value.offered).every(isNumbers)));
  if (!valid) throw new Error(`${LIVE_CATALOG_PATH} did not hold the catalogue's changes`);
  return value as unknown as LiveCatalog;
}

/** How long the browser keeps what it fetched before asking again (a cheap revalidation: 304 from the page cache). */
export const LIVE_CATALOG_REFRESH_MS = 10_000;

let last: { at: number; answer: Promise<LiveCatalog> } | undefined;
let latest: LiveCatalog | undefined;

/** The catalogue's changes as the site publishes them now, fetched at most every LIVE_CATALOG_REFRESH_MS. */
export function fetchLiveCatalog(): Promise<LiveCatalog> {
  if (last && Date.now() - last.at < LIVE_CATALOG_REFRESH_MS) return last.answer;
  const answer = fetch(LIVE_CATALOG_PATH, { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) throw new Error(`${LIVE_CATALOG_PATH} answered ${response.status}`);
    const feed = parseLiveCatalog(await response.json());
    if (!latest || feed.version >= latest.version) latest = feed;
    return feed;
  });
  const asked = { at: Date.now(), answer };
  last = asked;
  // A failed fetch is not kept: the next use asks again.
  answer.catch(() => {
    if (last === asked) last = undefined;
  });
  return answer;
}

/** The service types bookable online at a location as last fetched, or undefined while the seed's table holds. */
export function liveOfferedTypes(location: number): readonly number[] | undefined {
  const offered = latest?.offered;
  return offered ? (offered[String(location)] ?? []) : undefined;
}

/** Forgets what was fetched (tests). */
export function forgetLiveCatalog(): void {
  last = undefined;
  latest = undefined;
}

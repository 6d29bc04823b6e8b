import { CARD_MAX_PACKAGES, CARD_MAX_SERVICES, FAVORITES_MAX, SHOP_MAX_ITEMS, type PersistedShopCart } from './model';
import { sameWhen, type AreaWhen, type BookingArea, type BookingCard, type BookingService, type Gender } from '@/lib/booking/card';
import { keepChosenTimes } from './card';

/**
 * Three-way merges of the saved state, for two tabs of one browser that share the cookies: `base` is what this tab
 * last read or wrote, `ours` what its store holds now, `theirs` what another tab has written since. What either side
 * changed since `base` is kept; where both changed one value, this tab's change wins. Pure; no React. The card merges as the stores keep it, the domain card
 * (lib/booking/card.ts): the cookie's codec has turned each side into one before (lib/persistence/card.ts).
 */

/** A value one side changed wins; both changed: ours. */
function pick<T>(base: T, ours: T, theirs: T, same: (a: T, b: T) => boolean = Object.is): T {
  return same(ours, base) ? theirs : ours;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const key = (id: string) => id.replace(/[{}]/g, '').toLowerCase();

/** Ids of a list: those added on either side are in, those removed on either side are out, in ours' order. */
export function mergeIds(base: readonly string[], ours: readonly string[], theirs: readonly string[], max = Infinity): string[] {
  const inBase = new Set(base.map(key));
  const inOurs = new Set(ours.map(key));
  const inTheirs = new Set(theirs.map(key));
  const kept = ours.filter((id) => inTheirs.has(key(id)) || !inBase.has(key(id)));
  const added = theirs.filter((id) => !inOurs.has(key(id)) && !inBase.has(key(id)));
  return [...kept, ...added].slice(0, max);
}

export function mergeFavorites(base: readonly string[], ours: readonly string[], theirs: readonly string[]): string[] {
  return mergeIds(base, ours, theirs, FAVORITES_MAX);
}

export function mergeShop(base: PersistedShopCart, ours: PersistedShopCart, theirs: PersistedShopCart): PersistedShopCart {
  return {
    header: {
      customerId: pick(base.header.customerId, ours.header.customerId, theirs.header.customerId),
      checkoutId: pick(base.header.checkoutId, ours.header.checkoutId, theirs.header.checkoutId),
    },
    pvItems: mergeIds(base.pvItems, ours.pvItems, theirs.pvItems, SHOP_MAX_ITEMS),
  };
}

export function mergeLocation(base: number, ours: number, theirs: number): number {
  return pick(base, ours, theirs);
}

interface PlacedService {
  service: BookingService;
  area: BookingArea;
  /** The gender of the card it came from: one card books one gender. */
  gender: Gender;
}

function servicesOf(card: BookingCard): Map<string, PlacedService> {
  const services = new Map<string, PlacedService>();
  for (const area of card.areas) for (const service of area.services) services.set(key(service.id), { service, area, gender: card.gender });
  return services;
}

/** What the cookie keeps of a service besides its id: whether a package covers it. */
const servicePackage = (service: BookingService | undefined) =>
  service ? `${service.package?.packageId ?? ''}/${service.package?.sessionsFulfilled ?? 0}` : undefined;

/** The day of an area's when: the cookie carries days, so days are what the two tabs' cards compare. */
const dayOf = (when: AreaWhen): AreaWhen => (when.kind === 'time' ? { kind: 'day', date: when.date } : when);

/** The fields the cookie carries (the url is this tab's own). */
const SHARED_FIELDS = ['customerId', 'appointmentId', 'location', 'gender', 'customerType', 'status', 'source'] as const satisfies readonly (keyof BookingCard)[];

/**
 * The booking card: services added in either tab are in, services removed in either tab are out; each area's
 * therapist and day, each service's package and each shared field as the side that changed it left them; a time this
 * tab chose stays while its area keeps that therapist and day (the cookie carries days only). A gender change empties
 * the card of the other gender's services, as in one tab.
 */
export function mergeCard(base: BookingCard, ours: BookingCard, theirs: BookingCard): BookingCard {
  const merged: BookingCard = { ...ours, areas: [] };
  for (const field of SHARED_FIELDS) (merged as unknown as Record<string, unknown>)[field] = pick(base[field], ours[field], theirs[field]);
  const [baseServices, ourServices, theirServices] = [servicesOf(base), servicesOf(ours), servicesOf(theirs)];

  const chosen: PlacedService[] = [];
  for (const [id, placed] of ourServices) {
    const their = theirServices.get(id);
    if (!their && baseServices.has(id)) continue; // removed in the other tab
    if (!their) {
      chosen.push(placed);
      continue;
    }
    const taken = servicePackage(placed.service) === servicePackage(baseServices.get(id)?.service);
    const pkg = their.service.package;
    const service: BookingService = taken
      ? {
          ...placed.service,
          package: pkg && {
            packageId: pkg.packageId,
            sessionsFulfilled: pkg.sessionsFulfilled,
            packageType: placed.service.package?.packageType ?? 0,
            sessionsCombined: placed.service.package?.sessionsCombined ?? 0,
          },
        }
      : placed.service;
    chosen.push({ ...placed, service });
  }
  for (const [id, placed] of theirServices) if (!ourServices.has(id) && !baseServices.has(id)) chosen.push(placed);

  let count = 0;
  for (const { service, area, gender } of chosen) {
    if (gender !== merged.gender || count >= CARD_MAX_SERVICES) continue;
    count += 1;
    let into = merged.areas.find((a) => a.area === area.area);
    if (!into) {
      const [b, o, t] = [base, ours, theirs].map((card) => card.areas.find((a) => a.area === area.area));
      const source = o ?? t ?? area;
      into = {
        ...source,
        therapist: o && t && b ? pick(b.therapist, o.therapist, t.therapist) : source.therapist,
        when: o && t && b ? pick(dayOf(b.when), dayOf(o.when), dayOf(t.when), sameWhen) : source.when,
        services: [],
      };
      merged.areas.push(into);
    }
    // Grouped by service type, in the order each type came, as the specification groups an area's services.
    const last = into.services.reduce((at, s, i) => (s.serviceType === service.serviceType ? i : at), -1);
    into.services.splice(last < 0 ? into.services.length : last + 1, 0, service);
  }

  merged.packages = pick(base.packages, ours.packages, theirs.packages, sameJson).slice(0, CARD_MAX_PACKAGES);
  return keepChosenTimes(ours, merged);
}

import {
  allGroupedPackages,
  allServiceItems,
  areasFor,
  groupPackages,
  groupServiceItems,
  isAreaOfferedAt,
  isBookableAt,
  isFirstVisitOffer,
  isOfferedAt,
  locationData,
  offerByMoniker,
  serviceById,
  serviceByMoniker,
  servicesFor,
  specialsFor,
  therapistsFor,
} from './catalog';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from './snapshot';
import { TAB_SERVICE_TYPES } from './tables';

const items = allServiceItems();
const womensWax = servicesFor({ gender: 0, tabId: 0 });

describe('location data', () => {
  it('is keyed by gender; -1 gives the whole map', () => {
    expect(Object.keys(locationData(1, 0))).toEqual(['0']);
    expect(Object.keys(locationData(1, 1))).toEqual(['1']);
    expect(Object.keys(locationData(1, -1)).sort()).toEqual(['0', '1']);
    expect(() => locationData(1, 2)).toThrow(RangeError);
  });
  it('reads location 0 as 1', () => {
    expect(locationData(0, -1)).toEqual(locationData(1, -1));
  });
  it('gives every area its therapists with id 0 Any Therapists first', () => {
    const areas = areasFor(1, 0);
    expect(areas.length).toBeGreaterThanOrEqual(5);
    for (const area of areas) {
      expect(area.location).toBe(1);
      expect(area.serviceTherapists[0]).toEqual({ id: 0, name: 'Any Therapists' });
      expect(area.serviceTherapists.length).toBeGreaterThan(1);
      for (const type of area.serviceTypes) for (const item of type.serviceItems) expect(item.gen).toBe(0);
    }
  });
  it('offers only the listed types at each location', () => {
    expect(isOfferedAt(1, 1073741824)).toBe(true);
    expect(isOfferedAt(2, 8)).toBe(true);
    expect(isOfferedAt(2, 16777216)).toBe(false);
    expect(isOfferedAt(4, 8)).toBe(false);
    expect(isOfferedAt(3, 1)).toBe(false);
    expect(areasFor(3, 0)).toEqual([]);
    const midtownFlags = Object.values(locationData(2, -1)).flat().flatMap((area) => area.serviceTypes.map((type) => type.id));
    expect(new Set(midtownFlags)).toEqual(new Set([1, 2, 4, 8, 64].filter((flag) => midtownFlags.includes(flag))));
    expect(midtownFlags).toContain(1);
  });
  it('lists only therapists rostered at the location', () => {
    expect(therapistsFor(3, 1)).toEqual([{ id: 0, name: 'Any Therapists' }]);
    expect(therapistsFor(1, 1).length).toBeGreaterThan(2);
  });
});

describe('services by location, gender and tab', () => {
  it('returns only the tab\u2019s types for the gender', () => {
    expect(womensWax.length).toBeGreaterThan(10);
    for (const item of womensWax) {
      expect(item.gen).toBe(0);
      expect(TAB_SERVICE_TYPES[0]).toContain(item.svcType);
    }
    expect(servicesFor({ gender: 1, tabId: 8 }).length).toBeGreaterThan(0);
  });
  it('drops types a location does not offer', () => {
    expect(servicesFor({ location: 2, gender: 0, tabId: 5 })).toEqual([]);
    expect(servicesFor({ location: 3, gender: 0, tabId: 0 })).toEqual([]);
    expect(servicesFor({ location: 4, gender: 0, tabId: 1 }).length).toBeGreaterThan(0);
    expect(servicesFor({ location: 4, gender: 1, tabId: 1 })).toEqual([]);
  });
  it('lists favourites across all types for tab 9', () => {
    const picks = [items[0]!.id, items[items.length - 1]!.id];
    expect(servicesFor({ gender: 0, tabId: 9, favoriteIds: picks }).map((item) => item.id).sort()).toEqual([...picks].sort());
  });
  it('finds a service by moniker and by id', () => {
    const item = womensWax[0]!;
    expect(serviceByMoniker(item.moniker)).toBe(item);
    expect(serviceById(item.id)).toBe(item);
    expect(serviceByMoniker('no-such-service')).toBeUndefined();
  });
});

describe('grouping', () => {
  it('groups wax and laser by body part, others by service type', () => {
    const waxGroups = groupServiceItems(womensWax);
    expect(waxGroups.every((group) => group.key.startsWith('bp-'))).toBe(true);
    expect(waxGroups.map((group) => group.label)).toContain('Face');
    const brows = servicesFor({ gender: 0, tabId: 2 });
    const browGroups = groupServiceItems(brows);
    expect(browGroups.every((group) => group.key.startsWith('type-'))).toBe(true);
    expect(browGroups.length).toBeGreaterThan(2);
    expect(browGroups.flatMap((group) => group.items)).toHaveLength(brows.length);
  });
  it('sets the grouped-item flags from the person\u2019s state', () => {
    const [first, second] = womensWax;
    const groups = groupServiceItems(womensWax, { favoriteIds: [first!.id], bookedIds: [second!.id], bookedPackageServiceIds: [second!.id] });
    const flat = groups.flatMap((group) => group.items);
    const one = flat.find((item) => item.id === first!.id)!;
    const two = flat.find((item) => item.id === second!.id)!;
    expect([one.isFavorite, one.isBooked, one.isPackageBooked]).toEqual([true, false, false]);
    expect([two.isFavorite, two.isBooked, two.isPackageBooked]).toEqual([false, true, true]);
    expect(one.hasPackage).toBe(first!.spkg.some((offer) => offer.pvType === 3));
    expect(flat.map((item) => item.index).sort((a, b) => a - b)).toEqual(womensWax.map((_, index) => index));
  });
  it('groups a bundle shared by several services once, with every service in psvc', () => {
    const bundleOffers = items.flatMap((item) => item.spkg).filter((offer) => offer.pvType === 4);
    const grouped = groupPackages(bundleOffers);
    expect(grouped).toHaveLength(new Set(bundleOffers.map((offer) => offer.pvId)).size);
    for (const bundle of grouped) {
      expect(bundle.psvc.length).toBeGreaterThanOrEqual(2);
      expect(bundle).not.toHaveProperty('svcSku');
    }
    expect(grouped.map((bundle) => bundle.index)).toEqual(grouped.map((_, index) => index));
  });
  it('finds packages and bundles by moniker, and lists specials by gender and tab', () => {
    const all = allGroupedPackages();
    expect(offerByMoniker(all[0]!.moniker)).toEqual(all[0]);
    expect(specialsFor(0, 0).length).toBeGreaterThan(0);
    for (const offer of specialsFor(1, 1)) expect(offer.psvc.some((svc) => svc.svcType === 8)).toBe(true);
  });
});

describe('first-session offers', () => {
  it('are exactly the offers whose description says they are for new clients only', () => {
    const offers = allGroupedPackages();
    const first = offers.filter((offer) => isFirstVisitOffer(offer));
    expect(first.length).toBeGreaterThan(0);
    expect(offers.filter((offer) => offer.pvDescription.includes('for new clients only')).map((offer) => offer.pvId).sort()).toEqual(first.map((offer) => offer.pvId).sort());
  });
});

describe('online areas follow the published catalogue', () => {
  afterEach(resetCatalogSnapshot);

  it('an area becomes bookable online at a location when a service of it is made bookable there, in the next snapshot', () => {
    expect(isAreaOfferedAt(3, 1)).toBe(false);
    const seed = seedSnapshot();
    const wax = seed.services.find((item) => item.areaId === 1)!;
    const bookableAt = new Map(seed.bookableAt);
    bookableAt.set(wax.id, [...(bookableAt.get(wax.id) ?? []), 3]);
    setCatalogSnapshot({ ...seed, version: 1, bookableAt });
    expect(isAreaOfferedAt(3, 1)).toBe(true);
    expect(isBookableAt(wax.id, 3)).toBe(true);
  });
});

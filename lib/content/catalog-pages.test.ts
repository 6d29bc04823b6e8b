import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { allGenderedSegments } from '@/lib/catalog/routes';
import { decodeSearchIndex } from '@/lib/catalog/search';
import { buildSearchIndex } from '@/lib/catalog/search-index';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { rowsOfSnapshot, snapshotOfRows } from '@/lib/catalog/snapshot-rows';
import {
  bundleServiceLabel,
  locationsBooking,
  locationServiceParams,
  missingCatalogPage,
  offerGender,
  offerOfKind,
  offerOriginalPrice,
  offerPath,
  offersOfKind,
  resolveCatalogPage,
  resolveSpecialsPage,
  serviceSegments,
  specialsParams,
  type MenuPage,
  type ServicePage,
} from './catalog-pages';

describe('service routes', () => {
  it('lists every gendered segment, bare tab and moniker, without clashes', () => {
    const segments = serviceSegments();
    for (const { segment } of allGenderedSegments()) expect(segments).toContain(segment);
    expect(segments).toEqual(expect.arrayContaining(['sugaring-hair-removal', 'mens-sugaring', 'sugaring-hair-for-men', 'laser', 'wax']));
    for (const item of allServiceItems()) expect(segments).toContain(item.moniker);
    expect(new Set(segments).size).toBe(segments.length);
    // No moniker may shadow a tab segment.
    expect(allServiceItems().filter((item) => allGenderedSegments().some((s) => s.segment === item.moniker))).toEqual([]);
  });

  it("builds each location's menus and favourites; a service's page at a location is rendered at its first view", () => {
    const params = locationServiceParams();
    const menus = [...new Set([...allGenderedSegments().map(({ segment }) => segment), 'laser', 'wax'])];
    expect(SALON_LOCATIONS).toHaveLength(4);
    for (const { slug } of SALON_LOCATIONS) {
      for (const svc of [...menus, 'favorites']) expect(params).toContainEqual({ slug, svc });
    }
    const monikers = new Set(allServiceItems().map((item) => item.moniker));
    expect(params.filter(({ svc }) => monikers.has(svc))).toEqual([]);
    expect(new Set(params.map(({ slug, svc }) => `${slug}/${svc}`)).size).toBe(params.length);
  });

  it('reads a gendered tab as that gender at the default location, canonical to itself', () => {
    const page = resolveCatalogPage('mens-wax') as MenuPage;
    expect(page).toMatchObject({ kind: 'menu', gender: 1, tabId: 0, canonicalPath: '/services/mens-wax/', noindex: false });
    expect(page.location.slug).toBe('soho');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.gen === 1 && item.svcType === 2)).toBe(true);
  });

  it('points aliases and bare tabs to the canonical gendered segment', () => {
    expect(resolveCatalogPage('sugaring-hair-for-men')).toMatchObject({ gender: 1, canonicalPath: '/services/mens-sugaring/' });
    expect(resolveCatalogPage('laser')).toMatchObject({ kind: 'menu', gender: 0, tabId: 1, canonicalPath: '/services/womens-laser/' });
  });

  it('shows only what a location offers; an empty location says so and is noindex', () => {
    const midtown = resolveCatalogPage('womens-skin-care', 'midtown') as MenuPage;
    expect(midtown.items).toEqual([]);
    expect(midtown.noindex).toBe(true);
    const midtownWax = resolveCatalogPage('womens-wax', 'midtown') as MenuPage;
    expect(midtownWax.items.length).toBeGreaterThan(0);
    expect(midtownWax.canonicalPath).toBe('/midtown/services/womens-wax/');
    expect((resolveCatalogPage('womens-wax', 'williamsburg') as MenuPage).items).toEqual([]);
    // SoHo is the default location: its variant is the same page as the plain URL.
    expect(resolveCatalogPage('womens-wax', 'soho')?.kind === 'menu' && resolveCatalogPage('womens-wax', 'soho')).toMatchObject({ canonicalPath: '/services/womens-wax/' });
  });

  it('gives one page per moniker with that one item', () => {
    const item = allServiceItems()[0]!;
    const page = resolveCatalogPage(item.moniker) as ServicePage;
    expect(page).toMatchObject({ kind: 'service', offeredHere: true, canonicalPath: `/services/${item.moniker}/`, title: item.title });
    expect(page.item.id).toBe(item.id);
    expect((resolveCatalogPage(item.moniker, 'williamsburg') as ServicePage).offeredHere).toBe(false);
  });

  it('says a service the owner made bookable nowhere is not bookable here (no Add to booking), and names no other salon', () => {
    const seed = seedSnapshot();
    const wax = seed.services.find((item) => item.moniker === 'womens-brazilian-wax')!;
    setCatalogSnapshot({ ...seed, version: 1, bookableAt: new Map([...seed.bookableAt, [wax.id, []]]) });
    try {
      expect(resolveCatalogPage(wax.moniker) as ServicePage).toMatchObject({ offeredHere: false, noindex: true });
      expect((resolveCatalogPage(wax.moniker, 'midtown') as ServicePage).offeredHere).toBe(false);
      expect(locationsBooking(wax.id, 1)).toEqual([]);
    } finally {
      resetCatalogSnapshot();
    }
  });

  it("gives each location's copy of a service page its own heading, title and description", () => {
    const item = allServiceItems().find((candidate) => candidate.moniker === 'womens-eyebrows-wax')!;
    const main = resolveCatalogPage(item.moniker) as ServicePage;
    const copies = ['soho', 'midtown', 'nolita'].map((slug) => resolveCatalogPage(item.moniker, slug) as ServicePage);
    expect(copies.map((page) => page.h1)).toEqual(['Eyebrows Wax for Women at SoHo', 'Eyebrows Wax for Women at Midtown', 'Eyebrows Wax for Women at Nolita']);
    for (const page of copies) {
      expect(page.title).toBe(page.h1);
      expect(page.description).toBe(`Eyebrows at our ${page.location.name} salon, ${page.location.street}. ${main.description}`);
    }
    expect(new Set([main, ...copies].map((page) => page.description)).size).toBe(4);
  });

  it('answers undefined (404) for anything unknown', () => {
    expect(resolveCatalogPage('no-such-service')).toBeUndefined();
    expect(resolveCatalogPage('womens-wax', 'paris')).toBeUndefined();
    expect(resolveCatalogPage('favorites')).toMatchObject({ kind: 'favorites' });
  });
});

describe('specials', () => {
  it('filters by gender and tab, accepting 0 and 1, canonical to the named form', () => {
    const women = resolveSpecialsPage(['women'])!;
    expect(women.offers.length).toBeGreaterThan(0);
    expect(women.offers.every((offer) => offerGender(offer) === 0)).toBe(true);
    expect(resolveSpecialsPage(['0'])).toMatchObject({ canonicalPath: '/specials/women/', gender: 0 });
    const menLaser = resolveSpecialsPage(['1', 'laser'])!;
    expect(menLaser).toMatchObject({ canonicalPath: '/specials/men/laser/', gender: 1, tabId: 1 });
    expect(menLaser.offers.every((offer) => offer.psvc.some((svc) => svc.svcType === 8))).toBe(true);
    const overview = resolveSpecialsPage([])!.offers;
    expect(overview.length).toBeGreaterThan(0);
    expect(overview.length).toBeLessThan(20);
    expect(overview.every((offer) => offer.isSpecial === 1)).toBe(true);
    expect(overview).toHaveLength(allGroupedPackages().filter((offer) => offer.isSpecial === 1).length);
    const womenOverview = resolveSpecialsPage(['women'])!.offers;
    expect(womenOverview.every((offer) => offer.isSpecial === 1 || offer.pvType === 4)).toBe(true);
    expect(womenOverview.some((offer) => offer.pvType === 4)).toBe(true);
  });

  it('refuses unknown genders, tabs and extra segments', () => {
    expect(resolveSpecialsPage(['kids'])).toBeUndefined();
    expect(resolveSpecialsPage(['women', 'nails'])).toBeUndefined();
    expect(resolveSpecialsPage(['women', 'wax', 'x'])).toBeUndefined();
  });

  it('prerenders every filter', () => {
    expect(specialsParams()).toContainEqual({ filter: [] });
    expect(specialsParams()).toContainEqual({ filter: ['men', 'sugaring'] });
    expect(specialsParams()).toContainEqual({ filter: ['0', 'wax'] });
  });
});

describe('packages and bundles', () => {
  it('gives every offer its own page by kind', () => {
    const packages = offersOfKind('package');
    const bundles = offersOfKind('bundle');
    expect(packages.length + bundles.length).toBe(allGroupedPackages().length);
    expect(bundles.length).toBe(26);
    expect(offerPath(bundles[0]!)).toBe(`/bundles/${bundles[0]!.moniker}/`);
    expect(offerPath(packages[0]!)).toBe(`/packages/${packages[0]!.moniker}/`);
    expect(offerOfKind('package', bundles[0]!.moniker)).toBeUndefined();
  });

  it("lists a bundle's services by their titles without whose, so a patch test and a laser area read apart", () => {
    const patchTest = offersOfKind('bundle').find((offer) => /patch-test-and-upper-lip-laser/.test(offer.moniker))!;
    expect(patchTest.psvc.map(bundleServiceLabel)).toEqual(['Upper Lip Laser Hair Removal', 'Free Laser Patch Test, Face']);
    expect(bundleServiceLabel({ svcMoniker: 'no-such-service', svcName: 'Kept' })).toBe('Kept');
  });

  it('prices the original as sessions x unit price, or the sum of a bundle', () => {
    const pkg = offersOfKind('package').find((offer) => offer.pvQtyCombined === 3)!;
    expect(offerOriginalPrice(pkg)).toBe(pkg.psvc[0]!.svcPrice * 3);
    const bundle = offersOfKind('bundle')[0]!;
    expect(offerOriginalPrice(bundle)).toBe(bundle.psvc.reduce((sum, svc) => sum + svc.svcPrice, 0));
  });
});

describe('a catalogue that changed since the build', () => {
  const seed = seedSnapshot();
  const bikini = seed.services.find((item) => item.moniker === 'womens-bikini-line-wax')!;
  const brazilian = seed.services.find((item) => item.moniker === 'womens-brazilian-wax')!;
  const HOLLYWOOD = 'womens-hollywood-wax';

  /** The bikini line wax retired, a Hollywood wax added and the first package no longer sold. */
  function changed() {
    const rows = rowsOfSnapshot(seed);
    const services = rows.services.map((row) => (row.id === bikini.id ? { ...row, retiredAt: new Date('2026-11-20T10:00:00Z') } : row));
    const template = services.find((row) => row.id === brazilian.id)!;
    const id = '0b7a6c4e-2f1d-4c8e-9a1b-5d3e7f9c1a20';
    services.push({ ...template, id, moniker: HOLLYWOOD, sku: 'WWHR099', data: { ...template.data, id, moniker: HOLLYWOOD, value: 'WWHR099', name: 'Hollywood' }, position: services.length });
    const dropped = rows.offers.find((row) => row.kind === 'package')!;
    setCatalogSnapshot(snapshotOfRows({ ...rows, services, offers: rows.offers.filter((row) => row !== dropped), serviceTypes: seed.serviceTypes, version: 7 }));
    return { dropped };
  }

  afterEach(() => resetCatalogSnapshot());

  it("sends a retired service's page to its menu, the tab of its gender, at the same location", () => {
    changed();
    expect(resolveCatalogPage(bikini.moniker)).toEqual({ kind: 'retired', path: `/services/${bikini.moniker}/`, redirectTo: '/services/womens-wax/' });
    expect(resolveCatalogPage(bikini.moniker, 'midtown')).toMatchObject({ kind: 'retired', redirectTo: '/midtown/services/womens-wax/' });
    expect(serviceSegments()).not.toContain(bikini.moniker);
    expect((resolveCatalogPage('womens-wax') as MenuPage).items.map((item) => item.id)).not.toContain(bikini.id);
  });

  it('leaves a retired service out of the sitemap and the search index, and puts a new one in', () => {
    const paths = (entries: { path: string }[]) => entries.map((entry) => entry.path);
    const searched = () => decodeSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex()))).map((entry) => entry.href);
    expect(paths(sitemapEntries())).toContain(`/services/${bikini.moniker}/`);
    expect(searched()).toContain(`/services/${bikini.moniker}/`);
    changed();
    expect(paths(sitemapEntries())).not.toContain(`/services/${bikini.moniker}/`);
    expect(paths(sitemapEntries())).not.toContain(`/midtown/services/${bikini.moniker}/`);
    expect(paths(sitemapEntries())).toContain(`/services/${HOLLYWOOD}/`);
    expect(searched()).not.toContain(`/services/${bikini.moniker}/`);
    expect(searched()).toContain(`/services/${HOLLYWOOD}/`);
  });

  it('turns away, before rendering, only catalogue addresses that name nothing the catalogue has now', () => {
    const { dropped } = changed();
    for (const path of [`/services/${HOLLYWOOD}/`, `/soho/services/${HOLLYWOOD}/`, `/services/${bikini.moniker}/`, '/services/womens-wax/', '/services/laser/', '/services/favorites/', '/nolita/services/favorites/']) {
      expect([path, missingCatalogPage(path)]).toEqual([path, false]);
    }
    for (const offer of offersOfKind('bundle').slice(0, 3)) expect(missingCatalogPage(offerPath(offer))).toBe(false);
    for (const path of ['/services/womens-no-such-wax/', '/midtown/services/nope/', `/packages/${dropped.moniker}/`, '/bundles/nope/', '/packages/nope/']) {
      expect([path, missingCatalogPage(path)]).toEqual([path, true]);
    }
    // Other routes answer for themselves: an unknown location or content page, the specials, another depth.
    for (const path of ['/nyc-loc/services/womens-wax/', '/no-such-page/', '/specials/nope/', '/services/', '/services/womens-wax', '/packages/a/b/']) {
      expect([path, missingCatalogPage(path)]).toEqual([path, false]);
    }
  });

  it('knows the services of the catalogue of the moment', () => {
    expect(missingCatalogPage(`/services/${HOLLYWOOD}/`)).toBe(true);
    changed();
    expect(missingCatalogPage(`/services/${HOLLYWOOD}/`)).toBe(false);
    resetCatalogSnapshot();
    expect(missingCatalogPage(`/services/${HOLLYWOOD}/`)).toBe(true);
  });
});


import { allGroupedPackages, isBookableAt, isRetiredService, serviceById, serviceByMoniker } from './catalog';
import { forgetLiveCatalog, liveOfferedTypes, LIVE_CATALOG_PATH, parseLiveCatalog, type LiveCatalog } from './live-feed';
import { followLiveCatalog, liveCatalogOf, overlaid } from './live-overlay';
import { catalogSnapshot, resetCatalogSnapshot, seedSnapshot, type CatalogSnapshot } from './snapshot';
import { rowsOfSnapshot, snapshotOfRows } from './snapshot-rows';
import { PACKAGE_TYPE } from './tables';

const seed = seedSnapshot();
const brazilian = seed.services.find((item) => item.moniker === 'womens-brazilian-wax')!;
const bikini = seed.services.find((item) => item.moniker === 'womens-bikini-line-wax')!;
const NEW_ID = '0b7a6c4e-2f1d-4c8e-9a1b-5d3e7f9c1a20';
const NEW_OFFER_ID = '7e2d1c4b-3a5f-4e6d-8c9b-1a2b3c4d5e6f';

/** The catalogue after an owner's day: a price, a name and a duration changed, a service retired, one added with a
 * package of its own, a package repriced, another no longer sold, and a service made bookable at Williamsburg. */
function ownersDay(): CatalogSnapshot {
  const rows = rowsOfSnapshot(seed);
  const services = rows.services.map((row) => {
    if (row.id === brazilian.id) return { ...row, price: 80, duration: 60, data: { ...row.data, price: 80, duration: 60, name: 'Brazilian Wax' } };
    if (row.id === bikini.id) return { ...row, retiredAt: new Date('2026-11-20T10:00:00Z') };
    return row;
  });
  const template = services.find((row) => row.id === brazilian.id)!;
  const added = {
    ...template,
    id: NEW_ID,
    sku: 'WAXW999',
    moniker: 'womens-hollywood-wax',
    name: 'Hollywood',
    price: 85,
    data: { ...template.data, id: NEW_ID, value: 'WAXW999', moniker: 'womens-hollywood-wax', name: 'Hollywood', title: 'Hollywood Wax for Women in NYC', price: 85 },
    bookableAt: [1, 2, 3],
    position: services.length,
  };
  const packages = rows.offers.filter((row) => row.kind === 'package');
  const repriced = packages.find((row) => row.serviceIds.includes(brazilian.id))!;
  const dropped = packages.find((row) => row.id !== repriced.id)!;
  const offers = rows.offers
    .filter((row) => row.id !== dropped.id)
    .map((row) => (row.id === repriced.id ? { ...row, price: 199, data: { ...row.data, pvPrice: 199 } } : row));
  offers.push({ ...repriced, id: NEW_OFFER_ID, sku: 'PKGW999', moniker: 'womens-hollywood-wax-3', serviceIds: [NEW_ID], data: { ...repriced.data, pvId: NEW_OFFER_ID, pvSku: 'PKGW999', moniker: 'womens-hollywood-wax-3', pvPrice: 230 } });
  return snapshotOfRows({ ...rows, services: [...services, added], offers, serviceTypes: seed.serviceTypes, version: 12 });
}

afterEach(() => {
  resetCatalogSnapshot();
  forgetLiveCatalog();
});

describe('the catalogue changes the browser lays over its seed', () => {
  it('says nothing while the catalogue is the seed', () => {
    expect(liveCatalogOf(seed)).toEqual({ version: 0, services: [], offers: [], offersGone: [], offered: null });
  });

  it('holds only what differs from the seed, and laid over the seed gives the published catalogue back', () => {
    const day = ownersDay();
    const feed = liveCatalogOf(day);
    expect(feed.version).toBe(12);
    expect(feed.services.map((service) => service.data.moniker).sort()).toEqual(['womens-bikini-line-wax', 'womens-brazilian-wax', 'womens-hollywood-wax']);
    expect(feed.offers).toHaveLength(2);
    expect(feed.offersGone).toHaveLength(1);
    // Williamsburg took online bookings for nothing; now it does for wax.
    expect(feed.offered?.['3']).toEqual([brazilian.svcType]);
    // What travels is JSON, checked on arrival.
    const arrived = parseLiveCatalog(JSON.parse(JSON.stringify(feed)));
    const laid = overlaid(arrived);
    for (const part of ['services', 'retiredServiceIds', 'bookableAt', 'bundles', 'version'] as const) expect(laid[part]).toEqual(day[part]);
    // Small: a few services, not the catalogue.
    expect(JSON.stringify(feed).length).toBeLessThan(6_000);
  });

  it('counts a database copy of the seed (keys in another order, retired offers left out) as the seed', () => {
    const rows = rowsOfSnapshot(seed);
    const reordered = rows.services.map((row) => ({ ...row, data: Object.fromEntries(Object.entries(row.data).reverse()) as typeof row.data }));
    expect(liveCatalogOf(snapshotOfRows({ ...rows, services: reordered, serviceTypes: seed.serviceTypes, version: 3 }))).toEqual({
      version: 3,
      services: [],
      offers: [],
      offersGone: [],
      offered: null,
    });
  });

  it('refuses an answer of another shape whole', () => {
    const feed = liveCatalogOf(ownersDay());
    expect(() => parseLiveCatalog({ ...feed, services: [{ data: { id: 1 } }] })).toThrow(/did not hold the catalogue's changes/);
    expect(() => parseLiveCatalog({ ...feed, offered: { 1: ['wax'] } })).toThrow();
    expect(() => parseLiveCatalog('<!DOCTYPE html>')).toThrow();
  });
});

describe('the browser follows the published catalogue', () => {
  const realFetch = globalThis.fetch;
  let answers: unknown[] = [];
  const fetched: string[] = [];

  beforeEach(() => {
    answers = [];
    fetched.length = 0;
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      const body = answers.shift();
      return { ok: body !== undefined, status: body === undefined ? 503 : 200, json: async () => body } as Response;
    }) as typeof fetch;
  });

  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('makes the published names, prices, new services and retirements its catalogue, asking at most every 10 s', async () => {
    answers.push(JSON.parse(JSON.stringify(liveCatalogOf(ownersDay()))) as LiveCatalog);
    expect(serviceById(brazilian.id)?.price).toBe(brazilian.price);
    await followLiveCatalog();
    expect(serviceById(brazilian.id)).toMatchObject({ name: 'Brazilian Wax', price: 80, duration: 60 });
    expect(serviceByMoniker('womens-hollywood-wax')?.spkg.map((offer) => offer.pvPrice)).toEqual([230]);
    expect(isRetiredService(bikini.id)).toBe(true);
    expect(isBookableAt(NEW_ID, 3)).toBe(true);
    expect(allGroupedPackages().find((offer) => offer.psvc.some((svc) => svc.svcMoniker === brazilian.moniker) && offer.pvType === PACKAGE_TYPE.MULTI_SESSION)?.pvPrice).toBe(199);
    expect(liveOfferedTypes(3)).toEqual([brazilian.svcType]);
    expect(liveOfferedTypes(1)).toContain(brazilian.svcType);
    await followLiveCatalog();
    expect(fetched).toEqual([LIVE_CATALOG_PATH]);
  });

  it('reads a location that no longer books anything online as offering nothing', async () => {
    const rows = rowsOfSnapshot(seed);
    const services = rows.services.map((row) => ({ ...row, bookableAt: row.bookableAt.filter((location) => location !== 4) }));
    answers.push(liveCatalogOf(snapshotOfRows({ ...rows, services, serviceTypes: seed.serviceTypes, version: 5 })));
    expect(liveOfferedTypes(4)).toBeUndefined();
    await followLiveCatalog();
    expect(liveOfferedTypes(4)).toEqual([]);
    expect(liveOfferedTypes(2)).toContain(brazilian.svcType);
  });

  it('keeps the seed when the answer fails, and asks again at the next use', async () => {
    await expect(followLiveCatalog()).rejects.toThrow(`${LIVE_CATALOG_PATH} answered 503`);
    expect(catalogSnapshot()).toBe(seed);
    expect(liveOfferedTypes(3)).toBeUndefined();
    answers.push(liveCatalogOf(seed));
    await followLiveCatalog();
    expect(fetched).toEqual([LIVE_CATALOG_PATH, LIVE_CATALOG_PATH]);
    expect(catalogSnapshot()).toBe(seed);
  });
});

import { SERVICE_TYPES } from './data';
import { seedSnapshot } from './snapshot';
import { rowsOfSnapshot, snapshotOfRows } from './snapshot-rows';

describe('the catalogue snapshot and its rows', () => {
  it('reads back from the seed rows as the seed itself', () => {
    const seed = seedSnapshot();
    const rows = rowsOfSnapshot(seed);
    const back = snapshotOfRows({ ...rows, serviceTypes: SERVICE_TYPES, version: 0 });
    expect(back.services).toEqual(seed.services);
    expect(back.bundles).toEqual(seed.bundles);
    expect(back.therapists).toEqual(seed.therapists);
    expect(back.hours).toEqual(seed.hours);
    expect(back.minNoticeMinutes).toEqual(seed.minNoticeMinutes);
    expect([...back.bookableAt]).toEqual([...seed.bookableAt]);
    expect(back.therapistServices).toEqual(seed.therapistServices);
    expect([...back.deposits]).toEqual([...seed.deposits]);
  });

  it('stores a bundle once with every service it holds, and a package once with its service', () => {
    const rows = rowsOfSnapshot(seedSnapshot());
    const bundles = rows.offers.filter((offer) => offer.kind === 'bundle');
    expect(new Set(bundles.map((offer) => offer.id)).size).toBe(bundles.length);
    expect(bundles.every((offer) => offer.serviceIds.length >= 2)).toBe(true);
    expect(rows.offers.filter((offer) => offer.kind === 'package').every((offer) => offer.serviceIds.length === 1)).toBe(true);
  });

  it('drops a retired offer from every service and keeps a retired service for past visits, marked', () => {
    const rows = rowsOfSnapshot(seedSnapshot());
    const bundle = rows.offers.find((offer) => offer.kind === 'bundle')!;
    bundle.retiredAt = new Date();
    rows.services[0]!.retiredAt = new Date();
    const back = snapshotOfRows({ ...rows, serviceTypes: SERVICE_TYPES, version: 3 });
    expect(back.services.some((item) => item.spkg.some((offer) => offer.pvId === bundle.id))).toBe(false);
    expect(back.services[0]!.id).toBe(rows.services[0]!.id);
    expect(back.retiredServiceIds.has(rows.services[0]!.id)).toBe(true);
    expect(back.version).toBe(3);
  });
});

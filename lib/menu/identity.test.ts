import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { bundleMoniker, nextBundleSku, nextServiceArea, nextServiceSku, packageIdentity, serviceMoniker } from './identity';

const monikers = new Set(SERVICE_ITEMS.map((item) => item.moniker));
const skus = SERVICE_ITEMS.map((item) => item.value);

describe("a new service's moniker", () => {
  it('is made from the gender, the name and the section, as the seed makes them', () => {
    expect(serviceMoniker('Nape', 1, 0, monikers)).toBe('womens-nape-wax');
    expect(serviceMoniker('Toe & Foot', 2, 1, monikers)).toBe('mens-toe-and-foot-wax');
    expect(serviceMoniker("Women's Glow", 16384, 0, monikers)).toBe('womens-womens-glow-facial');
    // The seed's own rule gives the seed's monikers back.
    for (const item of SERVICE_ITEMS.slice(0, 40)) {
      const others = new Set([...monikers].filter((m) => m !== item.moniker));
      expect(serviceMoniker(item.name, item.svcType as 1, item.gen as 0, others)).toBe(item.moniker);
    }
  });

  it('is never one already stored, retired services included: a number is added', () => {
    expect(serviceMoniker('Brazilian', 1, 0, monikers)).toBe('womens-brazilian-wax-2');
    expect(serviceMoniker('Brazilian', 1, 0, new Set([...monikers, 'womens-brazilian-wax-2']))).toBe('womens-brazilian-wax-3');
  });
});

describe('SKUs', () => {
  it("take the type's prefix and the number after the highest ever used", () => {
    const highest = Math.max(...skus.filter((sku) => sku.startsWith('WWHR')).map((sku) => Number(sku.slice(4))));
    expect(nextServiceSku(1, 0, skus)).toBe(`WWHR${String(highest + 1).padStart(3, '0')}`);
    expect(nextServiceSku(1, 0, ['WWHR001', 'WWHR007', 'WLHR050'])).toBe('WWHR008');
    expect(nextServiceSku(8, 1, [])).toBe('MLHR001');
    expect(nextServiceSku(1, 0, ['WWHR999'])).toBeUndefined();
  });

  it('number bundles after BNDL026, and packages take their service\'s SKU and moniker with the sessions', () => {
    expect(nextBundleSku(['BNDL001', 'BNDL026', 'WWHR017X3'])).toBe('BNDL027');
    expect(packageIdentity({ value: 'WWHR017', moniker: 'womens-brazilian-wax' }, 9)).toEqual({ sku: 'WWHR017X9', moniker: 'womens-brazilian-wax-x9' });
    expect(bundleMoniker('Spa Day Bundle', new Set())).toBe('spa-day-bundle');
    expect(bundleMoniker('Spa Day', new Set(['spa-day-bundle']))).toBe('spa-day-bundle-2');
    expect(bundleMoniker('!!!', new Set())).toBe('special-bundle');
  });

  it('give a new service the first free area flag of its section', () => {
    expect(nextServiceArea([1, 2, 8])).toBe(4);
    expect(nextServiceArea([])).toBe(1);
  });
});

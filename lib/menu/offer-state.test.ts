import { BUNDLES, SERVICE_ITEMS } from '@/lib/catalog/data';
import type { OfferData } from '@/lib/catalog/snapshot-rows';
import { PACKAGE_TYPE } from '@/lib/catalog/tables';
import { madeTexts, restateOffer, termsOf, type Member } from './offer-state';

const member = (item: (typeof SERVICE_ITEMS)[number]): Member => ({ id: item.id, name: item.name, price: item.price, gen: item.gen, svcType: item.svcType });
const dataOf = (offer: (typeof SERVICE_ITEMS)[number]['spkg'][number]): OfferData => {
  const { svcSku: _a, svcGuid: _b, svcType: _c, svcName: _d, svcDuration: _e, svcMoniker: _f, svcPrice: _g, ...rest } = offer;
  return rest;
};
const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const X3 = BRAZILIAN.spkg.find((offer) => offer.pvQtyCombined === 3 && offer.pvType === PACKAGE_TYPE.MULTI_SESSION)!;

describe("an offer's words made from its numbers", () => {
  it('are exactly the seed\'s for every package, so each follows a change until the owner rewrites it', () => {
    const packages = SERVICE_ITEMS.flatMap((item) => item.spkg.filter((offer) => offer.pvType === PACKAGE_TYPE.MULTI_SESSION).map((offer) => [item, offer] as const));
    for (const [item, offer] of packages) {
      const made = madeTexts(termsOf('package', dataOf(offer), [member(item)]), offer.pvTitle);
      expect({ sku: offer.pvSku, ...made }).toEqual({ sku: offer.pvSku, pvTitle: offer.pvTitle, pvDescription: offer.pvDescription, pvMetaTitle: offer.pvMetaTitle, pvMetaKeyWord: offer.pvMetaKeyWord, pvMetaDescription: offer.pvMetaDescription });
    }
  });

  it("are a bundle's keywords and page title, from its services and name", () => {
    const bundle = BUNDLES.find((offer) => offer.pvSku === 'BNDL001')!;
    const members = BUNDLES.filter((offer) => offer.pvId === bundle.pvId).map((offer) => member(SERVICE_ITEMS.find((item) => item.id === offer.svcGuid)!));
    expect(madeTexts(termsOf('bundle', dataOf(bundle), members), bundle.pvTitle)).toEqual({ pvMetaTitle: bundle.pvMetaTitle, pvMetaKeyWord: bundle.pvMetaKeyWord });
  });
});

describe('restating an offer', () => {
  const before = termsOf('package', dataOf(X3), [member(BRAZILIAN)]);

  it('reprices it and remakes the words from the new numbers', () => {
    const after = { ...before, members: [{ ...member(BRAZILIAN), price: 80 }] };
    const data = restateOffer(dataOf(X3), before, after);
    expect(data).toMatchObject({ pvPrice: 204, pvTitle: 'Brazilian Wax, 3 sessions', discPrcentage: 15, discId: 14 });
    expect(data.pvDescription).toBe('3 sessions of Brazilian wax for $204 (15% off), $68 a session. Spaced four to five weeks apart, the three Brazilian wax visits cover about a season.');
    expect(data.pvMetaDescription).toBe(data.pvDescription);
  });

  it("keeps the owner's own words while the numbers change", () => {
    const own = { ...dataOf(X3), pvDescription: 'Our favourite: three Brazilians.' };
    const data = restateOffer(own, before, { ...before, discountPercent: 20 });
    expect(data).toMatchObject({ pvPrice: 180, pvDescription: 'Our favourite: three Brazilians.', discTitle: '20% off', discUTitle: 'SAVE 20%' });
    // The page description was the made one: it follows.
    expect(data.pvMetaDescription).toMatch(/^3 sessions of Brazilian wax for \$180 \(20% off\)/);
  });

  it('takes a new name and description, and makes a one-session package a featured first visit', () => {
    const data = restateOffer(dataOf(X3), before, { ...before, sessions: 1, discountPercent: 40 }, { name: 'First Brazilian', desc: 'For new clients.' });
    expect(data).toMatchObject({ pvTitle: 'First Brazilian', pvDescription: 'For new clients.', pvMetaDescription: 'For new clients.', pvQtyCombined: 1, pvPrice: 45, isSpecial: 1 });
    const back = restateOffer(data, { ...before, sessions: 1, discountPercent: 40 }, before);
    expect(back.isSpecial).toBe(0);
  });

  it('marks a full-price package as the hand-set kind and drops the mark when the discount applies again', () => {
    const full = restateOffer(dataOf(X3), before, { ...before, fullPrice: true });
    expect(full).toMatchObject({ pvPrice: 225, priceException: true });
    expect(full.pvDescription).toMatch(/^3 sessions of Brazilian wax for \$225, \$75 a session\./);
    expect('priceException' in restateOffer(full, { ...before, fullPrice: true }, before)).toBe(false);
  });
});

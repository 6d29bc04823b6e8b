import { BUNDLES, SERVICE_ITEMS } from './data';
import { offerPrice } from './offer-price';
import { PACKAGE_TYPE } from './tables';

describe('offerPrice: the specification\'s package and bundle arithmetic', () => {
  it('is sessions x the unit price less the discount, to the cent', () => {
    expect(offerPrice({ unitPrices: [75], sessions: 3, discountPercent: 15 })).toEqual({ original: 225, price: 191.25, saving: 33.75, perSession: 63.75 });
    expect(offerPrice({ unitPrices: [30], sessions: 6, discountPercent: 20 })).toEqual({ original: 180, price: 144, saving: 36, perSession: 24 });
    expect(offerPrice({ unitPrices: [97.5], sessions: 3, discountPercent: 10 }).price).toBe(263.25);
    expect(offerPrice({ unitPrices: [33.33], sessions: 3, discountPercent: 35 }).price).toBe(64.99);
    expect(offerPrice({ unitPrices: [75], sessions: 1, discountPercent: null })).toEqual({ original: 75, price: 75, saving: 0, perSession: 75 });
  });

  it('keeps the hand-set exceptions of section 9 at the full price: 3 x 80 = 240, 6 x 65 = 390, 5 x 240 = 1200', () => {
    expect(offerPrice({ unitPrices: [80], sessions: 3, discountPercent: 10, fullPrice: true }).price).toBe(240);
    expect(offerPrice({ unitPrices: [65], sessions: 6, discountPercent: 20, fullPrice: true }).price).toBe(390);
    expect(offerPrice({ unitPrices: [240], sessions: 5, discountPercent: 50, fullPrice: true })).toMatchObject({ price: 1200, saving: 0 });
  });

  it('sums a bundle\'s services and divides the price among them', () => {
    expect(offerPrice({ unitPrices: [75, 25], sessions: 1, discountPercent: 15 })).toEqual({ original: 100, price: 85, saving: 15, perSession: 42.5 });
    expect(offerPrice({ unitPrices: [0.1, 0.2], sessions: 1, discountPercent: null }).original).toBe(0.3);
  });

  it('gives every package and bundle of the seed its price', () => {
    const offers = [...SERVICE_ITEMS.flatMap((item) => item.spkg.filter((offer) => offer.pvType === PACKAGE_TYPE.MULTI_SESSION)), ...BUNDLES];
    expect(offers.length).toBeGreaterThan(300);
    for (const offer of offers) {
      const units =
        offer.pvType === PACKAGE_TYPE.BUNDLE ? BUNDLES.filter((b) => b.pvId === offer.pvId).map((b) => b.svcPrice) : [offer.svcPrice];
      const computed = offerPrice({ unitPrices: units, sessions: offer.pvQtyCombined, discountPercent: offer.discPrcentage, fullPrice: offer.priceException });
      expect([offer.pvSku, computed.price]).toEqual([offer.pvSku, offer.pvPrice]);
    }
  });
});

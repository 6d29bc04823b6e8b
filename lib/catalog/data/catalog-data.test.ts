import { areaSchema, packageOfferSchema, serviceItemSchema } from '../schema';
import { areasFor, groupPackages, isOfferedAt, serviceByMoniker } from '../catalog';
import { discountedPrice, offerOriginalPrice } from '../format';
import { allGenderedSegments } from '../routes';
import {
  AREA_BY_FLAG,
  ALL_SERVICE_TYPE_FLAGS,
  BODY_PART_VALUES,
  DISCOUNTS,
  DISCOUNT_IDS,
  FLAG_GENDERS,
  LUNCH_SKUS,
  SKU_PREFIX_BY_FLAG,
  TABS,
  type DiscountId,
  type Gender,
} from '../tables';
import { BUNDLES, ROSTER, SERVICE_ITEMS, SERVICE_TYPES, THERAPISTS } from './index';

const offers = SERVICE_ITEMS.flatMap((item) => item.spkg);
const packages = offers.filter((offer) => offer.pvType === 3);
const bundles = offers.filter((offer) => offer.pvType === 4);

function price(gen: Gender, flag: number, name: string): number | undefined {
  return SERVICE_ITEMS.find((item) => item.gen === gen && item.svcType === flag && item.name === name)?.price;
}

describe('the catalogue data', () => {
  it('holds at least 180 services, every one valid by the zod schema', () => {
    expect(SERVICE_ITEMS.length).toBeGreaterThanOrEqual(180);
    for (const item of SERVICE_ITEMS) expect(serviceItemSchema.safeParse(item).error).toBeUndefined();
  });

  it('has unique monikers, GUIDs and SKUs across services, packages and bundles', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(SERVICE_ITEMS.map((item) => item.id));
    unique(SERVICE_ITEMS.map((item) => item.value));
    const pvById = new Map(offers.map((offer) => [offer.pvId, offer]));
    unique([...SERVICE_ITEMS.map((item) => item.moniker), ...[...pvById.values()].map((offer) => offer.moniker)]);
    unique([...SERVICE_ITEMS.map((item) => item.id), ...pvById.keys()]);
    unique([...pvById.values()].map((offer) => offer.pvSku));
  });

  it('gives no service a moniker that a menu route segment or tab name already uses', () => {
    const reserved = new Set([...allGenderedSegments().map((entry) => entry.segment), ...TABS.map((tab) => tab.name)]);
    for (const item of SERVICE_ITEMS) expect(reserved.has(item.moniker)).toBe(false);
  });

  it('prefixes every SKU by its section (women W..., men M...) and keeps the lunch specials on their types', () => {
    for (const item of SERVICE_ITEMS) {
      if ((LUNCH_SKUS as readonly string[]).includes(item.value)) {
        expect([32, 4096]).toContain(item.svcType);
        continue;
      }
      const prefix = SKU_PREFIX_BY_FLAG[item.svcType as keyof typeof SKU_PREFIX_BY_FLAG][item.gen];
      expect(item.value.slice(0, 4)).toBe(prefix);
      expect(item.value[0]).toBe(item.gen === 0 ? 'W' : 'M');
    }
    const named = { WWHR: [0, 1], WLHR: [0, 4], WLPT: [0, 4096], WDHR: [0, 1024], WSHR: [0, 1073741824], MWHR: [1, 2], MLHR: [1, 8] };
    for (const [prefix, [gen, flag]] of Object.entries(named)) {
      const items = SERVICE_ITEMS.filter((item) => item.value.startsWith(prefix));
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect([item.gen, item.svcType]).toEqual([gen, flag]);
    }
  });

  it('uses flags from the flag table for the right gender and area, and covers every flag', () => {
    for (const item of SERVICE_ITEMS) {
      expect(ALL_SERVICE_TYPE_FLAGS).toContain(item.svcType);
      expect(FLAG_GENDERS[item.svcType as keyof typeof FLAG_GENDERS]).toContain(item.gen);
      expect(item.areaId).toBe(AREA_BY_FLAG[item.svcType as keyof typeof AREA_BY_FLAG]);
    }
    expect(new Set(SERVICE_ITEMS.map((item) => item.svcType))).toEqual(new Set(ALL_SERVICE_TYPE_FLAGS));
    expect(SERVICE_TYPES.filter((type) => type.id === 1073741824).map((type) => type.gen).sort()).toEqual([0, 1]);
  });

  it('books durations of 15 to 180 minutes in 15-minute steps and uses body parts from the bp table', () => {
    for (const item of SERVICE_ITEMS) {
      expect(item.duration % 15).toBe(0);
      expect(item.duration).toBeGreaterThanOrEqual(15);
      expect(item.duration).toBeLessThanOrEqual(180);
      expect(BODY_PART_VALUES).toContain(item.bp);
    }
  });

  it('names the image of each service by category, gender and moniker', () => {
    for (const item of SERVICE_ITEMS) expect(item.lg).toMatch(new RegExp(`^/images/services/[a-z-]+/${item.gen === 0 ? 'women' : 'men'}/${item.moniker}\\.jpg$`));
  });

  it('matches the sample prices of section 9', () => {
    const samples: [Gender, number, string, number][] = [
      [0, 1, 'Brazilian', 75], [0, 1, 'Full Leg', 65], [0, 1, 'Half Legs', 40], [0, 1, 'Crack', 30], [0, 1, 'Buttocks', 35],
      [0, 1, 'Inner Thigh', 30], [0, 1, 'Hands', 10], [0, 1, 'Toes', 10], [0, 1, 'Eyebrows', 30], [0, 1, 'Between Brows', 10],
      [0, 1, 'Upper Lip', 15], [0, 1, 'Full Face', 65], [0, 1, 'Underarm', 25], [0, 1, 'Full Arm', 55], [0, 1, 'Bikini Line', 40],
      [0, 4, 'Full Back', 250], [0, 4, 'Underarm', 100], [0, 4, 'Half Arm', 100], [0, 4, 'Full Arm', 170], [0, 4, 'Bikini Line', 150],
      [0, 4, 'Full Bikini', 200], [0, 4, 'Brazilian with Strip', 220], [0, 4, 'Brazilian', 230], [0, 4, 'Crack', 100],
      [0, 4, 'Buttocks', 130], [0, 4, 'Inner Thigh', 100], [0, 4, 'Half Leg Bottom', 120], [0, 4, 'Half Leg Top', 140],
      [0, 4, 'Full Leg', 250], [0, 4, 'Feet', 50], [0, 1024, 'Bikini Facial', 80],
      [1, 8, 'Full Back', 350], [1, 8, 'Lower Lip', 50], [1, 8, 'Upper Lip', 70], [1, 8, 'Full Face', 200], [1, 8, 'Brozilian', 300],
      [1, 8, 'Full Leg', 300], [1, 8, 'Hands', 50], [1, 2, 'Full Arm', 65], [1, 2, 'Shoulders', 25], [1, 2, 'Full Back', 70],
      [1, 2, 'Brozilian', 80], [1, 2048, 'Ingrown Hair Treatment', 85], [1, 2097152, 'Microblading', 600],
      [1, 2097152, 'Microblading Touch-Up', 195], [0, 67108864, '1 Area', 105], [0, 67108864, '2 Areas', 165], [0, 67108864, '3 Areas', 195],
      [0, 268435456, 'Free Consultation', 0], [0, 268435456, 'Extra Small Tattoo (XS)', 130], [0, 268435456, 'Extra Large Tattoo (XL)', 190],
    ];
    for (const [gen, flag, name, expected] of samples) expect([name, price(gen, flag, name)]).toEqual([name, expected]);
    expect(SERVICE_ITEMS.find((item) => item.gen === 1 && item.name === 'Microblading')?.duration).toBe(150);
    expect(SERVICE_ITEMS.find((item) => item.gen === 1 && item.name === 'Microblading Touch-Up')?.duration).toBe(120);
  });

  it('keeps every section inside its sample price range', () => {
    const ranges: [number[], Gender | undefined, number, number][] = [
      [[1], 0, 10, 75], [[4], 0, 50, 250], [[4096, 8192], undefined, 0, 0], [[2], 1, 15, 80], [[8], 1, 50, 350],
      [[1073741824], undefined, 10, 75], [[256, 512], undefined, 10, 55], [[32, 4194304], undefined, 25, 150], [[64], 0, 10, 150],
      [[128], 1, 15, 45], [[1048576, 2097152], undefined, 195, 1000], [[16384, 65536], undefined, 75, 245],
      [[32768, 131072], undefined, 25, 97.5], [[16777216, 33554432], undefined, 100, 245], [[262144, 524288], undefined, 240, 290],
      [[67108864, 134217728], undefined, 105, 195], [[268435456, 536870912], undefined, 0, 190],
    ];
    for (const [flags, gen, low, high] of ranges) {
      const items = SERVICE_ITEMS.filter((item) => flags.includes(item.svcType) && (gen === undefined || item.gen === gen));
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect([item.moniker, item.price >= low && item.price <= high]).toEqual([item.moniker, true]);
    }
    const addOns = SERVICE_ITEMS.filter((item) => [16, 8388608].includes(item.svcType) && !/cupping/i.test(item.name));
    for (const item of addOns) expect(item.price).toBeGreaterThanOrEqual(30);
    for (const item of addOns) expect(item.price).toBeLessThanOrEqual(45);
  });

  it('gives every package a pvSku of the service SKU plus X and its size, and prices it by its tier', () => {
    expect(packages.length).toBeGreaterThan(100);
    for (const offer of packages) {
      expect(packageOfferSchema.safeParse(offer).error).toBeUndefined();
      expect(offer.pvSku).toBe(`${offer.svcSku}X${offer.pvQtyCombined}`);
      expect(offer.discId === null ? offer.discPrcentage : DISCOUNTS[offer.discId as DiscountId]).toBe(offer.discPrcentage);
      const full = offer.svcPrice * offer.pvQtyCombined;
      if (offer.priceException || offer.discPrcentage === null) expect(offer.pvPrice).toBe(full);
      else expect(offer.pvPrice).toBe(discountedPrice(full, offer.discPrcentage));
    }
    const sizes = new Set(packages.map((offer) => offer.pvQtyCombined));
    for (const size of [1, 2, 3, 4, 5, 6, 9]) expect(sizes).toContain(size);
  });

  it('titles packages with the treatment, and gives each package page a title no other page has', () => {
    const titles = packages.map((offer) => offer.pvMetaTitle);
    expect(new Set(titles).size).toBe(new Set(packages.map((offer) => offer.pvId)).size);
    const eyebrows = new Set(packages.filter((offer) => /^(wo)?mens-eyebrows-(wax|threading)-x3$/.test(offer.moniker)).map((offer) => `${offer.pvTitle} / ${offer.pvMetaTitle}`));
    expect([...eyebrows].sort()).toEqual([
      'Eyebrows Threading, 3 sessions / Eyebrows Threading for Men, 3 sessions | NYC',
      'Eyebrows Threading, 3 sessions / Eyebrows Threading for Women, 3 sessions | NYC',
      'Eyebrows Wax, 3 sessions / Eyebrows Wax for Men, 3 sessions | NYC',
      'Eyebrows Wax, 3 sessions / Eyebrows Wax for Women, 3 sessions | NYC',
    ]);
  });

  it('marks exactly the exceptions the specification lists', () => {
    const exceptions = packages.filter((offer) => offer.priceException).map((offer) => [offer.pvQtyCombined, offer.svcPrice, offer.pvPrice]);
    expect(exceptions.sort()).toEqual([[3, 195, 585], [3, 80, 240], [5, 240, 1200], [6, 65, 390]].sort());
  });

  it('follows the discount tiers of section 9', () => {
    const tiersOf = (predicate: (offer: (typeof packages)[number]) => boolean) =>
      new Set(packages.filter((offer) => predicate(offer) && !offer.priceException && offer.pvQtyCombined > 1).map((offer) => `${offer.pvQtyCombined}:${offer.discPrcentage}`));
    const inSet = (actual: Set<string>, allowed: string[]) => {
      expect(actual.size).toBeGreaterThan(0);
      for (const tier of actual) expect(allowed).toContain(tier);
    };
    inSet(tiersOf((offer) => offer.svcType === 1), ['3:10', '3:15', '6:20']);
    inSet(tiersOf((offer) => offer.svcType === 4), ['3:15', '6:20', '6:30', '9:25', '9:35']);
    inSet(tiersOf((offer) => offer.svcType === 2), ['3:10', '6:20']);
    inSet(tiersOf((offer) => offer.svcType === 8 && !['Brozilian', 'Buttocks'].includes(offer.svcName)), ['3:15', '6:20', '9:25']);
    inSet(tiersOf((offer) => offer.svcType === 8 && offer.svcName === 'Brozilian'), ['3:20', '6:25', '9:30']);
    inSet(tiersOf((offer) => [64, 128, 256, 512].includes(offer.svcType)), ['3:10', '6:15']);
    inSet(tiersOf((offer) => [268435456, 536870912].includes(offer.svcType)), ['3:10', '3:15', '5:10', '5:15']);
    const mensBrozilian = packages.filter((offer) => offer.svcType === 8 && offer.svcName === 'Brozilian').map((offer) => offer.discId);
    expect(mensBrozilian).toEqual([12, 11, 10]);
    for (const offer of offers) if (offer.discId !== null) expect(DISCOUNT_IDS).toContain(offer.discId);
  });

  it('has bundles BNDL001 to BNDL026, each shared by several services with one pvId and one price', () => {
    const codes = [...new Set(bundles.map((offer) => offer.pvSku))].sort();
    expect(codes).toEqual(Array.from({ length: 26 }, (_, i) => `BNDL${String(i + 1).padStart(3, '0')}`));
    expect(BUNDLES).toHaveLength(bundles.length);
    for (const code of codes) {
      const members = bundles.filter((offer) => offer.pvSku === code);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(new Set(members.map((offer) => offer.pvId)).size).toBe(1);
      expect(new Set(members.map((offer) => offer.pvPrice)).size).toBe(1);
      expect(new Set(members.map((offer) => offer.svcGuid)).size).toBe(members.length);
      const sum = members.reduce((total, offer) => total + offer.svcPrice, 0);
      const offer = members[0]!;
      expect(offer.pvQtyCombined).toBe(1);
      expect([null, 15, 20, 25, 50]).toContain(offer.discPrcentage);
      expect(offer.pvPrice).toBe(offer.discPrcentage === null ? sum : discountedPrice(sum, offer.discPrcentage));
      expect(offerOriginalPrice(groupPackages(members)[0]!)).toBe(sum);
      for (const member of members) expect(serviceByMoniker(member.svcMoniker)?.gen).toBe(serviceByMoniker(offer.svcMoniker)?.gen);
    }
    expect(groupPackages(bundles)).toHaveLength(26);
  });

  it('prices patch-test bundles at 25 to 80 and ingrown-care bundles at 110 to 205, welcome bundles at 50% off', () => {
    const grouped = groupPackages(bundles);
    const withType = (flags: number[]) => grouped.filter((bundle) => bundle.psvc.some((svc) => flags.includes(svc.svcType)));
    for (const bundle of withType([4096, 8192])) expect(bundle.pvPrice >= 25 && bundle.pvPrice <= 80).toBe(true);
    for (const bundle of withType([1024, 2048])) expect(bundle.pvPrice >= 110 && bundle.pvPrice <= 205).toBe(true);
    const welcome = grouped.filter((bundle) => /welcome/i.test(bundle.pvTitle));
    expect(welcome.length).toBeGreaterThan(0);
    for (const bundle of welcome) expect([bundle.discId, bundle.isSpecial]).toEqual([7, 1]);
  });

  it('has the therapists of the specification, and named therapists for every bookable area', () => {
    expect(THERAPISTS.map((therapist) => therapist.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6, 7, 11, 12, 25, 26]);
    expect(THERAPISTS[0]).toEqual({ id: 0, name: 'Any Therapists' });
    for (const entry of ROSTER) expect(THERAPISTS.some((therapist) => therapist.id === entry.therapistId)).toBe(true);
    for (const location of [1, 2, 4]) {
      for (const gen of [0, 1] as Gender[]) {
        for (const area of areasFor(location, gen)) {
          expect(areaSchema.safeParse(area).error).toBeUndefined();
          expect(area.serviceTherapists.length).toBeGreaterThan(1);
          for (const type of area.serviceTypes) expect(isOfferedAt(location, type.id)).toBe(true);
        }
      }
    }
    expect(areasFor(3, 0)).toEqual([]);
  });

  it('derives the same GUIDs on every load', () => {
    expect(serviceByMoniker('womens-brazilian-wax')?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const bySku = Object.fromEntries(SERVICE_ITEMS.map((item) => [item.value, item.id]));
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const again = require('./index') as typeof import('./index');
      for (const item of again.SERVICE_ITEMS) expect(item.id).toBe(bySku[item.value]);
    });
  });
});

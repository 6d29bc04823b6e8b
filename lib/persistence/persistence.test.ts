import { randomUUID } from 'node:crypto';
import { authCookieValue, profileFromAuthCookie } from './auth';
import { CARD_MAX_PACKAGES, CARD_MAX_SERVICES, cardFromCookie, cardToCookie, emptyCard, type AppointmentCard } from './card';
import { compressGuid, decodeJson, encodeJson, expandGuid } from './codec';
import { COOKIE_BYTE_LIMIT, COOKIE_NAMES, cookieBytes, threeMonthsFrom } from './cookies';
import {
  FAVORITES_MAX,
  SHOP_MAX_ITEMS,
  favoritesFromCookie,
  favoritesToCookie,
  locationFromCookie,
  locationToCookie,
  shopFromCookie,
  shopToCookie,
} from './lists';
import { readSavedState } from './state';

const guids = (n: number) => Array.from({ length: n }, () => randomUUID());

/** The largest card the caps allow: 30 package lines over all six areas, dates, 20 packages, customer and apt ids. */
function fullCard(): AppointmentCard {
  const card = emptyCard({ customerId: randomUUID(), aptId: randomUUID(), location: '4', gender: '1', customerType: 99 });
  const ids = guids(CARD_MAX_SERVICES);
  card.svcAreas = [1, 2, 3, 4, 5, 6].map((areaId) => ({
    areaId,
    svcTherapist: 10_000,
    svcDate: '2026-12-31',
    svcNote: '',
    svcTypes: [1073741824, 536870912].map((svcTypeId) => ({ svcTypeId, svcArray: [] as AppointmentCard['svcAreas'][number]['svcTypes'][number]['svcArray'] })),
  }));
  ids.forEach((id, i) => {
    const area = card.svcAreas[i % 6]!;
    const type = area.svcTypes[Math.floor(i / 6) % 2]!;
    type.svcArray.push({ pkgId: randomUUID(), packageType: 3, qtyFulfilled: 99, qtyCombined: 9, svcId: 'WWHR001', duration: 60, isPackage: true, isOrdered: false, serviceTypeId: type.svcTypeId, gen: 1, id, areaId: area.areaId });
  });
  card.pkgAvailable = guids(CARD_MAX_PACKAGES).map((pkgId) => ({ pkgId, isPkgUsed: true }));
  return card;
}

describe('codec', () => {
  it('compresses a GUID to 22 characters and back, lower-case', () => {
    const id = 'A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF';
    const small = compressGuid(`{${id}}`);
    expect(small).toHaveLength(22);
    expect(expandGuid(small)).toBe(id.toLowerCase());
    expect(expandGuid('not-a-guid')).toBeUndefined();
  });
  it('round-trips JSON and refuses garbage', () => {
    expect(decodeJson(encodeJson({ a: ['é', 1] }))).toEqual({ a: ['é', 1] });
    expect(decodeJson('%%%')).toBeUndefined();
    expect(decodeJson('e30')).toEqual({});
    expect(decodeJson('AAAA')).toBeUndefined();
  });
  it('expires in three months', () => {
    expect(threeMonthsFrom(new Date('2026-01-15T00:00:00Z')).getMonth()).toBe(new Date('2026-04-15T00:00:00Z').getMonth());
  });
});

describe('cookie sizes at the caps (each under 4096 bytes)', () => {
  const sizes: Record<string, number> = {};
  afterAll(() => {
    // Printed for docs/decisions.md.
    console.log('cookie bytes at caps', sizes);
  });

  it(`card: ${CARD_MAX_SERVICES} package lines, ${CARD_MAX_PACKAGES} packages`, () => {
    const card = fullCard();
    const value = cardToCookie(card);
    sizes.card = cookieBytes(COOKIE_NAMES.card, value);
    expect(sizes.card).toBeLessThan(COOKIE_BYTE_LIMIT);
    const back = cardFromCookie(value)!;
    expect(back.header.customerId).toBe(card.header.customerId);
    expect(back.svcAreas.flatMap((a) => a.svcTypes.flatMap((t) => t.svcArray.map((l) => [l.id, l.pkgId])))).toEqual(
      card.svcAreas.flatMap((a) => a.svcTypes.flatMap((t) => t.svcArray.map((l) => [l.id, l.pkgId]))),
    );
    expect(back.pkgAvailable).toEqual(card.pkgAvailable);
  });

  it('card: a customer id that is not a GUID is dropped, not refused', () => {
    const value = cardToCookie(emptyCard({ customerId: '42', location: '2' }));
    expect(cardFromCookie(value)?.header).toMatchObject({ customerId: '', location: '2' });
  });

  it('card: one more service than the cap is refused', () => {
    const card = fullCard();
    card.svcAreas[0]!.svcTypes[0]!.svcArray.push({ ...card.svcAreas[0]!.svcTypes[0]!.svcArray[0]!, id: randomUUID() });
    expect(() => cardToCookie(card)).toThrow(RangeError);
  });

  it(`favourites: ${FAVORITES_MAX} ids`, () => {
    const ids = guids(FAVORITES_MAX);
    const value = favoritesToCookie(ids);
    sizes.favorites = cookieBytes(COOKIE_NAMES.favorites, value);
    expect(sizes.favorites).toBeLessThan(COOKIE_BYTE_LIMIT);
    expect(favoritesFromCookie(value)).toEqual(ids);
    expect(() => favoritesToCookie(guids(FAVORITES_MAX + 1))).toThrow(RangeError);
  });

  it(`shop cart: ${SHOP_MAX_ITEMS} items and a long checkout id`, () => {
    const cart = { header: { customerId: randomUUID(), checkoutId: `gid://shopify/Cart/${'x'.repeat(181)}` }, pvItems: guids(SHOP_MAX_ITEMS) };
    const value = shopToCookie(cart);
    sizes.shop = cookieBytes(COOKIE_NAMES.shop, value);
    expect(sizes.shop).toBeLessThan(COOKIE_BYTE_LIMIT);
    expect(shopFromCookie(value)).toEqual(cart);
    expect(() => shopToCookie({ ...cart, pvItems: guids(SHOP_MAX_ITEMS + 1) })).toThrow(RangeError);
  });

  it('location: one digit', () => {
    sizes.location = cookieBytes(COOKIE_NAMES.location, locationToCookie(4));
    expect(locationFromCookie('4')).toBe(4);
  });
});

describe('tampered, malformed and oversized cookies read as nothing', () => {
  const card = cardToCookie(fullCard());
  it.each([
    ['missing', undefined],
    ['not base64', '{"v":1}'],
    ['truncated', card.slice(0, card.length - 7)],
    ['wrong version', encodeJson({ v: 2, h: [], a: [], p: [] })],
    ['extra lines past the cap', encodeJson({ v: 1, h: ['', '', 1, 0, 0, '1', '8'], a: [[1, 0, '', [[1, Array.from({ length: 31 }, () => [compressGuid(randomUUID())])]]]], p: [] })],
    ['duplicate area', encodeJson({ v: 1, h: ['', '', 1, 0, 0, '1', '8'], a: [[1, 0, '', [[1, [[compressGuid(randomUUID())]]]]], [1, 0, '', [[1, [[compressGuid(randomUUID())]]]]]], p: [] })],
    ['oversized', 'A'.repeat(5000)],
  ])('card: %s', (_label, raw) => {
    expect(cardFromCookie(raw)).toBeUndefined();
  });
  it('favourites, shop and location', () => {
    expect(favoritesFromCookie(encodeJson({ v: 1, f: ['x'] }))).toBeUndefined();
    const id = compressGuid(randomUUID());
    expect(favoritesFromCookie(encodeJson({ v: 1, f: [id, id] }))).toBeUndefined();
    expect(shopFromCookie(encodeJson({ v: 1, c: '', k: 'a;b', i: [] }))).toBeUndefined();
    expect(shopFromCookie('B'.repeat(4100))).toBeUndefined();
    expect(locationFromCookie('9')).toBeUndefined();
    expect(locationFromCookie('1; x')).toBeUndefined();
  });
});

describe('BnpAuth', () => {
  it('reads base64 of URL-encoded JSON, also when percent-encoded once more', () => {
    const value = authCookieValue({ id: '42', name: 'Zoë', email: 'z@example.com' });
    expect(profileFromAuthCookie(value)).toEqual({ name: 'Zoë', email: 'z@example.com', customerId: '42', isAuth: true });
    expect(profileFromAuthCookie(encodeURIComponent(value))?.name).toBe('Zoë');
  });
  it('refuses a profile without an id or garbage', () => {
    expect(profileFromAuthCookie(authCookieValue({ id: '' }))).toBeUndefined();
    expect(profileFromAuthCookie(btoa('%E0%A4%A'))).toBeUndefined();
    expect(profileFromAuthCookie('!!!')).toBeUndefined();
    expect(profileFromAuthCookie('')).toBeUndefined();
  });
});

describe('the reading a personal page hands its browser (readSavedState)', () => {
  it("carries each stamped cookie's raw value and the profile, never BnpAuth itself (an upstream's may carry a token)", () => {
    const auth = btoa(encodeURIComponent(JSON.stringify({ id: '42', name: 'Zoë', email: 'z@example.com', token: 'secret-upstream-token' })));
    const favourites = `3.${favoritesToCookie([randomUUID()])}`;
    const cookies: Record<string, string> = { [COOKIE_NAMES.auth]: auth, [COOKIE_NAMES.favorites]: favourites, [COOKIE_NAMES.location]: 'x' };
    const reading = readSavedState((name) => cookies[name]);
    expect(reading.raw).toEqual({ card: '', favorites: favourites, location: 'x', shop: '' });
    expect(reading.state.auth).toEqual({ name: 'Zoë', email: 'z@example.com', customerId: '42', isAuth: true });
    // A refused cookie reads as its empty store, and its raw value goes with it so the binding rewrites it.
    expect(reading.state.location).toBe(0);
    const page = JSON.stringify(reading);
    expect(page).not.toContain('secret-upstream-token');
    expect(page).not.toContain(auth);
  });
});

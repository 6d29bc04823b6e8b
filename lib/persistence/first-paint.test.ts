/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { authCookieValue } from './auth';
import { bookingCardToCookie } from './card';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { bookedService, bookingCard } from '@/lib/booking/test-support/booking-card';
import { COOKIE_NAMES } from './cookies';
import { savedStateMarks, savedStateNoScriptCss } from './first-paint';
import { SAVED_STATE_SCRIPT } from './saved-state-script';
import { applySavedStateMarks, cssString, type SavedStateMarks } from './saved-state-marks';
import { favoritesToCookie, shopToCookie } from './lists';
import { withStamp } from './stamp';
import { SIGNED_OUT, type AuthProfile, type PersistedShopCart } from './model';

// jsdom has no TextEncoder; the codecs need it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function cardWith(lines: [id: string, areaId: number][]): BookingCard {
  const areas = [...new Set(lines.map(([, areaId]) => areaId))];
  return bookingCard(areas.map((area) => ({ area, services: lines.filter(([, a]) => a === area).map(([id]) => bookedService(id, 1, { sku: 'WWHR001', minutes: 30 })) })));
}

const noShop: PersistedShopCart = { header: { customerId: '', checkoutId: '' }, pvItems: [] };

interface Saved {
  card: BookingCard;
  favorites: string[];
  shop: PersistedShopCart;
  auth: AuthProfile;
}

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function resetRoot() {
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
}

function snapshot(root: HTMLElement) {
  return {
    attributes: Object.fromEntries([...root.attributes].filter((a) => a.name !== 'style').map((a) => [a.name, a.value])),
    style: ['--bk', '--fv', '--sh', '--nm'].map((property) => root.style.getPropertyValue(property)),
  };
}

/** Runs the inline script on cookies written by the real codecs and returns what it marked. */
function runScript(saved: Saved, stamp?: number) {
  clearCookies();
  resetRoot();
  const value = (body: string) => (stamp === undefined ? body : withStamp(stamp, body));
  if (saved.card.areas.length) document.cookie = `${COOKIE_NAMES.card}=${value(bookingCardToCookie(saved.card))}; path=/`;
  if (saved.favorites.length) document.cookie = `${COOKIE_NAMES.favorites}=${value(favoritesToCookie(saved.favorites))}; path=/`;
  if (saved.shop.pvItems.length) document.cookie = `${COOKIE_NAMES.shop}=${value(shopToCookie(saved.shop))}; path=/`;
  if (saved.auth.isAuth) document.cookie = `${COOKIE_NAMES.auth}=${encodeURIComponent(authCookieValue({ id: saved.auth.customerId, name: saved.auth.name, email: saved.auth.email }))}; path=/`;
  new Function(SAVED_STATE_SCRIPT)();
  return snapshot(document.documentElement);
}

function applyMarks(marks: SavedStateMarks) {
  resetRoot();
  applySavedStateMarks(document.documentElement, marks);
  return snapshot(document.documentElement);
}

const states: [string, Saved][] = [
  ['nothing saved', { card: emptyBookingCard(), favorites: [], shop: noShop, auth: SIGNED_OUT }],
  [
    'a card over two areas, favourites, a shop item, signed in',
    {
      card: cardWith([
        [guid(1), 1],
        [guid(2), 1],
        [guid(3), 3],
      ]),
      favorites: [guid(4), guid(5)],
      shop: { header: { customerId: '', checkoutId: '' }, pvItems: [guid(6)] },
      auth: { name: 'Ana María', email: 'ana@example.com', customerId: guid(7), isAuth: true },
    },
  ],
  ['signed in without a name', { card: emptyBookingCard(), favorites: [], shop: noShop, auth: { name: '', email: 'ada@example.com', customerId: guid(8), isAuth: true } }],
  ['a name with quotes and a backslash', { card: emptyBookingCard(), favorites: [guid(9)], shop: noShop, auth: { name: 'Zoë "Z" \\ O’Neil', email: '', customerId: guid(10), isAuth: true } }],
];

describe('saved state at first paint', () => {
  afterEach(() => {
    clearCookies();
    resetRoot();
  });

  it.each(states)('the inline script marks <html> as the stores would: %s', (_, saved) => {
    expect(runScript(saved)).toEqual(applyMarks(savedStateMarks(saved)));
  });

  it.each(states)('reads cookies with a version stamp as those from before stamps: %s', (_, saved) => {
    expect(runScript(saved, 41)).toEqual(applyMarks(savedStateMarks(saved)));
  });

  it('marks the counts and the name', () => {
    const marked = runScript(states[1]![1]);
    expect(marked.attributes).toEqual({ 'data-bk': '3', 'data-fv': '2', 'data-sh': '1', 'data-auth': '' });
    expect(marked.style).toEqual(['3', '2', '1', '"Ana María"']);
  });

  it('shows nothing for unreadable cookies, and never throws', () => {
    document.cookie = `${COOKIE_NAMES.card}=not*base64; path=/`;
    document.cookie = `${COOKIE_NAMES.favorites}=eyJ2IjoxLCJmIjoiMiJ9; path=/`; // {"v":1,"f":"2"}
    document.cookie = `${COOKIE_NAMES.auth}=%%%; path=/`;
    expect(() => new Function(SAVED_STATE_SCRIPT)()).not.toThrow();
    expect(snapshot(document.documentElement).attributes).toEqual({});
  });

  it('removes the marks of what was emptied', () => {
    applySavedStateMarks(document.documentElement, { bookingCount: 2, favoritesCount: 1, shopCount: 1, name: 'Ana' });
    applySavedStateMarks(document.documentElement, { bookingCount: 0, favoritesCount: 0, shopCount: 0 });
    expect(snapshot(document.documentElement)).toEqual({ attributes: {}, style: ['', '', '', ''] });
  });

  it('writes the name as a safe CSS string', () => {
    expect(cssString('a"b\\c\nd')).toBe('"a\\"b\\\\c d"');
    expect(cssString('x'.repeat(200))).toHaveLength(62);
  });

  it('as a stylesheet for pages without scripts: the counts, the signed-in controls and a name that cannot close the style', () => {
    const css = savedStateNoScriptCss({ bookingCount: 2, favoritesCount: 0, shopCount: 1, name: 'Ana</style><script>' });
    expect(css).toContain('html{counter-reset:bk 2 fv 0 sh 1}');
    expect(css).toContain('.badge-bk{display:block!important}');
    expect(css).not.toContain('.badge-fv');
    expect(css).toContain('.signed-in{display:flex!important}.signed-out{display:none!important}');
    expect(css).not.toContain('<');
    expect(savedStateNoScriptCss({ bookingCount: 0, favoritesCount: 0, shopCount: 0 })).toBe('html{counter-reset:bk 0 fv 0 sh 0}');
  });
});

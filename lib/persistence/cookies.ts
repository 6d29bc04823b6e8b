/** Cookie names, lifetimes and the small read/write helpers used by the browser and the server. */

export const COOKIE_NAMES = {
  card: 'bnp_card',
  favorites: 'bnp_fav',
  location: 'bnp_loc',
  shop: 'bnp_shop',
  auth: 'BnpAuth',
} as const;

/** The BroadcastChannel on which a browser's tabs tell each other what they wrote to a cookie: { name, raw }. */
export const TAB_CHANNEL = 'salon-saved-state';

const SAVED_STATE_COOKIE = new RegExp(`(?:^|;)\\s*(?:${Object.values(COOKIE_NAMES).join('|')})=\\s*[^;\\s]`);

/** Whether a Cookie header (or document.cookie) holds any saved state: a card, favourites, a location, a shop cart or a sign-in. */
export function hasSavedStateCookie(cookies: string): boolean {
  return SAVED_STATE_COOKIE.test(cookies);
}

/** Browsers keep a cookie only while name + '=' + value stays within 4096 bytes. */
export const COOKIE_BYTE_LIMIT = 4096;

/** Saved state lasts three months (specification section 9). */
export function threeMonthsFrom(now: Date): Date {
  const expires = new Date(now.getTime());
  expires.setMonth(expires.getMonth() + 3);
  return expires;
}

export function cookieBytes(name: string, value: string): number {
  return new TextEncoder().encode(`${name}=${value}`).length;
}

/** What a cookie's value may hold (RFC 6265 cookie-octet): no space, quote, comma, semicolon or backslash. */
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/** The identity encoder both cookie doors hand nookies: values pass as they are, and one a header cannot carry throws. */
export function cookieValueAsIs(value: string): string {
  if (!COOKIE_VALUE.test(value)) throw new TypeError('A cookie value cannot hold spaces, quotes, commas, semicolons or backslashes.');
  return value;
}

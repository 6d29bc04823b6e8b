/** Cookie names, lifetimes and the small read/write helpers used by the browser and the server. */

export const COOKIE_NAMES = {
  card: 'bnp_card',
  favorites: 'bnp_fav',
  location: 'bnp_loc',
  shop: 'bnp_shop',
  auth: 'BnpAuth',
} as const;

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

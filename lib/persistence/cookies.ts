/** Cookie names, lifetimes and the small read/write helpers used by the browser and the server. */

export const COOKIE_NAMES = {
  card: 'bnp_card',
  favorites: 'bnp_fav',
  location: 'bnp_loc',
  shop: 'bnp_shop',
  auth: 'BnpAuth',
} as const;

export type PersistedCookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

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

/** Parses a Cookie header or document.cookie into a map; the first occurrence of a name wins, as browsers send it. */
export function parseCookieString(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    out[name] = part.slice(eq + 1).trim();
  }
  return out;
}

/** A Set-Cookie / document.cookie string: readable by the page (not HttpOnly), Lax, the whole site. */
export function serializeCookie(name: string, value: string, options: { expires?: Date; secure?: boolean } = {}): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function deletionCookie(name: string): string {
  return `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

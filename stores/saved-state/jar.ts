import { destroyCookie, parseCookies, setCookie } from 'nookies';
import { cookieValueAsIs, threeMonthsFrom } from '@/lib/persistence/cookies';

/**
 * The browser's cookies through nookies, the library the server's handlers write with too (lib/api/cookies.ts).
 * Values are base64url (with a version stamp) already: they pass as they are, so what the codecs see is what was
 * written.
 */
const raw = { decode: (value: string) => value, encode: cookieValueAsIs };

/** This tab's cookies; of a name sent twice, the first. */
export function readJar(): Record<string, string | undefined> {
  return parseCookies(null, raw);
}

/** The raw cookie value, '' when there is none. */
export function rawCookie(name: string): string {
  return readJar()[name] ?? '';
}

/** Saved state lasts three months from its last change, for the whole site, sent with top-level navigations. */
export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:';
  setCookie(null, name, value, { ...raw, path: '/', sameSite: 'lax', secure, expires: threeMonthsFrom(new Date()) });
}

/** A short-lived mark of this site (the promo banner's minute): nookies too, with the same attributes. */
export function writeMarkCookie(name: string, value: string, maxAgeSeconds: number): void {
  setCookie(null, name, value, { ...raw, path: '/', sameSite: 'lax', secure: location.protocol === 'https:', maxAge: maxAgeSeconds });
}

export function removeCookie(name: string): void {
  if (readJar()[name] !== undefined) destroyCookie(null, name, { path: '/' });
}

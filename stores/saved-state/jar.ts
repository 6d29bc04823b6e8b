import { parseCookie, stringifySetCookie } from 'cookie';
import { threeMonthsFrom } from '@/lib/persistence/cookies';

/**
 * The browser's cookies through the `cookie` package, the library the server's handlers write with too
 * (lib/api/cookies.ts). Values are base64url (with a version stamp) already: they pass as they are, so what the
 * codecs see is what was written.
 */
const raw = { decode: (value: string) => value, encode: (value: string) => value };

/** This tab's cookies; of a name sent twice, the first. */
export function readJar(): Record<string, string | undefined> {
  return parseCookie(document.cookie, raw);
}

/** The raw cookie value, '' when there is none. */
export function rawCookie(name: string): string {
  return readJar()[name] ?? '';
}

/** Saved state lasts three months from its last change, for the whole site, sent with top-level navigations. */
export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:';
  document.cookie = stringifySetCookie(name, value, { ...raw, path: '/', sameSite: 'lax', secure, expires: threeMonthsFrom(new Date()) });
}

export function removeCookie(name: string): void {
  if (readJar()[name] !== undefined) document.cookie = stringifySetCookie(name, '', { path: '/', expires: new Date(0) });
}

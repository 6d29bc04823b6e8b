/**
 * The version stamp of a saved-state cookie (the card, favourites, location and shop cart): `<stamp>.<body>`, the
 * stamp a count that every write raises by one. Two tabs share the cookies, and a browser may hand a tab a cookie
 * older than one it already knows (cookies are cached per tab); the stamp tells which is newer. A cookie without a
 * stamp (written before stamps, or by a server that had none) reads as stamp 0. Bodies are base64url or a digit, never
 * a '.', so the two forms cannot be confused. Pure; no React, no zod.
 */

/** The bytes a stamp may add to a cookie ("999999999999999."): the codecs keep a body this much under the limit. */
export const STAMP_BYTES = 16;

const STAMPED = /^(\d{1,15})\.([\s\S]*)$/;

export interface Stamped {
  stamp: number;
  body: string;
}

export function readStamp(raw: string): Stamped {
  const match = STAMPED.exec(raw);
  return match ? { stamp: Number(match[1]), body: match[2] ?? '' } : { stamp: 0, body: raw };
}

/** The cookie's body without its stamp, for the codecs. */
export function cookieBody(raw: string): string {
  return readStamp(raw).body;
}

export function withStamp(stamp: number, body: string): string {
  return `${stamp}.${body}`;
}

/** What a tab knows of one cookie: its raw value when last read or written, that value's stamp (a removal counts as a write). */
export interface KnownCookie {
  raw: string;
  stamp: number;
  /** Whether this tab has known the cookie missing: a missing cookie carries no stamp, so it may be that old state. */
  seenMissing: boolean;
}

/**
 * Whether a cookie read (or a value another tab announced, with its stamp) is news to this tab: written by another
 * tab since this one last looked. An older stamp is a read that lags behind; so is a missing cookie when this tab has
 * known it missing, unless an announcement says the removal is newer. An equal stamp with another value is a write
 * another tab made from the same version at the same moment: news too.
 */
export function isNews(known: KnownCookie, read: { raw: string; stamp: number }): boolean {
  if (read.raw === known.raw) return false;
  if (read.stamp > known.stamp) return true;
  if (read.raw === '') return !known.seenMissing;
  return read.stamp === known.stamp;
}

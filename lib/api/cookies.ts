import { parseCookies, setCookie } from 'nookies';
import { parseString as parseSetCookieLine } from 'set-cookie-parser';
import { cookieValueAsIs } from '@/lib/persistence/cookies';

/**
 * Cookies for handlers that work on plain Request/Response objects, through nookies (the stack's cookie library, which
 * the browser's saved state uses too: stores/saved-state/jar.ts). nookies speaks Node's req/res; the two adapters
 * below give it a request's Cookie header and collect the Set-Cookie line it writes. Values pass as they are (no
 * percent-decoding): each cookie of this site has its own format, read by its owner.
 */
const raw = { decode: (value: string) => value };

/** The request's cookies; of a name sent twice, the first (the most specific path, by RFC 6265). */
export function readCookies(request: Request): Map<string, string> {
  const header = request.headers.get('cookie');
  if (!header) return new Map();
  const parsed = parseCookies({ req: { headers: { cookie: header } } } as never, raw);
  return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export function readCookie(request: Request, name: string): string | undefined {
  return readCookies(request).get(name);
}

export interface CookieOptions {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A Set-Cookie line, written by nookies into a response that only collects it; throws a TypeError for a name or value
 * a header cannot carry.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const maxAge = options.maxAge === undefined ? undefined : Math.floor(options.maxAge);
  let written: string[] = [];
  const res = { getHeader: () => written, setHeader: (_header: string, lines: string[]) => void (written = lines) };
  setCookie({ res } as never, name, value, {
    encode: cookieValueAsIs,
    path: options.path ?? '/',
    maxAge,
    expires: maxAge !== undefined && maxAge <= 0 ? new Date(0) : undefined,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: (options.sameSite ?? 'Lax').toLowerCase() as 'lax' | 'strict' | 'none',
  });
  const line = written.at(-1);
  if (line === undefined) throw new TypeError(`nookies wrote no Set-Cookie for ${name}`);
  return line;
}

/** A Set-Cookie that removes `name` at `path`. */
export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAge'> = {}): string {
  return serializeCookie(name, '', { ...options, maxAge: 0 });
}

export interface ParsedSetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
}


/**
 * One Set-Cookie header line as name, value and attributes (the form server actions copy a handler's cookies onto
 * their own answer with next/headers' cookies()). Domain is dropped: a cookie of this site belongs to its host.
 * Undefined for a line without a valid name.
 */
export function parseSetCookie(line: string): ParsedSetCookie | undefined {
  const parsed = parseSetCookieLine(line, { decodeValues: false }) as ReturnType<typeof parseSetCookieLine> | null;
  if (!parsed || !COOKIE_NAME.test(parsed.name)) return undefined;
  const cookie: ParsedSetCookie = { name: parsed.name, value: parsed.value ?? '' };
  if (parsed.path?.startsWith('/')) cookie.path = parsed.path;
  if (parsed.maxAge !== undefined && Number.isInteger(parsed.maxAge)) cookie.maxAge = parsed.maxAge;
  if (parsed.expires && !Number.isNaN(parsed.expires.getTime())) cookie.expires = parsed.expires;
  if (parsed.httpOnly) cookie.httpOnly = true;
  if (parsed.secure) cookie.secure = true;
  const sameSite = typeof parsed.sameSite === 'string' ? parsed.sameSite.toLowerCase() : parsed.sameSite === true ? 'strict' : undefined;
  if (sameSite === 'lax' || sameSite === 'strict' || sameSite === 'none') cookie.sameSite = sameSite;
  return cookie;
}

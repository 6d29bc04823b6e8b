/** Cookie header parsing and Set-Cookie building for handlers that work on plain Request/Response objects. */

export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = request.headers.get('cookie');
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
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
const COOKIE_VALUE = /^[!#-+\--:<-[\]-~]*$/;

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Bad cookie name ${name}`);
  if (!COOKIE_VALUE.test(value)) throw new TypeError(`Bad cookie value for ${name}`);
  const parts = [`${name}=${value}`, `Path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
    if (options.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
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
  const [pair = '', ...attributes] = line.split(';');
  const index = pair.indexOf('=');
  if (index <= 0) return undefined;
  const name = pair.slice(0, index).trim();
  if (!COOKIE_NAME.test(name)) return undefined;
  const cookie: ParsedSetCookie = { name, value: pair.slice(index + 1).trim() };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) cookie.maxAge = Number(value);
    else if (key === 'expires' && !Number.isNaN(Date.parse(value))) cookie.expires = new Date(value);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite' && /^(lax|strict|none)$/i.test(value)) cookie.sameSite = value.toLowerCase() as ParsedSetCookie['sameSite'];
  }
  return cookie;
}

import 'server-only';
import { readCookie, serializeCookie } from '@/lib/api';
import { secureCookies } from '@/lib/env';
import { threeMonthsFrom } from './cookies';
import { readStamp, withStamp } from './stamp';

/**
 * A saved-state cookie written by the server (a form that works before the scripts run): the body in the stores'
 * own format, lasting as the browser's own saves do, with the next version stamp after the request's, so the
 * customer's other tabs take it in as newer (lib/persistence/stamp.ts). The Set-Cookie header's value.
 */
export function savedStateSetCookie(request: Request, name: string, body: string, now: Date = new Date()): string {
  const maxAge = (threeMonthsFrom(now).getTime() - now.getTime()) / 1000;
  const stamp = readStamp(readCookie(request, name) ?? '').stamp + 1;
  return serializeCookie(name, withStamp(stamp, body), { path: '/', sameSite: 'Lax', secure: secureCookies(), maxAge });
}

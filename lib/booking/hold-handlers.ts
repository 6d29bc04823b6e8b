import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody, readCookie, serializeCookie } from '@/lib/api';
import { hashToken, randomToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db';
import { secureCookies } from '@/lib/env';
import { enforceRateLimit } from '@/lib/rate-limit';
import { appointmentCardSchema } from './card-schema';
import { placeHolds, releaseHolds } from './holds';

/**
 * The hold cookie: who holds (lib/booking/holds.ts). A random token in an HttpOnly cookie, stored as its SHA-256;
 * the slot and visit-time lists and the booking read it to leave the caller's own holds out of their way.
 */
export function holdCookieName(): string {
  return secureCookies() ? '__Host-bnp_hold' : 'bnp_hold';
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The hold owner of a request (the SHA-256 of its hold cookie), or undefined. */
export function holderOf(request: Request): string | undefined {
  const token = readCookie(request, holdCookieName());
  return token && TOKEN.test(token) ? hashToken(token) : undefined;
}

/** The request's holder, or a new one with the Set-Cookie header that names it. */
export function holderFor(request: Request): { holder: string; setCookie?: string } {
  const existing = holderOf(request);
  if (existing) return { holder: existing };
  const token = randomToken();
  const setCookie = serializeCookie(holdCookieName(), token, { httpOnly: true, secure: secureCookies(), sameSite: 'Lax', path: '/', maxAge: 24 * 60 * 60 });
  return { holder: hashToken(token), setCookie };
}

/**
 * POST /api/holds/: the booking card as it will be booked (customerId may be empty); holds its times for 10
 * minutes (201), or 416 when one is booked or held by someone else; 20 a client in 15 minutes (429). Sets the hold
 * cookie when the caller has none.
 */
export const placeHoldsHandler = apiHandler(async (request) => {
  const card = await parseJsonBody(request, appointmentCardSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'hold', { client: clientAddress(request) });
  const { holder, setCookie } = holderFor(request);
  const placed = await placeHolds(db, holder, card);
  return json(placed, { status: 201, headers: setCookie ? { 'set-cookie': setCookie } : {} });
});

/** DELETE /api/holds/: ends the caller's holds (the customer left the booking page); 204 either way. */
export const releaseHoldsHandler = apiHandler(async (request) => {
  await releaseHolds(await getDb(), holderOf(request));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

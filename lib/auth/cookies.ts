import 'server-only';
import { clearCookie, serializeCookie } from '@/lib/api/cookies';
import { env, secureCookies } from '@/lib/env';
import { authCookieValue } from '@/lib/persistence/auth';

export const AUTH_PROFILE_COOKIE = 'BnpAuth';
export const AUTH_PROFILE_HEADER = 'x-bnp-auth';

/** With Secure cookies the __Host- prefix also pins the session cookie to this host and path '/'. */
export function sessionCookieName(): string {
  return secureCookies() ? '__Host-bnp_session' : 'bnp_session';
}

export interface Profile {
  id: string;
  name: string;
  email: string;
}

/** The readable profile: base64 of URL-encoded JSON {id, name, email}; display only, never trusted. */
export function profileValue(profile: Profile): string {
  return authCookieValue({ id: profile.id, name: profile.name, email: profile.email });
}

/** Set-Cookie headers of a sign-in: the HttpOnly session token and the readable BnpAuth profile. */
export function signInCookies(token: string, profile: Profile): string[] {
  const secure = secureCookies();
  const maxAge = env().SESSION_TTL_HOURS * 60 * 60;
  return [
    serializeCookie(sessionCookieName(), token, { httpOnly: true, secure, sameSite: 'Lax', maxAge, path: '/' }),
    serializeCookie(AUTH_PROFILE_COOKIE, profileValue(profile), { secure, sameSite: 'Lax', maxAge, path: '/' }),
  ];
}

/** The Set-Cookie header of the readable profile alone, after the account's name changed. */
export function profileCookie(profile: Profile): string {
  return serializeCookie(AUTH_PROFILE_COOKIE, profileValue(profile), { secure: secureCookies(), sameSite: 'Lax', maxAge: env().SESSION_TTL_HOURS * 60 * 60, path: '/' });
}

/** Set-Cookie headers of a sign-out: both cookies removed with path '/'. */
export function signOutCookies(): string[] {
  const secure = secureCookies();
  return [clearCookie(sessionCookieName(), { httpOnly: true, secure, path: '/' }), clearCookie(AUTH_PROFILE_COOKIE, { secure, path: '/' })];
}

import 'server-only';
import { serializeCookie } from '@/lib/api/cookies';
import { ApiError, json } from '@/lib/api/errors';
import { env, secureCookies } from '@/lib/env';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { AUTH_PROFILE_COOKIE, AUTH_PROFILE_HEADER, profileValue, signInCookies, type Profile } from './cookies';

/**
 * A sign-in answer (sign-in, a followed sign-up link): the profile as JSON (with `extra` fields) and in x-bnp-auth,
 * the session and BnpAuth cookies.
 */
export function signedInResponse(profile: Profile, token: string, status = 200, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ [AUTH_PROFILE_HEADER]: profileValue(profile) });
  for (const cookie of signInCookies(token, profile)) headers.append('set-cookie', cookie);
  return json({ ...extra, ...profile }, { status, headers });
}

function profileCookieOf(setCookie: string): string | undefined {
  const [pair] = setCookie.split(';');
  const index = pair?.indexOf('=') ?? -1;
  if (!pair || index < 0 || pair.slice(0, index).trim() !== AUTH_PROFILE_COOKIE) return undefined;
  return pair.slice(index + 1).trim();
}

/**
 * Proxy mode: after an upstream sign-in the profile comes from its BnpAuth cookie or, failing that, its x-bnp-auth
 * header (then the BnpAuth cookie is set here from it). With neither, sign-in fails with 'Not Valid request'.
 * Upstream refusals (4xx) pass through unchanged.
 */
export async function checkUpstreamSignIn(upstream: Response): Promise<Response> {
  if (!upstream.ok) return upstream;
  const fromCookie = upstream.headers
    .getSetCookie()
    .map(profileCookieOf)
    .find((value) => value !== undefined && profileFromAuthCookie(value));
  if (fromCookie) return upstream;
  const header = upstream.headers.get(AUTH_PROFILE_HEADER) ?? undefined;
  const profile = profileFromAuthCookie(header);
  if (!header || !profile) throw new ApiError(502, 'not_valid_request', 'Not Valid request');
  const headers = new Headers(upstream.headers);
  const value = profileValue({ id: profile.customerId, name: profile.name, email: profile.email });
  headers.append('set-cookie', serializeCookie(AUTH_PROFILE_COOKIE, value, { secure: secureCookies(), sameSite: 'Lax', path: '/', maxAge: env().SESSION_TTL_HOURS * 3600 }));
  return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
}

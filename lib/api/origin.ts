import { env } from '@/lib/env';
import { ApiError } from './errors';
import { hostOf, isSameOrigin, originOf } from './same-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The host the browser sent the request to: the Host header, or X-Forwarded-Host when TRUST_PROXY says a proxy
 * stands in front, its last entry: the one the trusted proxy nearest to us wrote (server.mjs keeps only that one;
 * under `next start` the list arrives as the proxies left it, and the entries before the last may be the client's
 * own). Not request.url: Next.js builds that from its own listening address, so it says localhost whatever address
 * the browser used.
 */
export function requestHost(request: Request): string | undefined {
  return hostOf(request.headers, env().TRUST_PROXY > 0);
}

/**
 * Whether `origin` (an Origin header) is this site's: the configured SITE_URL or the origin the request was sent to
 * (its scheme, host and port), so the site works at 127.0.0.1, localhost or a LAN address as well.
 */
export function isAllowedOrigin(request: Request, origin: string): boolean {
  return isSameOrigin(origin, [env().SITE_URL, originOf(request.headers, requestHost(request))]);
}

/**
 * The site's one Origin check, for the API (`assertSameOrigin`) and the forms posted to pages (middleware.ts): the
 * request carries an Origin header naming this site. Browsers always send one with a POST, PUT or DELETE; a request
 * without one is refused too.
 */
export function comesFromSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  return origin !== null && origin !== '' && origin !== 'null' && isAllowedOrigin(request, origin);
}

/** Cross-site request forgery check of the API: every state-changing request must come from this site. */
export function assertSameOrigin(request: Request): void {
  if (isStateChanging(request.method) && !comesFromSite(request)) {
    throw new ApiError(403, 'bad_origin', 'This request must come from the salon site itself.');
  }
}

import { env } from '@/lib/env';
import { ApiError } from './errors';
import { hostOf, isSameOrigin, originOf } from './same-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The host the browser sent the request to: the Host header, or X-Forwarded-Host when TRUST_PROXY says a proxy
 * stands in front (server.mjs keeps only a trusted one). Not request.url: Next.js builds that from its own
 * listening address, so it says localhost whatever address the browser used.
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
 * Cross-site request forgery check: every state-changing request must carry an Origin header naming this site.
 * Browsers always send it on POST/PUT/DELETE; a request without one is refused too.
 */
export function assertSameOrigin(request: Request): void {
  if (!isStateChanging(request.method)) return;
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null' || !isAllowedOrigin(request, origin)) {
    throw new ApiError(403, 'bad_origin', 'This request must come from the salon site itself.');
  }
}

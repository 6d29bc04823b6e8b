import { env } from '@/lib/env';
import { ApiError } from './errors';

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
  const forwarded = env().TRUST_PROXY > 0 ? request.headers.get('x-forwarded-host')?.split(',').pop()?.trim() : undefined;
  const host = forwarded || request.headers.get('host')?.trim();
  return host ? host.toLowerCase() : undefined;
}

/** Whether `origin` (an Origin header) names this site: the configured SITE_URL or the host the request was sent to. */
export function isAllowedOrigin(request: Request, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(env().SITE_URL).origin) return true;
  return parsed.host === requestHost(request);
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

import { env } from '@/lib/env';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The origins a state-changing request may come from: the configured site and the host it was sent to. */
export function allowedOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(env().SITE_URL).origin]);
  try {
    origins.add(new URL(request.url).origin);
  } catch {
    // A request URL that does not parse adds nothing.
  }
  return origins;
}

/**
 * Cross-site request forgery check: every state-changing request must carry an Origin header naming this site.
 * Browsers always send it on POST/PUT/DELETE; a request without one is refused too.
 */
export function assertSameOrigin(request: Request): void {
  if (!isStateChanging(request.method)) return;
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null' || !allowedOrigins(request).has(origin)) {
    throw new ApiError(403, 'bad_origin', 'This request must come from the salon site itself.');
  }
}

import 'server-only';
import { env } from '@/lib/env';
import { clientAddress } from './client-address';
import { ApiError } from './errors';
import { isStateChanging } from './origin';

// x-shopify-*: Shopify's orders/paid webhook, which a front forwards to the upstream that credits the packages.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'authorization', 'content-type', 'cookie', 'user-agent', 'x-bnp-auth', 'idempotency-key', 'x-shopify-hmac-sha256', 'x-shopify-topic'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'x-bnp-auth', 'retry-after', 'x-content-type-options'];

/**
 * The upstream address for a request: the configured SALON_API_URL base plus this request's path and query.
 * Only the path and query are taken from the request, as components of a URL built on the fixed base, so no
 * request can name another host (a path like //evil.example stays a path).
 */
export function upstreamUrl(request: Request, base: string): URL {
  const incoming = new URL(request.url);
  const target = new URL(base);
  const origin = target.origin;
  target.pathname = `${target.pathname.replace(/\/+$/, '')}/${incoming.pathname.replace(/^\/+/, '')}`;
  target.search = incoming.search;
  target.hash = '';
  if (target.origin !== origin) throw new ApiError(400, 'bad_request', 'The address is not valid.');
  return target;
}

/** Set-Cookie from the upstream host, re-scoped to this site: its Domain attribute would not match our host. */
function rescopeSetCookie(value: string): string {
  return value
    .split(';')
    .filter((part) => !/^\s*domain\s*=/i.test(part))
    .join(';');
}

const unavailable = (message: string) => new ApiError(502, 'upstream_unavailable', message);

/** A download (the owner's CSV exports): streamed through as the upstream writes it, never held whole in memory. */
const isAttachment = (response: Response) => /^\s*attachment\b/i.test(response.headers.get('content-disposition') ?? '');

/**
 * Forwards the request to the same path on SALON_API_URL, with a timeout. An unreachable, slow or failing (5xx)
 * upstream answers 502 with a JSON error at once; 2xx-4xx answers pass through with their status and body. An
 * attachment streams through: the timeout then bounds the wait for its headers only, as a long export may take longer
 * to send than any answer is allowed to take to begin.
 */
export async function forwardToUpstream(request: Request): Promise<Response> {
  const current = env();
  const base = current.SALON_API_URL;
  if (!base) throw new Error('forwardToUpstream without SALON_API_URL');
  const target = upstreamUrl(request, base);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // What the upstream needs to trust the call (docs/deploy.md, 'Running as a front'): the client address, for its rate
  // limits (believed with its TRUST_PROXY=1), the scheme the visitor used, and on state-changing calls this site's
  // own origin. apiHandler checked the browser's Origin before forwarding, so the front vouches with its SITE_URL,
  // which is the upstream's SITE_URL too (its mailed links must open the front).
  headers.set('x-forwarded-for', clientAddress(request));
  const proto = request.headers.get('x-forwarded-proto');
  if (proto === 'https' || proto === 'http') headers.set('x-forwarded-proto', proto);
  const method = request.method.toUpperCase();
  if (isStateChanging(method)) headers.set('origin', new URL(current.SITE_URL).origin);
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, current.SALON_API_TIMEOUT_MS);
  let upstream: Response;
  let body: ArrayBuffer | ReadableStream<Uint8Array> | null;
  try {
    upstream = await fetch(target, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer(),
      redirect: 'manual',
      signal: abort.signal,
    });
    const streamed = upstream.status < 300 && isAttachment(upstream);
    if (streamed) clearTimeout(timer);
    body = streamed ? upstream.body : await upstream.arrayBuffer();
  } catch (error) {
    console.error(`[api] upstream ${method} ${target.pathname} failed: ${timedOut ? 'timeout' : String(error)}`);
    throw unavailable(timedOut ? 'The salon service did not answer in time. Please try again.' : 'The salon service cannot be reached. Please try again.');
  } finally {
    clearTimeout(timer);
  }
  if (upstream.status >= 500) {
    console.error(`[api] upstream ${method} ${target.pathname} answered ${upstream.status}`);
    throw unavailable(`The salon service answered with an error (${upstream.status}). Please try again.`);
  }
  const out = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', rescopeSetCookie(cookie));
  // Redirects of the upstream are not followed or passed on: their Location names the upstream host.
  const status = upstream.status >= 300 && upstream.status < 400 ? 502 : upstream.status;
  if (status === 502) throw unavailable('The salon service answered with a redirect. Please try again.');
  return new Response(status === 204 || status === 304 ? null : body, { status, headers: out });
}

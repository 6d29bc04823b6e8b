/**
 * The Origin comparison under the site's one Origin check (`comesFromSite` in lib/api/origin.ts, called by the API
 * and by the middleware for forms posted to pages). Pure: no environment here.
 */

/** `value`'s origin, 'scheme://host[:port]' with a default port left out, when it is an http or https URL. */
function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The host a request was sent to: the Host header, or X-Forwarded-Host where it is trusted. server.mjs sets that
 * header on every request, from Host itself or from a proxy TRUST_PROXY trusts, and drops a client's own.
 */
export function hostOf(headers: Headers, trustForwardedHost: boolean): string | undefined {
  const forwarded = trustForwardedHost ? headers.get('x-forwarded-host')?.split(',').pop()?.trim() : undefined;
  const host = forwarded || headers.get('host')?.trim();
  return host ? host.toLowerCase() : undefined;
}

/**
 * The origin a request was sent to: `host` with the scheme server.mjs put in X-Forwarded-Proto (the socket's, or a
 * trusted proxy's), http when it is missing (a request built in this process).
 */
export function originOf(headers: Headers, host: string | undefined): string | undefined {
  if (!host) return undefined;
  const scheme = headers.get('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  return httpOrigin(`${scheme}://${host}`);
}

/**
 * Whether an Origin header names one of `allowed` exactly: scheme, host and port. `https://` on the http site, or
 * another port of the same host, is another origin.
 */
export function isSameOrigin(origin: string | null, allowed: readonly (string | undefined)[]): boolean {
  if (!origin || origin === 'null') return false;
  const given = httpOrigin(origin);
  return given !== undefined && allowed.some((candidate) => candidate !== undefined && httpOrigin(candidate) === given);
}

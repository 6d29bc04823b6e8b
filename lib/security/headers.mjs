// Security headers for every response, static files included. Plain ESM so that next.config.mjs can import it.

/** The hosted Shopify checkout's origin, where the shop's forms may post ('' without a store). */
export function shopOriginFromEnv(env = process.env) {
  return env.SHOPIFY_STORE_DOMAIN ? `https://${env.SHOPIFY_STORE_DOMAIN}` : '';
}

/** Third-party origins the site may load, each for one job. */
export const THIRD_PARTY = {
  videos: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  botCheck: ['https://challenges.cloudflare.com'],
  analytics: ['https://va.vercel-scripts.com'],
};

/**
 * The Content-Security-Policy. Pages are prerendered once for everyone, so a per-request nonce cannot be used:
 * inline scripts (Next.js's flight data) are allowed by 'unsafe-inline', while every other source is locked down.
 */
export function contentSecurityPolicy({ production = process.env.NODE_ENV === 'production', shopOrigin = '', https = false } = {}) {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...THIRD_PARTY.botCheck, ...THIRD_PARTY.analytics, ...(production ? [] : ["'unsafe-eval'"])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...THIRD_PARTY.analytics, ...THIRD_PARTY.botCheck],
    'frame-src': [...THIRD_PARTY.videos, ...THIRD_PARTY.botCheck],
    'form-action': ["'self'", ...(shopOrigin ? [shopOrigin] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  // Only where the page came over https: on plain http (a LAN address, 127.0.0.1) it turned every form post and
  // fetch into an https request that nothing answers.
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** The headers of every response; `https` (the request came over https) adds HSTS and upgrade-insecure-requests. */
export function securityHeaders({ production = process.env.NODE_ENV === 'production', shopOrigin = '', https = false } = {}) {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ production, shopOrigin, https }) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
  if (https) headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' });
  return headers;
}

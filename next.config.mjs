import { availableParallelism } from 'node:os';
import { LARGEST_BODY_BYTES } from './lib/server/api-routes.mjs';
import { securityHeaders, shopOriginFromEnv } from './lib/security/headers.mjs';

const shopOrigin = shopOriginFromEnv();

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several builds (tests, benchmarks) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  trailingSlash: true,
  // Cache Components: catalogue pages are prerendered whole, one file for every visitor; booking, account and
  // checkout are rendered per request.
  cacheComponents: true,
  reactStrictMode: true,
  poweredByHeader: false,
  // server.mjs compresses itself (it sets SERVER_COMPRESSES before it loads Next.js): a first visit's HTML is rewritten
  // there before it is compressed (lib/server/inline-stylesheet.mjs). Under `next start`, Next.js's gzip.
  compress: process.env.SERVER_COMPRESSES !== '1',
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // Headers from the config reach every response, static files included, without running middleware on them.
  // HSTS and upgrade-insecure-requests only when the request came over https: server.mjs sets x-forwarded-proto from
  // the socket, or from a proxy it trusts (TRUST_PROXY). The later entry overrides the earlier one's CSP.
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders({ shopOrigin }) },
      { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: securityHeaders({ shopOrigin, https: true }) },
    ];
  },
  // `npm test` checks types before it builds (scripts/test-all.sh); every other build checks them itself.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  experimental: {
    // app/global-not-found.tsx: the 404 document, server-rendered whole with the header and footer.
    globalNotFound: true,
    // What a server renders again after a published change stays in its memory, not in the build folder: a page
    // written there by one instance (or by a test server on another database) was read by the next that missed it
    // in memory. The prerendered files of the build stay as they are (lib/catalog/live.ts).
    isrFlushToDisk: false,
    // Prerendering the ~1,900 catalogue pages on every core (Next.js leaves one for its main thread, which waits).
    cpus: Math.min(4, availableParallelism()),
    // What the middleware hands on whole: past it, Next.js cuts a body short (10 MB by default). Each route's own
    // limit is server.mjs's (lib/server/api-routes.mjs), so this is the largest of them: the owner's photo upload.
    proxyClientMaxBodySize: LARGEST_BODY_BYTES,
  },
};

export default nextConfig;

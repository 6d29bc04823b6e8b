import { securityHeaders } from './lib/security/headers.mjs';

const shopOrigin = process.env.SHOPIFY_STORE_DOMAIN ? `https://${process.env.SHOPIFY_STORE_DOMAIN}` : '';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several builds (tests, benchmarks) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  trailingSlash: true,
  // Cache Components: catalogue pages are prerendered whole. Visitors with saved-state cookies get their twins in
  // app/with-saved-state/ (middleware.ts), rendered per request like booking, account and checkout.
  cacheComponents: true,
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // Headers from the config reach every response, static files included, without running middleware on them.
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders({ shopOrigin }) }];
  },
  images: {
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;

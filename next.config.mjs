/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several builds (tests, benchmarks) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  trailingSlash: true,
  // Partial prerendering: catalogue pages are a prerendered shell; per-visitor bits (badges, favourite marks,
  // profile) are small dynamic holes inside <Suspense> that read the cookies at request time.
  cacheComponents: true,
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  images: {
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;

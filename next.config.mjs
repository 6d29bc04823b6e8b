/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several builds (tests, benchmarks) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  trailingSlash: true,
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  images: {
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;

/**
 * The baseline app of `npm run bench`: the same Next.js, nothing else. scripts/bench.mjs copies it out of the
 * repository before building: inside it, Turbopack took the site's middleware.ts and instrumentation.ts in too
 * (the "bare" page then answered 500). The root '/' lets it reach the site's node_modules through a symlink.
 */
const config = { trailingSlash: true, poweredByHeader: false, turbopack: { root: '/' } };
export default config;

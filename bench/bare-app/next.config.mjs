/** The baseline app of `npm run bench`: the same Next.js, nothing else. */
export default { trailingSlash: true, poweredByHeader: false };

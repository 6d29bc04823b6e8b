// Run by `npm run build` after `next build`: writes the SITE_URL the pages were prerendered with into the build folder,
// so server.mjs can warn when it starts with another (lib/server/build-site-url.mjs).
import path from 'node:path';
import { recordBuildSiteUrl } from '../lib/server/build-site-url.mjs';

const distDir = path.resolve(process.env.NEXT_DIST_DIR ?? '.next');
console.log(`record-build-site-url: ${recordBuildSiteUrl(distDir, process.env.SITE_URL)} in ${distDir}`);

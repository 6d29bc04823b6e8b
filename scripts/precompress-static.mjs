// Run by `npm run build` after `next build`: the brotli copy of each build file, written beside it for server.mjs
// (lib/server/static-brotli.mjs), so no server start compresses them again.
import path from 'node:path';
import { precompressStatic } from '../lib/server/static-brotli.mjs';

const staticDir = path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'static');
const started = Date.now();
const count = await precompressStatic(staticDir);
console.log(`precompress-static: ${count} brotli copies in ${staticDir} in ${Date.now() - started} ms`);

// First-load JavaScript of a page: every script the served HTML loads, fetched and gzipped, summed.
import { gzipSync } from 'node:zlib';

export async function firstLoadJs(origin, path) {
  const html = await (await fetch(origin + path)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
  const unique = [...new Set(sources)];
  let gzip = 0;
  for (const src of unique) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  // Inline flight data is HTML, not JavaScript the browser downloads separately; it is left out on purpose.
  return { scripts: unique.length, gzipBytes: gzip };
}

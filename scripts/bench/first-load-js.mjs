// First-load JavaScript of a page: every script the served HTML loads, fetched and gzipped, summed. A `nomodule`
// script (Next.js's polyfills, about 39 KB gzip) is left out: browsers that run modules, every one the site supports,
// never download it. `cookie` loads the page as a returning or signed-in visitor.
import { gzipSync } from 'node:zlib';

export function scriptSources(html) {
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
  const loaded = tags.filter((match) => !/\snomodule\b/i.test(match[0]));
  return { sources: [...new Set(loaded.map((match) => match[1].replace(/&amp;/g, '&')))], noModule: tags.length - loaded.length };
}

export async function firstLoadJs(origin, path, { cookie } = {}) {
  const headers = cookie ? { cookie } : {};
  const response = await fetch(origin + path, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${origin}${path}: ${response.status} instead of the page`);
  const { sources, noModule } = scriptSources(await response.text());
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  // Inline flight data is HTML, not JavaScript the browser downloads separately; it is left out on purpose.
  return { scripts: sources.length, noModule, gzipBytes: gzip };
}

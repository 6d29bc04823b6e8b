import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import type { CatalogTag } from './publish';

/**
 * The door every catalogue page and route handler goes through before it reads the catalogue: it names the parts of
 * the catalogue the page shows (lib/catalog/publish.ts, CATALOG_TAGS), as vercel/commerce's data functions tag what
 * they fetch. Next.js gives the page's prerendered file the tags of every 'use cache' scope its render went through,
 * so a published change renders again exactly the pages that show what it touched (lib/catalog/live.ts), and no
 * other. The catalogue itself is read from memory (catalogSnapshot(), no database read per page): a 'use cache'
 * scope returning it would only copy it into the cache, so this one returns nothing.
 * `max`: a page renders again when the catalogue changes, not on a timer (its s-maxage is 30 days).
 */
export async function showsCatalog(...tags: CatalogTag[]): Promise<void> {
  'use cache';
  cacheTag(...tags);
  cacheLife('max');
}

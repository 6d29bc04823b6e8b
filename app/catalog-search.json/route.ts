import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { buildSearchIndex } from '@/lib/catalog/search-index';

/**
 * The catalogue search index (lib/catalog/search.ts), fetched by the search island when a visitor first focuses the
 * box. Reads nothing of the request, so Next.js prerenders it as a static file at build time (Cache Components has
 * no `dynamic = 'force-static'`; a GET handler like this one is static by itself), and again when the menu changes.
 */
export async function GET(): Promise<Response> {
  await showsCatalog(CATALOG_TAGS.menu);
  return Response.json(buildSearchIndex());
}

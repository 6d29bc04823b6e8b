import { buildSearchIndex } from '@/lib/catalog/search-index';

/**
 * The catalogue search index (lib/catalog/search.ts), fetched by the search island when a visitor first focuses the
 * box. Reads nothing of the request, so Next.js prerenders it as a static file at build time (Cache Components has
 * no `dynamic = 'force-static'`; a GET handler like this one is static by itself).
 */
export function GET(): Response {
  return Response.json(buildSearchIndex());
}

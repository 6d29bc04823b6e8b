import { showsCatalog } from '@/lib/catalog/cached';
import { liveCatalogOf } from '@/lib/catalog/live-overlay';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { catalogSnapshot } from '@/lib/catalog/snapshot';

/**
 * How the published catalogue differs from the seed the browser's scripts carry (lib/catalog/live-feed.ts): fetched
 * by the drawers, the booking bar's total and the booking card's rules when they load. Prerendered like the search
 * index, and rendered again when the menu changes; a few bytes while the catalogue is the seed.
 */
export async function GET(): Promise<Response> {
  await showsCatalog(CATALOG_TAGS.menu);
  return Response.json(liveCatalogOf(catalogSnapshot()));
}

import { SEARCH_SHOWN, queryWords, searchCatalogue, searchPageHref, searchSummary } from '@/lib/catalog/search';
import { loadSearchIndex } from './search-index-loader';
import { SearchResultList } from './SearchParts';

/**
 * The part of the search island that waits for the box's first focus or keystroke (CatalogSearch imports it with
 * import()): the index loader, the matcher and the result list. Left out of the pages' first-load JavaScript.
 * @public CatalogSearch loads it on demand with import(), which the dead-code check does not follow.
 */
export const searchEngine = { SEARCH_SHOWN, queryWords, searchCatalogue, searchPageHref, searchSummary, loadSearchIndex, SearchResultList };

export type SearchEngine = typeof searchEngine;

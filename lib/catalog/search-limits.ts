/**
 * The search form's constants, apart from the matcher (search.ts) so that the search box's first-load code does not
 * carry the matcher: the island loads that on the box's first focus.
 */

/** The results page for visitors without JavaScript (and the island's 'See all'). */
export const SEARCH_PAGE_PATH = '/search/';
export const SEARCH_QUERY_MAX_LENGTH = 100;

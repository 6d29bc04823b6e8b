import type { KeyboardEvent } from 'react';
import { SEARCH_SHOWN, matchesByGender, queryWords, searchCatalogue, searchPageHref, searchSummary } from '@/lib/catalog/search';
import { loadSearchIndex } from './search-index-loader';
import { SearchResultList } from './SearchParts';

function links(list: HTMLUListElement | null): HTMLAnchorElement[] {
  return [...(list?.querySelectorAll('a') ?? [])];
}

/** In the box: Escape clears it, the down arrow moves to the first result. */
function onBoxKeyDown(event: KeyboardEvent<HTMLInputElement>, list: HTMLUListElement | null, clear: () => void) {
  if (event.key === 'Escape' && event.currentTarget.value !== '') {
    event.preventDefault();
    clear();
  } else if (event.key === 'ArrowDown' && links(list).length > 0) {
    event.preventDefault();
    links(list)[0]?.focus();
  }
}

/** In the results: the arrows move between them (up from the first goes back to the box); Escape clears. */
function onListKeyDown(event: KeyboardEvent<HTMLUListElement>, input: HTMLInputElement | null, clear: () => void) {
  const all = links(event.currentTarget);
  const at = all.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? all[Math.min(at + 1, all.length - 1)] : at === 0 ? input : all[at - 1];
    next?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    clear();
    input?.focus();
  }
}

/**
 * The part of the search island that waits for the box's first focus or keystroke (CatalogSearch imports it with
 * import()): the index loader, the matcher, the result list and the keys. Left out of the pages' first-load JavaScript.
 * @public CatalogSearch loads it on demand with import(), which the dead-code check does not follow.
 */
export const searchEngine = { SEARCH_SHOWN, matchesByGender, queryWords, searchCatalogue, searchPageHref, searchSummary, loadSearchIndex, SearchResultList, onBoxKeyDown, onListKeyDown };

export type SearchEngine = typeof searchEngine;

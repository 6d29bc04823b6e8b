import { SEARCH_INDEX_PATH, decodeSearchIndex, type SearchEntry } from '@/lib/catalog/search';

let request: Promise<SearchEntry[]> | undefined;

/**
 * The catalogue search index, fetched and decoded once per page session: every search box (and a box on the next
 * page after a client navigation) shares it. A failed load is forgotten, so the next focus tries again.
 */
export function loadSearchIndex(): Promise<SearchEntry[]> {
  if (!request) {
    const pending = fetch(SEARCH_INDEX_PATH).then(async (response) => {
      if (!response.ok) throw new Error(`The catalogue search index answered ${response.status}`);
      return decodeSearchIndex(await response.json());
    });
    request = pending;
    // The caller handles the error; this only lets the next call try again.
    pending.catch(() => {
      if (request === pending) request = undefined;
    });
  }
  return request;
}

/** Forgets a loaded index (tests start each case without one). */
export function forgetSearchIndex(): void {
  request = undefined;
}

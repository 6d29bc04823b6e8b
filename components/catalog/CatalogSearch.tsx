'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { SearchEntry } from '@/lib/catalog/search';
import type { SearchEngine } from './search-engine';
import { SearchForm } from './SearchForm';

const LOAD_FAILED = 'Search could not load here. Press Search to see the results.';

/** Until the matcher has loaded: whether the box holds a letter or digit, which is what makes a query word. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * A search box over the whole catalogue. The server HTML is a plain GET form to /search/; once the scripts run, the
 * first focus or keystroke fetches the matcher (search-engine.ts, kept out of the first load) and the index
 * (SEARCH_INDEX_PATH), and every keystroke lists the best matches under the box, with a polite status ('8 services
 * found'). Escape clears; the arrow keys move between the box and the results (search-engine.ts). Takes no props: it can sit on any page.
 */
export function CatalogSearch() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [loaded, setLoaded] = useState<{ engine: SearchEngine; entries: SearchEntry[] }>();
  const [failed, setFailed] = useState(false);

  const pending = useRef<Promise<void>>(undefined);
  // Read by the handlers, which may run before the render that follows a failure.
  const failedRef = useRef(false);

  function fail(what: string, error: unknown) {
    console.error(`[search] ${what} did not load`, error);
    failedRef.current = true;
    setFailed(true);
  }

  /** On focus, and on input unless the last load failed: after a failure only a new focus tries again. */
  function load() {
    if (loaded || pending.current) return;
    failedRef.current = false;
    setFailed(false);
    pending.current = import('./search-engine')
      .then(
        ({ searchEngine }) =>
          searchEngine.loadSearchIndex().then(
            (entries) => setLoaded({ engine: searchEngine, entries }),
            (error: unknown) => fail('the catalogue index', error),
          ),
        (error: unknown) => fail('the search code', error),
      )
      .finally(() => {
        pending.current = undefined;
      });
  }

  // Words typed before the scripts ran are searched as soon as they do.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed === '') return;
    setQuery(typed);
    load();
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const engine = loaded?.engine;
  const results = useMemo(() => (loaded ? loaded.engine.searchCatalogue(loaded.entries, query, loaded.engine.SEARCH_SHOWN) : undefined), [loaded, query]);
  const searching = engine ? engine.queryWords(query).length > 0 : HAS_WORD.test(query);
  const status = !searching ? '' : failed ? LOAD_FAILED : engine && results ? engine.searchSummary(query, results.total) : 'Loading…';

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.currentTarget.value);
    if (!failedRef.current) load();
  }

  function clear() {
    if (inputRef.current) inputRef.current.value = '';
    setQuery('');
  }

  return (
    <div className="w-full max-w-xl">
      <SearchForm inputId={inputId} inputRef={inputRef} onFocus={load} onChange={onChange} onKeyDown={(event) => engine?.onBoxKeyDown(event, listRef.current, clear)} />
      <p role="status" className="mt-2 text-sm break-words">
        {status}
      </p>
      {engine && searching && results && results.entries.length > 0 ? (
        <>
          <engine.SearchResultList entries={results.entries} listRef={listRef} onKeyDown={(event) => engine.onListKeyDown(event, inputRef.current, clear)} />
          {results.total > results.entries.length ? (
            <p className="mt-1 text-sm">
              <a href={engine.searchPageHref(query)} className="inline-flex min-h-11 items-center text-brand-700 underline">
                See all {results.total} services
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

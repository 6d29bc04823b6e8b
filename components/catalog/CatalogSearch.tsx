'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { SEARCH_SHOWN, queryWords, searchCatalogue, searchPageHref, searchSummary, type SearchEntry } from '@/lib/catalog/search';
import { loadSearchIndex } from './search-index-loader';
import { SearchForm, SearchResultList } from './SearchParts';

const LOAD_FAILED = 'Search could not load here. Press Search to see the results.';

/**
 * A search box over the whole catalogue. The server HTML is a plain GET form to /search/; once the scripts run, the
 * first focus or keystroke fetches the index (SEARCH_INDEX_PATH) and every keystroke lists the best matches under
 * the box, with a polite status ('8 services found'). Escape clears; the arrow keys move between the box and the
 * results. Takes no props: it can sit on any page.
 */
export function CatalogSearch() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<SearchEntry[]>();
  const [failed, setFailed] = useState(false);

  /** On focus, and on input unless the last load failed: after a failure only a new focus tries again. */
  function load() {
    if (entries) return;
    setFailed(false);
    loadSearchIndex().then(setEntries, (error: unknown) => {
      console.error('[search] the catalogue index did not load', error);
      setFailed(true);
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

  const results = useMemo(() => (entries ? searchCatalogue(entries, query, SEARCH_SHOWN) : undefined), [entries, query]);
  const searching = queryWords(query).length > 0;
  const status = !searching ? '' : failed ? LOAD_FAILED : results ? searchSummary(query, results.total) : 'Loading…';

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.currentTarget.value);
    if (!failed) load();
  }

  function clear() {
    if (inputRef.current) inputRef.current.value = '';
    setQuery('');
  }

  function links(): HTMLAnchorElement[] {
    return [...(listRef.current?.querySelectorAll('a') ?? [])];
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && event.currentTarget.value !== '') {
      event.preventDefault();
      clear();
    } else if (event.key === 'ArrowDown' && links().length > 0) {
      event.preventDefault();
      links()[0]?.focus();
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? all[Math.min(at + 1, all.length - 1)] : at === 0 ? inputRef.current : all[at - 1];
      next?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clear();
      inputRef.current?.focus();
    }
  }

  return (
    <div className="w-full max-w-xl">
      <SearchForm inputId={inputId} inputRef={inputRef} onFocus={load} onChange={onChange} onKeyDown={onInputKeyDown} />
      <p role="status" className="mt-2 text-sm">
        {status}
      </p>
      {searching && results && results.entries.length > 0 ? (
        <>
          <SearchResultList entries={results.entries} listRef={listRef} onKeyDown={onListKeyDown} />
          {results.total > results.entries.length ? (
            <p className="mt-1 text-sm">
              <a href={searchPageHref(query)} className="inline-flex min-h-11 items-center text-brand-700 underline">
                See all {results.total} services
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { SearchEntry } from '@/lib/catalog/search';
import type { Gender } from '@/lib/catalog/tables';
import type { SearchEngine } from './search-engine';
import { SearchForm } from './SearchForm';

const LOAD_FAILED = 'Search could not load here. Press Search to see the results.';

/** Until the matcher has loaded: whether the box holds a letter or digit, which is what makes a query word. */
const HAS_WORD = /[\p{L}\p{N}]/u;

type Shown = Gender | 'all';
const SHOWN_CHOICES: readonly { shown: Shown; label: string }[] = [
  { shown: 0, label: 'Women' },
  { shown: 1, label: 'Men' },
  { shown: 'all', label: 'All' },
];
const POSSESSIVE: Record<Gender, string> = { 0: 'women’s', 1: 'men’s' };

/** Whether the switch has anything to offer: results of both genders, or only of the gender not shown. */
function offersSwitch(shown: Shown, counts: [number, number]): boolean {
  return (counts[0] > 0 && counts[1] > 0) || (shown !== 'all' && counts[shown === 0 ? 1 : 0] > 0);
}

/** The switch between the genders' results, each with its count: the other gender is one tap away. */
function GenderSwitch({ shown, counts, onChange }: { shown: Shown; counts: [number, number]; onChange: (shown: Shown) => void }) {
  return (
    <div role="group" aria-label="Show services for" className="mt-2 flex flex-wrap gap-2">
      {SHOWN_CHOICES.map((choice) => (
        <button
          key={choice.label}
          type="button"
          aria-pressed={shown === choice.shown}
          onClick={() => onChange(choice.shown)}
          className="min-h-11 rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {choice.label} ({choice.shown === 'all' ? counts[0] + counts[1] : counts[choice.shown]})
        </button>
      ))}
    </div>
  );
}

/**
 * A search box over the whole catalogue. The server HTML is a plain GET form to /search/; once the scripts run, the
 * first focus or keystroke fetches the matcher (search-engine.ts, kept out of the first load) and the index
 * (SEARCH_INDEX_PATH), and every keystroke lists the best matches under the box, each with its 'Add', and a polite
 * status ('8 services found'). Escape clears; the arrow keys move between the box and the results (search-engine.ts).
 * `gender`, the gender the visitor browses, is what the results show first; a switch shows the other's or all.
 */
export function CatalogSearch({ gender, autoFocus }: { gender?: Gender; autoFocus?: boolean } = {}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [loaded, setLoaded] = useState<{ engine: SearchEngine; entries: SearchEntry[] }>();
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<Shown>(gender ?? 'all');

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

  // Words typed before the scripts ran are searched as soon as they do. A box focused as it appeared (autoFocus) got
  // no focus event (React holds events while it commits), so it loads here.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (autoFocus) load();
    if (typed === '') return;
    setQuery(typed);
    load();
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const engine = loaded?.engine;
  const results = useMemo(
    () => (loaded ? loaded.engine.searchCatalogue(loaded.entries, query, loaded.engine.SEARCH_SHOWN, shown === 'all' ? undefined : shown) : undefined),
    [loaded, query, shown],
  );
  const counts = useMemo(() => (loaded ? loaded.engine.matchesByGender(loaded.entries, query) : undefined), [loaded, query]);
  const searching = engine ? engine.queryWords(query).length > 0 : HAS_WORD.test(query);
  const status = !searching ? '' : failed ? LOAD_FAILED : engine && results ? summary() : 'Loading…';

  function summary(): string {
    if (!engine || !results) return '';
    // Nothing of this gender, something of the other: say whose services were searched; the switch offers the rest.
    if (results.total === 0 && shown !== 'all' && counts && counts[0] + counts[1] > 0) return `No ${POSSESSIVE[shown]} service matches “${query.trim()}”.`;
    return engine.searchSummary(query, results.total);
  }

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
      <SearchForm
        inputId={inputId}
        inputRef={inputRef}
        autoFocus={autoFocus}
        onFocus={load}
        onChange={onChange}
        onKeyDown={(event) => engine?.onBoxKeyDown(event, listRef.current, clear)}
      />
      {engine && searching && counts && offersSwitch(shown, counts) ? <GenderSwitch shown={shown} counts={counts} onChange={setShown} /> : null}
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

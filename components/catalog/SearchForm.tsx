import type { ChangeEventHandler, KeyboardEventHandler, Ref } from 'react';
import { SEARCH_PAGE_PATH, SEARCH_QUERY_MAX_LENGTH } from '@/lib/catalog/search-limits';

/*
 * The search form, shared by the search island (CatalogSearch) and the /search/ page so that both look the same. No
 * hooks and no 'use client': the page renders it on the server, the island in the browser. It imports neither the
 * matcher nor next/link, so it costs the island's first load little.
 */

/** A GET form to the results page: it works before the scripts run and without them. */
export function SearchForm({
  inputId,
  defaultValue,
  inputRef,
  onFocus,
  onChange,
  onKeyDown,
  autoFocus,
}: {
  inputId: string;
  defaultValue?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  /** The header's search: focused as it opens, in the tap, so that a phone shows its keyboard. */
  autoFocus?: boolean;
}) {
  return (
    <form role="search" action={SEARCH_PAGE_PATH} method="get">
      <label htmlFor={inputId} className="block font-semibold">
        Find a service
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          ref={inputRef}
          name="q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          defaultValue={defaultValue}
          placeholder="Brazilian, full leg, lip…"
          onFocus={onFocus}
          onChange={onChange}
          onKeyDown={onKeyDown}
          autoFocus={autoFocus}
          className="search-box"
        />
        <button type="submit" className="search-go">
          Search
        </button>
      </div>
    </form>
  );
}

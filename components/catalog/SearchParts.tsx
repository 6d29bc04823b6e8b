import Link from 'next/link';
import type { ChangeEventHandler, KeyboardEventHandler, Ref } from 'react';
import { SEARCH_PAGE_PATH, SEARCH_QUERY_MAX_LENGTH, type SearchEntry } from '@/lib/catalog/search';

/**
 * The search form and result list, shared by the search island (CatalogSearch) and the /search/ page so that both
 * look the same. No hooks and no 'use client': the page renders them on the server, the island in the browser.
 */

/** A GET form to the results page: it works before the scripts run and without them. */
export function SearchForm({
  inputId,
  defaultValue,
  inputRef,
  onFocus,
  onChange,
  onKeyDown,
}: {
  inputId: string;
  defaultValue?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}) {
  return (
    <form role="search" action={SEARCH_PAGE_PATH} method="get">
      <label htmlFor={inputId} className="block font-semibold">
        Find a service
      </label>
      <div className="mt-1 flex gap-2">
        {/* 16 px text: a smaller one makes phones zoom in on focus. */}
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
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-500 px-3 text-base placeholder:text-gray-600"
        />
        <button type="submit" className="min-h-11 shrink-0 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </div>
    </form>
  );
}

/** Each result a link: the name, then 'Women · Waxing · $75 · 45 min'. */
export function SearchResultList({ entries, listRef, onKeyDown }: { entries: readonly SearchEntry[]; listRef?: Ref<HTMLUListElement>; onKeyDown?: KeyboardEventHandler<HTMLUListElement> }) {
  return (
    <ul ref={listRef} onKeyDown={onKeyDown} className="mt-2 divide-y divide-brand-100 rounded-lg border border-brand-100">
      {entries.map((entry) => (
        <li key={entry.href}>
          {/* No prefetch: the list changes on every keystroke. */}
          <Link href={entry.href} prefetch={false} className="flex min-h-11 flex-col justify-center px-3 py-2 break-words hover:bg-brand-50">
            <span className="font-semibold text-brand-800">{entry.name}</span>
            <span className="text-sm text-gray-700">
              {entry.label} · {entry.price} · {entry.duration}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

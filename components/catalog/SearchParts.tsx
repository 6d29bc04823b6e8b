import Link from '@/components/ui/AppLink';
import type { KeyboardEventHandler, Ref } from 'react';
import type { SearchEntry } from '@/lib/catalog/search';
import { SearchAddButton } from './SearchAddButton';

/**
 * The result list, shared by the search island (CatalogSearch, which loads it with the matcher on the box's first
 * focus) and the /search/ page so that both look the same. No hooks and no 'use client'.
 */

/** Each result a link (the name, then 'Women · Waxing · $75 · 45 min') and its 'Add to booking' (needs scripts). */
export function SearchResultList({ entries, listRef, onKeyDown }: { entries: readonly SearchEntry[]; listRef?: Ref<HTMLUListElement>; onKeyDown?: KeyboardEventHandler<HTMLUListElement> }) {
  return (
    <ul ref={listRef} onKeyDown={onKeyDown} className="mt-2 divide-y divide-brand-100 rounded-lg border border-brand-100">
      {entries.map((entry) => (
        <li key={entry.href} className="flex items-center gap-2 pr-2">
          {/* No prefetch: the list changes on every keystroke. */}
          <Link href={entry.href} prefetch={false} className="flex min-h-11 min-w-0 flex-1 flex-col justify-center px-3 py-2 break-words hover:bg-brand-50">
            <span className="font-semibold text-brand-800">{entry.name}</span>
            <span className="text-sm text-gray-700">
              {entry.label} · {entry.price} · {entry.duration}
            </span>
          </Link>
          <SearchAddButton service={entry.ref} name={entry.name} category={entry.label} />
        </li>
      ))}
    </ul>
  );
}

'use client';

import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { SearchIcon } from '@/components/ui/icons';
import { LinkUntilHydrated } from '@/components/ui/LinkUntilHydrated';
import { CatalogSearch } from '@/components/catalog/CatalogSearch';
import { genderOfPath } from '@/lib/catalog/browsing-gender';
import type { Gender } from '@/lib/catalog/tables';
import { cardServiceCount } from '@/lib/booking/card';
import { useStoreApis } from '@/stores/provider';

/**
 * The header's search, on every page of the site and at every width: one tap on the magnifier opens the catalogue
 * search (CatalogSearch) under the header with the box focused in that tap, so a phone shows its keyboard at once.
 * Its results follow the gender of the page (genderOfPath), else of the booking cart, else show both. A tap on a
 * result's link, Escape in an empty box, the close button or the magnifier again closes it. Before the page's scripts
 * run (and without them) the magnifier is a link to the results page's form.
 */
export function HeaderSearch() {
  const stores = useStoreApis();
  const panelId = useId();
  const toggleRef = useRef<HTMLAnchorElement>(null);
  /** Undefined while closed; the gender its results start with while open. */
  const [open, setOpen] = useState<{ gender: Gender | undefined }>();

  function browsedGender(): Gender | undefined {
    const fromPage = genderOfPath(window.location.pathname);
    if (fromPage !== undefined) return fromPage;
    const { card } = stores.card.getState();
    return cardServiceCount(card) > 0 ? (card.gender === 'men' ? 1 : 0) : undefined;
  }

  function close({ refocus }: { refocus: boolean }) {
    setOpen(undefined);
    if (refocus) toggleRef.current?.focus();
  }

  function toggle() {
    if (open) return close({ refocus: false });
    // Rendered and focused before the tap's handler returns: a phone opens its keyboard only for a focus in the tap.
    flushSync(() => setOpen({ gender: browsedGender() }));
  }

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    // A result's page is on its way: the search has done its job. (Add keeps it open for a second service.)
    if ((event.target as Element).closest('a')) close({ refocus: false });
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // The box's own Escape clears a query first (and prevents the default); one more closes.
    if (event.key === 'Escape' && !event.defaultPrevented) close({ refocus: true });
  }

  return (
    <div>
      <LinkUntilHydrated
        ref={toggleRef}
        href="/search/"
        onPress={toggle}
        buttonAria={{ 'aria-expanded': open !== undefined, 'aria-controls': open ? panelId : undefined }}
        className="hdr-btn"
      >
        <SearchIcon />
        <span className="sr-only">Search services</span>
      </LinkUntilHydrated>
      {open ? (
        // Keyboard and clicks are the search's own (box, results, switch); this only listens for the closing ones.
        <div id={panelId} className="header-search" onClick={onPanelClick} onKeyDown={onPanelKeyDown}>
          <div>
            <CatalogSearch gender={open.gender} autoFocus />
            <button type="button" onClick={() => close({ refocus: true })} className="mt-1 min-h-11 px-1 font-semibold text-brand-700 underline">
              Close search
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

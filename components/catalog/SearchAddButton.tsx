'use client';

import { useServiceActions } from '@/components/cart/ServiceActionsClient';
import type { SearchServiceRef } from '@/lib/catalog/search';

/**
 * A search result's 'Add' / 'Added': the menu rows' add (useServiceActions, stores/booking-location.ts's rules for the
 * gender and the location of the booking), so a found service goes into the booking without opening its page.
 */
export function SearchAddButton({ service, name, category }: { service: SearchServiceRef; name: string; category: string }) {
  const { booked, adding, toggleBooked, bookLabel } = useServiceActions(service, name);
  // Results mix menus, where names repeat (Underarm is a wax, a laser and a sugaring): the category tells them apart.
  return (
    <button type="button" aria-label={`${bookLabel} (${category})`} aria-busy={adding || undefined} onClick={toggleBooked} className={booked ? 'btn-add is-booked' : 'btn-add'}>
      {booked ? 'Added' : 'Add'}
    </button>
  );
}

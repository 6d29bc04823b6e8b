'use client';

import { useEffect } from 'react';
import { FAVORITES_MAX } from '@/lib/persistence/model';
import { findLine, sameId, type ServiceRef } from '@/stores/card-store';
import { useCardStore, useFavoritesStore, useStoreApis, useWhenLoaded } from '@/stores/provider';
import { CheckIcon, HeartIcon, PlusIcon } from '@/components/ui/icons';

export const ADD_FAILED = 'The booking cart could not be changed. Please check your connection and try again.';

let addRules: Promise<typeof import('@/stores/booking-location')> | undefined;
let warmUpScheduled = false;

/** The menu's add rules (stores/booking-location.ts): not in the page's first load; loaded once, and again after a failure. */
function loadAddRules() {
  addRules ??= import('@/stores/booking-location').catch((error: unknown) => {
    addRules = undefined;
    throw error;
  });
  return addRules;
}

/** Once the page is idle the add rules load, so that a tap on a slow network does not wait for them. */
function warmUpAddRules() {
  if (warmUpScheduled) return;
  warmUpScheduled = true;
  const load = () =>
    // A failed warm-up is not the visitor's concern: the tap loads again and says so if that fails too.
    void loadAddRules().catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 3_000 });
  else setTimeout(load, 200);
}

/**
 * Whether one service is booked and a favourite, and the two toggles. The marks come from the stores, which hold the
 * saved state by the time the page answers a tap; a tap before that waits for it (useWhenLoaded).
 */
export function useServiceActions(service: ServiceRef, serviceName: string) {
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  const booked = useCardStore((state) => findLine(state.card, service.id) !== undefined);
  const favorite = useFavoritesStore((state) => state.ids.some((id) => sameId(id, service.id)));

  // Both run with what the button said when it was clicked, and read the stores when they run: for a click before
  // the saved state arrived that is after it did, so 'Add' on a service the saved cart already holds keeps it.
  useEffect(warmUpAddRules, []);

  function setBooked(wanted: boolean) {
    loadAddRules().then(
      ({ browsingLocationOf, setBookedFromMenu }) =>
        setBookedFromMenu(stores, service, wanted, { serviceName, browsingLocation: browsingLocationOf(window.location.pathname) }),
      (error: unknown) => {
        console.error('Could not load the booking cart code', error);
        stores.ui.getState().notify({ variant: 'error', message: ADD_FAILED });
      },
    );
  }

  function setFavorite(wanted: boolean) {
    const { favorites, ui } = stores;
    const present = favorites.getState().ids.some((id) => sameId(id, service.id));
    if (present === wanted) return;
    if (!wanted) return favorites.getState().remove(service.id);
    if (favorites.getState().add(service.id) === 'full') {
      ui.getState().notify({ variant: 'warning', message: `You can keep at most ${FAVORITES_MAX} favourites.` });
    }
  }

  // The visible word starts the name (WCAG 2.5.3): 'Add' / 'Added'.
  return {
    booked,
    favorite,
    toggleBooked: () => whenLoaded(() => setBooked(!booked)),
    toggleFavorite: () => whenLoaded(() => setFavorite(!favorite)),
    // The visible word starts the name (WCAG 2.5.3): 'Add' / 'Added'.
    bookLabel: booked ? `Added to booking: ${serviceName}, tap to remove` : `Add to booking: ${serviceName}`,
    favouriteLabel: `Favourite: ${serviceName}`,
  };
}

/** 'Add to booking' and 'Favourite' on a service's page; a menu row has its own compact pair (ServiceList). */
export function ServiceActionsClient({ service, serviceName }: { service: ServiceRef; serviceName: string }) {
  const { booked, favorite, toggleBooked, toggleFavorite, bookLabel, favouriteLabel } = useServiceActions(service, serviceName);
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={toggleBooked}
        aria-label={bookLabel}
        className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {booked ? <CheckIcon /> : <PlusIcon />}
        {booked ? 'Added to booking' : 'Add to booking'}
      </button>
      <button
        type="button"
        aria-pressed={favorite}
        aria-label={favouriteLabel}
        onClick={toggleFavorite}
        className="inline-flex min-h-11 items-center gap-1 rounded-full border border-brand-700 px-4 py-2 text-brand-700 hover:bg-brand-50"
      >
        <HeartIcon filled={favorite} />
        Favourite
      </button>
    </div>
  );
}

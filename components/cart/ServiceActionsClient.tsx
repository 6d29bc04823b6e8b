'use client';

import { useEffect, useState } from 'react';
import { loadOnce } from '@/lib/client/load-once';
import { FAVORITES_MAX } from '@/lib/persistence/model';
import { findService, sameId, type ServiceRef } from '@/stores/card-store';
import { useCardStore, useFavoritesStore, useStoreApis, useWaitingTap } from '@/stores/provider';
import { CheckIcon, HeartIcon, PlusIcon } from '@/components/ui/icons';

export const ADD_FAILED = 'The booking cart could not be changed. Please check your connection and try again.';

type AddRules = typeof import('@/stores/booking-location');

/** The menu's add rules (stores/booking-location.ts): not in the page's first load. */
const addRules = loadOnce<AddRules>(() => import('@/stores/booking-location'));

/**
 * The add rules start loading as soon as the page has hydrated, so they are in before a person taps. A failed load
 * here is not the visitor's concern: the tap loads again and says so if that fails too.
 */
function preloadAddRules() {
  void addRules.load().catch(() => undefined);
}

/**
 * Whether one service is booked and a favourite, and the two toggles. The marks come from the stores, which hold the
 * saved state by the time the page answers a tap; a tap before that waits for it (useWhenLoaded).
 */
export function useServiceActions(service: ServiceRef, serviceName: string) {
  const stores = useStoreApis();
  const booked = useCardStore((state) => findService(state.card, service.id) !== undefined);
  const favorite = useFavoritesStore((state) => state.ids.some((id) => sameId(id, service.id)));

  // Only while a tap waits for the add rules or for the saved state (a slow network, just after the page loaded; or a
  // first visit's first tap, which loads the cookie code): the button says so.
  const [adding, setAdding] = useState(false);
  const bookTap = useWaitingTap();
  const favouriteTap = useWaitingTap();
  useEffect(preloadAddRules, []);

  // Both run with what the button said when it was clicked, and read the stores when they run: for a click before
  // the saved state arrived that is after it did, so 'Add' on a service the saved cart already holds keeps it.

  function applyBooked(rules: AddRules, wanted: boolean) {
    rules.setBookedFromMenu(stores, service, wanted, { serviceName, browsingLocation: rules.browsingLocationOf(window.location.pathname) });
  }

  function setBooked(wanted: boolean) {
    const loaded = addRules.loaded();
    if (loaded) return applyBooked(loaded, wanted);
    setAdding(true);
    addRules
      .load()
      .then(
        (rules) => applyBooked(rules, wanted),
        (error: unknown) => {
          console.error('Could not load the booking cart code', error);
          stores.ui.getState().notify({ variant: 'error', message: ADD_FAILED });
        },
      )
      .finally(() => setAdding(false));
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
    /** For aria-busy on the add button and the favourite button. */
    adding: adding || bookTap.waiting,
    favoriting: favouriteTap.waiting,
    toggleBooked: () => bookTap.run(() => setBooked(!booked)),
    toggleFavorite: () => favouriteTap.run(() => setFavorite(!favorite)),
    // The visible word starts the name (WCAG 2.5.3): 'Add' / 'Added'.
    bookLabel: booked ? `Added to booking: ${serviceName}, press to remove` : `Add to booking: ${serviceName}`,
    favouriteLabel: `Favourite: ${serviceName}`,
  };
}

/** 'Add to booking' and 'Favourite' on a service's page; a menu row has its own compact pair (ServiceList). */
export function ServiceActionsClient({ service, serviceName }: { service: ServiceRef; serviceName: string }) {
  const { booked, favorite, adding, favoriting, toggleBooked, toggleFavorite, bookLabel, favouriteLabel } = useServiceActions(service, serviceName);
  return (
    <div className="flex flex-wrap gap-2" data-needs-script="">
      <button
        type="button"
        onClick={toggleBooked}
        aria-label={bookLabel}
        aria-busy={adding || undefined}
        className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 aria-busy:cursor-progress aria-busy:opacity-70"
      >
        {booked ? <CheckIcon /> : <PlusIcon />}
        {booked ? 'Added to booking' : 'Add to booking'}
      </button>
      <button
        type="button"
        aria-pressed={favorite}
        aria-label={favouriteLabel}
        aria-busy={favoriting || undefined}
        onClick={toggleFavorite}
        className="inline-flex min-h-11 items-center gap-1 rounded-full border border-brand-700 px-4 py-2 text-brand-700 hover:bg-brand-50 aria-busy:cursor-progress aria-busy:opacity-70"
      >
        <HeartIcon filled={favorite} />
        Favourite
      </button>
    </div>
  );
}

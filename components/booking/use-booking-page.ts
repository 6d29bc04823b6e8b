import { useCallback, useRef, useState } from 'react';
import { useStoreApis } from '@/stores/provider';
import { reduceBookingPage, type BookingPageAction } from './booking-page';
import type { TimeChoices } from './build-card';
import type { TimesMode } from './url-state';

export type BookingPageDispatch = (action: BookingPageAction) => void;

/**
 * The booking page's reducer (booking-page.ts) run against the card store: the card it changes goes to the store (the
 * cookie and other tabs follow it), the times and the mode stay with the page.
 */
export function useBookingPage(initialTimes: TimeChoices, initialMode: TimesMode) {
  const stores = useStoreApis();
  const [chosen, setChosen] = useState({ times: initialTimes, mode: initialMode });
  const latest = useRef(chosen);
  const dispatch = useCallback<BookingPageDispatch>(
    (action) => {
      const card = stores.card.getState().card;
      const next = reduceBookingPage({ card, ...latest.current }, action);
      if (next.card !== card) stores.card.setState({ card: next.card });
      if (next.times !== latest.current.times || next.mode !== latest.current.mode) {
        latest.current = { times: next.times, mode: next.mode };
        setChosen(latest.current);
      }
    },
    [stores],
  );
  return { times: chosen.times, mode: chosen.mode, dispatch };
}

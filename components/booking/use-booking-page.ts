import { useCallback, useRef, useState } from 'react';
import { useStoreApis } from '@/stores/provider';
import { reduceBookingPage, type BookingPageAction } from './booking-page';
import type { TimesMode } from './url-state';

export type BookingPageDispatch = (action: BookingPageAction) => void;

/**
 * The booking page's reducer (booking-page.ts) run against the card store: the card it changes, with its chosen times,
 * goes to the store (the cookie and other tabs follow it, the cookie with the days only); the mode stays with the page.
 */
export function useBookingPage(initialMode: TimesMode) {
  const stores = useStoreApis();
  const [mode, setMode] = useState(initialMode);
  const latest = useRef(mode);
  const dispatch = useCallback<BookingPageDispatch>(
    (action) => {
      const card = stores.card.getState().card;
      const next = reduceBookingPage({ card, mode: latest.current }, action);
      if (next.card !== card) stores.card.setState({ card: next.card });
      if (next.mode !== latest.current) {
        latest.current = next.mode;
        setMode(next.mode);
      }
    },
    [stores],
  );
  return { mode, dispatch };
}

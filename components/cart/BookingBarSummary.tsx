'use client';

import { useEffect, useState } from 'react';
import { cardServiceCount } from '@/lib/booking/card';
import { useCardStore, useSavedStateLoaded, useStoreApis, useWhenLoaded } from '@/stores/provider';
import { CalendarIcon } from '@/components/ui/icons';
import { LinkUntilHydrated } from '@/components/ui/LinkUntilHydrated';

/**
 * The booking bar's left part: '2 services · $105', which opens the booking cart. Until the saved state is in, the
 * count comes from the first-paint mark (app/globals.css, .bar-count); the total needs the catalogue's prices, as
 * published, and follows when they have loaded. Before the scripts run it is a link to the booking page, which shows
 * the cart.
 */
export function BookingBarSummary() {
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  const loaded = useSavedStateLoaded();
  const card = useCardStore((state) => state.card);
  const count = cardServiceCount(card);
  const [total, setTotal] = useState<string>();
  useEffect(() => {
    if (!loaded || count === 0) return;
    let current = true;
    import('./booking-total')
      .then(({ bookingTotal }) => bookingTotal(card))
      .then((shown) => {
        if (current) setTotal(shown);
      })
      .catch((error: unknown) => console.error('Could not load the prices of the booking cart', error));
    return () => {
      current = false;
    };
  }, [loaded, count, card]);
  return (
    <LinkUntilHydrated href="/booking/" onPress={() => whenLoaded(() => stores.ui.getState().openDrawer('booking'))} className="bar-sum">
      {/* Under 360 px the icon gives its room to the total: '2 services · $100' fits at 320 px. */}
      <span className="contents max-[359px]:hidden">
        <CalendarIcon />
      </span>
      <span className="truncate">
        <span className="sr-only">Your booking cart: </span>
        <span className="bar-count font-semibold">{loaded ? `${count} service${count === 1 ? '' : 's'}` : null}</span>
        {loaded && total !== undefined && count > 0 ? <span data-testid="booking-bar-total"> · {total}</span> : null}
      </span>
    </LinkUntilHydrated>
  );
}

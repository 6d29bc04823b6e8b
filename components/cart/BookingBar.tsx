'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { formatUsd } from '@/lib/catalog/format';
import { cardServiceCount } from '@/lib/persistence/model';
import { useCardStore, useSavedStateLoaded, useStoreApis, useWhenLoaded } from '@/stores/provider';
import { CalendarIcon } from '@/components/ui/icons';

/**
 * The next step after adding on a phone: a bar at the bottom, '2 services · $105 · Book now', while the booking cart
 * holds a service. It is in the markup for everybody; the first-paint mark on <html> shows it (app/globals.css), so
 * a returning visitor sees it at once. The total needs the catalogue's prices and follows when they have loaded.
 */
export function BookingBar() {
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  const loaded = useSavedStateLoaded();
  const card = useCardStore((state) => state.card);
  const count = cardServiceCount(card);
  const [total, setTotal] = useState<number>();
  useEffect(() => {
    if (!loaded || count === 0) return;
    let current = true;
    import('./booking-total')
      .then(({ bookingTotal }) => {
        if (current) setTotal(bookingTotal(card));
      })
      .catch((error: unknown) => console.error('Could not load the prices of the booking cart', error));
    return () => {
      current = false;
    };
  }, [loaded, count, card]);
  const services = loaded ? `${count} service${count === 1 ? '' : 's'}` : null;
  return (
    <div className="booking-bar fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] backdrop-blur md:hidden">
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <button
          type="button"
          onClick={() => whenLoaded(() => stores.ui.getState().openDrawer('booking'))}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-left text-sm"
        >
          <CalendarIcon />
          <span className="truncate">
            <span className="sr-only">Your booking cart: </span>
            <span className="bar-count font-semibold">{services}</span>
            {loaded && total !== undefined && count > 0 ? <span data-testid="booking-bar-total"> · {formatUsd(total)}</span> : null}
          </span>
        </button>
        <Link href="/booking/" prefetch={false} className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Book now
        </Link>
      </div>
    </div>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { loadOnce } from '@/lib/client/load-once';
import type { BoughtService } from '@/stores/booking-location';
import { useStoreApis, useWaitingTap } from '@/stores/provider';

const BOOKING_PATH = '/booking/';
const bookingRules = loadOnce(() => import('@/stores/booking-location'));

/**
 * 'Book a session' after paying: opens the booking page with the bought services in the booking cart (a bundle's, all
 * of them), asking first when the cart holds services of the other gender. Without a script it is a plain link to the
 * booking page.
 */
export function BookBoughtServices({ services }: { services: readonly BoughtService[] }) {
  const stores = useStoreApis();
  const router = useRouter();
  const tap = useWaitingTap();
  function book() {
    bookingRules.load().then(
      (rules) => rules.bookBoughtServices(stores, services, () => router.push(BOOKING_PATH)),
      (error: unknown) => {
        console.error('Could not load the booking cart code', error);
        stores.ui.getState().notify({ variant: 'error', message: 'The booking cart could not be changed. Please check your connection and try again.' });
      },
    );
  }
  return (
    <a
      href={BOOKING_PATH}
      onClick={(event) => {
        event.preventDefault();
        tap.run(book);
      }}
      aria-busy={tap.waiting || undefined}
      className="font-semibold text-brand-700 underline"
    >
      Book a session
    </a>
  );
}

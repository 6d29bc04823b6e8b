'use client';

import Link from '@/components/ui/AppLink';
import type { CustomerSummary } from './booking-types';
import { LocationPicker } from './LocationPicker';

/**
 * The top of the booking page: where (the location buttons) and for whom (the customer signed in, or in back-office
 * mode the one the desk books for, with a word when they have no e-mail address), and that times are New York time.
 */
export function BookingHead({
  location,
  bookable,
  customer,
  backOffice,
  onLocation,
}: {
  location: number;
  /** The locations that can book the cart (LocationPicker). */
  bookable: readonly number[];
  customer: CustomerSummary | null;
  backOffice: boolean;
  onLocation: (location: number) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <LocationPicker idPrefix="booking" current={location} bookable={bookable} onChoose={onLocation} />
      {backOffice && customer ? (
        <p className="rounded-lg bg-brand-50 p-3 font-semibold">
          Booking for{' '}
          <Link href={`/desk/customers/${customer.id}/`} className="text-brand-700 underline">
            {customer.name}
          </Link>
          {customer.email ? null : ' (no e-mail address: no confirmation mail)'}
        </p>
      ) : null}
      <p className="text-sm text-gray-800 wrap-anywhere">
        {customer && !backOffice ? <>Booking as {customer.name}. </> : null}
        Times are New York time.
      </p>
    </div>
  );
}

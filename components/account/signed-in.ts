import { cache } from 'react';
import { backend } from '@/lib/backend';
import { bookedBookingOf } from '@/lib/booking/booked';
import type { Profile } from './account-state';

// It reads nothing itself: it keeps the backend's read once per request (React's cache, which lib/ does not import).
// lib/backend keeps it off the browser.

/**
 * The signed-in customer of this request, read once (the account page shows bookings and packages from one read), with
 * the bookings' cards named (`bookings`): the backend answers in the specification's shape.
 */
export const signedInCustomer = cache(async () => {
  const customer = await backend().signedInCustomer();
  return customer && { ...customer, bookings: customer.cards.map(bookedBookingOf) };
});

/**
 * Who is signed in, for a page that only names them (the signed-in page): the session, or in proxy mode the profile
 * the upstream's sign-in answered with (BnpAuth, for display only, as the header's greeting), or undefined.
 */
export function signedInProfile(): Promise<Profile | undefined> {
  return backend().signedInProfile();
}

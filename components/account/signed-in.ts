import { cache } from 'react';
import { backend } from '@/lib/backend';
import { bookedBookingOf, type BookedBooking } from '@/lib/booking/booked';
import type { SignedInCustomer } from '@/lib/booking/signed-in-customer';
import type { Profile } from './account-state';

// It reads nothing itself: it keeps the backend's read once per request (React's cache, which lib/ does not import).
// lib/backend keeps it off the browser.

/** The signed-in customer as the components read them: their bookings named, the backend's wire cards left behind. */
type AccountCustomer = Omit<SignedInCustomer, 'cards'> & { bookings: BookedBooking[] };

/**
 * The signed-in customer of this request, read once (the account page shows bookings and packages from one read), with
 * the bookings' cards named: the backend answers in the specification's shape, which stops here.
 */
export const signedInCustomer = cache(async (): Promise<AccountCustomer | null> => {
  const customer = await backend().signedInCustomer();
  if (!customer) return null;
  // Field by field, not a spread: nothing else the backend answers with reaches the components.
  const { user, packages, salonAsked, cards } = customer;
  return { user, packages, salonAsked, bookings: cards.map(bookedBookingOf) };
});

/**
 * Who is signed in, for a page that only names them (the signed-in page): the session, or in proxy mode the profile
 * the upstream's sign-in answered with (BnpAuth, for display only, as the header's greeting), or undefined.
 */
export function signedInProfile(): Promise<Profile | undefined> {
  return backend().signedInProfile();
}

import 'server-only';
import { cache } from 'react';
import { readSignedInCustomer } from '@/lib/booking/signed-in-customer';

/** The signed-in customer of this request, read once (the account page shows bookings and packages from one read). */
export const signedInCustomer = cache(readSignedInCustomer);

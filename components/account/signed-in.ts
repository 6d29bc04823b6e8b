import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { AUTH_PROFILE_COOKIE } from '@/lib/auth/cookies';
import { currentUser } from '@/lib/auth/current-user';
import { claimedProfile, readSignedInCustomer } from '@/lib/booking/signed-in-customer';
import { proxyEnabled } from '@/lib/env';
import type { Profile } from './account-state';

/** The signed-in customer of this request, read once (the account page shows bookings and packages from one read). */
export const signedInCustomer = cache(readSignedInCustomer);

/**
 * Who is signed in, for a page that only names them (the signed-in page): the session, or in proxy mode the profile
 * the upstream's sign-in answered with (BnpAuth, for display only, as the header's greeting), or undefined.
 */
export async function signedInProfile(): Promise<Profile | undefined> {
  if (proxyEnabled()) return claimedProfile((await cookies()).get(AUTH_PROFILE_COOKIE)?.value);
  const user = await currentUser();
  return user ? { id: user.id, name: user.name, email: user.email } : undefined;
}

import 'server-only';
import type { Profile } from '@/lib/auth/cookies';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { isGuid } from '@/lib/validation';
import type { BookedCard } from './appointments/read';

/**
 * Who is signed in, for the pages that show a customer's own bookings and packages (confirmation, account, the
 * calendar file): what either backend answers (lib/backend/). Embedded: the session in the local database. A front
 * (SALON_API_URL): the readable BnpAuth profile names the customer and the upstream, asked with the visitor's
 * cookies, says whether the session is theirs (401/403: signed out) and answers the bookings.
 */

/** A package of the customer; the upstream's list answer says only whether sessions are left, not how many. */
export interface CustomerPackage {
  pkgId: string;
  /** The service a bundle's session is for (one row per service); null from an upstream, which does not say. */
  serviceId: string | null;
  sessionsLeft: number | null;
  sessionsTotal: number | null;
  hasSessionsLeft: boolean;
}

export interface SignedInCustomer {
  user: Profile;
  cards: BookedCard[];
  packages: CustomerPackage[];
  /**
   * Visits the salon asked the customer to move (a therapist's sick day): changeable online inside the cut-off. An
   * upstream's answer does not say, so a proxy front offers them to call (the upstream still allows the change).
   */
  salonAsked: ReadonlySet<string>;
}

/** The unsigned profile a BnpAuth cookie names (display only: the upstream confirms it), or undefined. */
export function claimedProfile(cookieValue: string | undefined): Profile | undefined {
  const profile = profileFromAuthCookie(cookieValue);
  if (!profile || !isGuid(profile.customerId)) return undefined;
  return { id: profile.customerId.replace(/[{}]/g, '').toLowerCase(), name: profile.name, email: profile.email };
}

/** The proxy's page reads failed (unreachable, slow, unreadable): the page's error boundary says to try again. */
export class UpstreamUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UpstreamUnavailableError';
  }
}

export type CustomerBooking = { kind: 'found'; user: Profile; booking: BookedCard } | { kind: 'signed-out' } | { kind: 'not-found' };

/** The booking id of an address's `cid`, lower case without braces, or undefined when it is not one. */
export function bookingIdOf(cid: string): string | undefined {
  return isGuid(cid) ? cid.replace(/[{}]/g, '').toLowerCase() : undefined;
}

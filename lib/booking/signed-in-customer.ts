import 'server-only';
import { cookies, headers } from 'next/headers';
import { readCookie } from '@/lib/api/cookies';
import { getSession } from '@/lib/auth';
import { AUTH_PROFILE_COOKIE, type Profile } from '@/lib/auth/cookies';
import { currentUser } from '@/lib/auth/current-user';
import { getDb } from '@/lib/db';
import { proxyEnabled } from '@/lib/env';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { isGuid } from '@/lib/validation';
import { listBookings, readBooking, type BookedCard } from './appointments/read';
import { visitsTheSalonAskedToMove } from './appointment-events';
import { ownedPackages } from './packages';
import { upstreamBooking, upstreamBookings } from './upstream-bookings';

/**
 * Who is signed in, for the pages that show a customer's own bookings and packages (confirmation, account, the
 * calendar file), on either backend. Embedded: the session in the local database. Proxy mode (SALON_API_URL): the
 * readable BnpAuth profile names the customer and the upstream, asked with the visitor's cookies, says whether the
 * session is theirs (401/403: signed out) and answers the bookings; the front never opens a database.
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

/** The signed-in customer with their bookings and packages, or null (pages read it through React's cache). */
export async function readSignedInCustomer(): Promise<SignedInCustomer | null> {
  if (!proxyEnabled()) {
    const user = await currentUser();
    if (!user) return null;
    const db = await getDb();
    const [{ cards }, owned] = await Promise.all([listBookings(db, user.id), ownedPackages(db, user.id)]);
    const upcoming = cards.flatMap((card) => card.appointments.filter((a) => a.status === 'booked').map((a) => a.id));
    return {
      salonAsked: await visitsTheSalonAskedToMove(db, upcoming),
      user: { id: user.id, name: user.name, email: user.email },
      cards,
      packages: owned.map((pkg) => ({ pkgId: pkg.pkgId, serviceId: pkg.serviceId, sessionsLeft: pkg.sessionsLeft, sessionsTotal: pkg.sessionsTotal, hasSessionsLeft: pkg.sessionsLeft > 0 })),
    };
  }
  const [jar, incoming] = await Promise.all([cookies(), headers()]);
  const user = claimedProfile(jar.get(AUTH_PROFILE_COOKIE)?.value);
  if (!user) return null;
  const answer = await upstreamBookings(user.id, incoming);
  if (answer.kind === 'signed-out') return null;
  if (answer.kind === 'unavailable') throw new UpstreamUnavailableError(answer.reason);
  const packages = answer.value.pkgAvailable.map((pkg) => ({ pkgId: pkg.pkgId.toLowerCase(), serviceId: null, sessionsLeft: null, sessionsTotal: null, hasSessionsLeft: !pkg.isPkgUsed }));
  return { user, cards: answer.value.cards, packages, salonAsked: new Set() };
}

export type CustomerBooking = { kind: 'found'; user: Profile; booking: BookedCard } | { kind: 'signed-out' } | { kind: 'not-found' };

/**
 * One booking of the signed-in customer, for a route handler's `request` or, left out, the page's request. A malformed id, someone else's booking and none at all are all 'not-found'.
 */
export async function customerBooking(cid: string, request?: Request): Promise<CustomerBooking> {
  const bookingId = isGuid(cid) ? cid.replace(/[{}]/g, '').toLowerCase() : undefined;
  if (!proxyEnabled()) {
    const who = request ? ((await getSession(request))?.user ?? null) : await currentUser();
    if (!who) return { kind: 'signed-out' };
    const booking = bookingId ? await readBooking(await getDb(), who.id, bookingId) : undefined;
    return booking ? { kind: 'found', user: { id: who.id, name: who.name, email: who.email }, booking } : { kind: 'not-found' };
  }
  const incoming = request ? request.headers : await headers();
  const user = claimedProfile(request ? readCookie(request, AUTH_PROFILE_COOKIE) : (await cookies()).get(AUTH_PROFILE_COOKIE)?.value);
  if (!user) return { kind: 'signed-out' };
  if (!bookingId) return { kind: 'not-found' };
  const answer = await upstreamBooking(user.id, bookingId, incoming);
  if (answer.kind === 'signed-out') return answer.status === 401 ? { kind: 'signed-out' } : { kind: 'not-found' };
  if (answer.kind === 'unavailable') throw new UpstreamUnavailableError(answer.reason);
  return { kind: 'found', user, booking: answer.value };
}

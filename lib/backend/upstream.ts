import 'server-only';
import { cookies, headers } from 'next/headers';
import { z } from 'zod';
import { readCookie } from '@/lib/api/cookies';
import { ApiError } from '@/lib/api/errors';
import { forwardToUpstream } from '@/lib/api/proxy';
import { AUTH_PROFILE_COOKIE } from '@/lib/auth/cookies';
import { packageSummary } from '@/lib/booking/booking-customer';
import { ACCOUNT_UNAVAILABLE_MESSAGE, isPatchTest } from '@/lib/booking/customer-summary';
import { servicesOfPackage } from '@/lib/booking/packages';
import { bookingIdOf, claimedProfile, UpstreamUnavailableError } from '@/lib/booking/signed-in-customer';
import { upstreamBooking, upstreamBookings } from '@/lib/booking/upstream-bookings';
import { readUpstream, upstreamCustomerRecord } from '@/lib/booking/upstream-customer';
import { PENDING_DEPOSIT_STATES } from '@/lib/db/schema';
import { DEFAULT_GIFT_CARD_AMOUNTS } from '@/lib/gift-cards/amounts';
import { startCheckoutInMemory } from '@/lib/shopify/checkout';
import { creditOrderUpstream } from '@/lib/shopify/upstream-orders';
import type { Backend } from './types';

/**
 * A front to an upstream salon API (SALON_API_URL, docs/deploy.md 'Running as a front'): the front opens no database.
 * The API's requests go to the same path upstream; a page asks the upstream's own calls (lib/booking/upstream-*.ts) with
 * the visitor's cookies, and the readable BnpAuth profile names the customer they are asked for. The specification's
 * wire shapes are read here and in those modules, and nowhere else.
 */

const upstreamDepositSchema = z.object({
  deposit: z.object({
    id: z.string(),
    status: z.enum(PENDING_DEPOSIT_STATES),
    amountCents: z.number().int(),
    creditCents: z.number().int(),
    expiresAt: z.string(),
    bookingId: z.string().nullable(),
  }),
});

/** The profile the BnpAuth cookie of a route handler's request or, left out, of the page's request names. */
async function claimed(request?: Request) {
  return claimedProfile(request ? readCookie(request, AUTH_PROFILE_COOKIE) : (await cookies()).get(AUTH_PROFILE_COOKIE)?.value);
}

export const upstreamBackend: Backend = {
  can: { desk: false, mail: false, accountDetails: false },

  // Nothing to open: the upstream owns the database, the catalogue's changes and the mail.
  async start() {},

  health: async () => ({ status: 200, body: { ok: true, backend: 'proxy' } }),

  async answer(request, _local, afterUpstream) {
    const upstream = await forwardToUpstream(request);
    return afterUpstream ? afterUpstream(upstream, request) : upstream;
  },

  // The front keeps no sessions: the upstream has them, and says whose they are when asked (below).
  sessionUser: async () => null,

  // BnpAuth, as the upstream's sign-in answered it: for display only, as the header's greeting.
  signedInProfile: () => claimed(),

  async signedInCustomer() {
    const user = await claimed();
    if (!user) return null;
    const answer = await upstreamBookings(user.id, await headers());
    if (answer.kind === 'signed-out') return null;
    if (answer.kind === 'unavailable') throw new UpstreamUnavailableError(answer.reason);
    const packages = answer.value.pkgAvailable.map((pkg) => ({ pkgId: pkg.pkgId.toLowerCase(), serviceId: null, sessionsLeft: null, sessionsTotal: null, hasSessionsLeft: !pkg.isPkgUsed }));
    return { user, cards: answer.value.cards, packages, salonAsked: new Set<string>() };
  },

  async customerBooking(cid, request) {
    const user = await claimed(request);
    if (!user) return { kind: 'signed-out' };
    const bookingId = bookingIdOf(cid);
    if (!bookingId) return { kind: 'not-found' };
    const answer = await upstreamBooking(user.id, bookingId, request ? request.headers : await headers());
    if (answer.kind === 'signed-out') return answer.status === 401 ? { kind: 'signed-out' } : { kind: 'not-found' };
    if (answer.kind === 'unavailable') throw new UpstreamUnavailableError(answer.reason);
    return { kind: 'found', user, booking: answer.value };
  },

  // The upstream's list call (with the visitor's cookies) confirms the session and gives the packages and the
  // patch-test record. When it cannot be reached the customer still sees their cart and can try to book (the upstream
  // then answers or the page says why).
  async bookingCustomer() {
    const who = await claimed();
    if (!who) return { customer: null, notice: null };
    const record = await upstreamCustomerRecord(who.id, await headers());
    if (record.kind === 'signed-out') return { customer: null, notice: null };
    if (record.kind === 'unavailable') return { customer: { ...who, packages: [], hasPatchTest: false }, notice: ACCOUNT_UNAVAILABLE_MESSAGE };
    // The list call says whether a package has sessions left, not how many (nor which of a bundle's services).
    const packages = record.unusedPackageIds.flatMap((pkgId) => servicesOfPackage(pkgId).map((serviceId) => packageSummary(pkgId, serviceId, null)));
    return { customer: { ...who, packages, hasPatchTest: record.bookedServiceTypes.some(isPatchTest) }, notice: null };
  },

  // The e-mail (the checkout's prefill) is the profile's; the customer id the order credits is the one the upstream
  // confirmed the session is for.
  async buyer(request) {
    const profile = await claimed(request);
    if (!profile) return null;
    const record = await upstreamCustomerRecord(profile.id, request.headers);
    if (record.kind === 'signed-out') return null;
    if (record.kind === 'unavailable') throw new ApiError(502, 'upstream_unavailable', record.reason);
    return { userId: profile.id, email: profile.email };
  },

  startCheckout: (request) => startCheckoutInMemory(request),

  // The upstream booked the deposit and keeps it: its GET /api/deposits/{id}/, with the visitor's cookies.
  async pendingDeposit(cid) {
    const id = bookingIdOf(cid);
    if (!id) return undefined;
    const read = await readUpstream(`/api/deposits/${id}/`, await headers());
    if (read.kind !== 'answer') return undefined;
    const parsed = upstreamDepositSchema.safeParse(await read.response.json().catch(() => null));
    if (!parsed.success) console.error(`[deposits] the upstream's deposit ${id} did not read as one`);
    return parsed.success ? parsed.data.deposit : undefined;
  },

  depositOfBooking: async () => undefined,

  // Accounts and packages live upstream, so the order is credited there.
  creditPaidOrder: (order) => creditOrderUpstream(order),

  // The front keeps no database, so no outbox either; the store's own mail is a real store's job.
  async mailGiftCards(cards) {
    if (cards.length) console.error(`[shop] demo gift cards ${cards.map((card) => card.code.slice(-4)).join(', ')} not mailed: a front in proxy mode has no outbox`);
  },

  // The default amounts: the upstream's own page has the owner's.
  giftCardAmounts: async () => [...DEFAULT_GIFT_CARD_AMOUNTS],

  links: {
    resetUsable: async () => true,
    signUp: async () => ({ state: 'usable', name: undefined, returnPath: '/' }),
    emailChange: async () => '',
    // The desk runs on the instance that owns the database, never through a front (docs/deploy.md).
    invitation: async () => ({ state: 'not_valid' }),
  },
};

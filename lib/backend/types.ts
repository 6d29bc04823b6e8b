import type { SessionUser } from '@/lib/auth';
import type { Profile } from '@/lib/auth/cookies';
import type { SignUpLinkState } from '@/lib/auth/signup';
import type { BookingCustomer } from '@/lib/booking/customer-summary';
import type { CustomerBooking, SignedInCustomer } from '@/lib/booking/signed-in-customer';
import type { PendingDepositView } from '@/lib/deposits/booking';
import type { BookingDeposit } from '@/lib/deposits/page';
import type { CheckoutRequest, CheckoutStarted } from '@/lib/shopify/checkout';
import type { DemoGiftCard } from '@/lib/shopify/demo/store';
import type { OrderOutcome, ShopifyOrder } from '@/lib/shopify/orders';
import type { Buyer } from '@/lib/shopify/types';
import type { InvitationState } from '@/lib/team/staff';

/**
 * What this site has only where it owns the database. A front (SALON_API_URL) leaves these to the upstream's own
 * address: its staff use the upstream's desk, and the upstream sends every mail.
 */
export interface BackendCapabilities {
  /** The desk, staff invitations and booking on a customer's behalf. */
  readonly desk: boolean;
  /** Mail sent from here: offers and their unsubscribe links, and the mail worker's rounds (the cron route). */
  readonly mail: boolean;
  /** A customer changes their name, address and password here (a front's page says whom to call instead). */
  readonly accountDetails: boolean;
}

/** What /api/health/ answers, with its status. */
export type BackendHealth = { status: 200; body: { ok: true; backend: string } } | { status: 503; body: { ok: false; error: { code: string; message: string } } };

/**
 * The backend behind the site, chosen once from the environment (lib/backend/index.ts): the embedded database
 * (embedded.ts) or an upstream salon API (upstream.ts, SALON_API_URL). Pages, handlers and the server's start ask it
 * through these operations, never which one it is.
 */
export interface Backend {
  readonly can: BackendCapabilities;
  /** Once as the server starts (instrumentation.ts): the database, its migrations, the catalogue and the mail worker. */
  start(): Promise<void>;
  health(): Promise<BackendHealth>;
  /**
   * A request for the site's API (and the media and the shop's webhook): answered here by `local`, or by the same
   * path upstream, whose answer `afterUpstream` may check or reshape (sign-in reads the profile from it).
   */
  answer(request: Request, local: () => Promise<Response>, afterUpstream?: (upstream: Response, request: Request) => Promise<Response> | Response): Promise<Response>;
  /** The session this site keeps, of a route handler's request or, left out, of the page's (none on a front). */
  sessionUser(request?: Request): Promise<SessionUser | null>;
  /** Who is signed in, for a page that only names them. */
  signedInProfile(): Promise<Profile | undefined>;
  /** The signed-in customer with their bookings and packages, or null; throws UpstreamUnavailableError. */
  signedInCustomer(): Promise<SignedInCustomer | null>;
  /** One booking of the signed-in customer (`cid` from an address); throws UpstreamUnavailableError. */
  customerBooking(cid: string, request?: Request): Promise<CustomerBooking>;
  /**
   * The customer of the booking page (packages, the patch-test record). A front whose upstream cannot be reached
   * still lets them book, with a notice that their packages could not be loaded.
   */
  bookingCustomer(): Promise<BookingCustomer>;
  /** Who is checking out, once their session is confirmed; throws ApiError 502 when that cannot be asked. */
  buyer(request: Request): Promise<Buyer | null>;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** The signed-in customer's deposit still waiting under a booking's address, or undefined. */
  pendingDeposit(cid: string): Promise<PendingDepositView | undefined>;
  /** The deposit of a booked visit, or undefined (a front's pages do not show it). */
  depositOfBooking(bookingId: string): Promise<BookingDeposit | undefined>;
  /** A paid order of the demo shop, credited as Shopify's orders/paid webhook would have it. */
  creditPaidOrder(order: ShopifyOrder, source: 'demo'): Promise<OrderOutcome>;
  /** The codes of the demo shop's gift cards an order bought, mailed to the buyer. */
  mailGiftCards(cards: readonly DemoGiftCard[]): Promise<unknown>;
  /** The amounts the gift-card page offers. */
  giftCardAmounts(): Promise<number[]>;
  /**
   * What a mailed link can still do, for its page before the button. Upstream there is no call to read one: the page
   * shows the button and the upstream's answer to it says whether the link was valid.
   */
  readonly links: {
    resetUsable(token: string): Promise<boolean>;
    signUp(token: string): Promise<SignUpLinkState | { state: 'usable'; name: undefined; returnPath: string }>;
    /** The new address, '' when it is not known here, undefined for a link that cannot be used. */
    emailChange(token: string): Promise<string | undefined>;
    invitation(token: string): Promise<InvitationState>;
  };
}

import 'server-only';
import { plainFormPost, plainSentence, readCookie, seeOther } from '@/lib/api';
import { bookingCardFromCookie, bookingCardToCookie } from '@/lib/persistence/card';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { locationFromCookie } from '@/lib/persistence/lists';
import { savedStateSetCookie } from '@/lib/persistence/server-write';
import { isGuid } from '@/lib/validation';
import { cardForSession, cardToBookAgain, pastVisitOf } from './book-again';
import { bookedBookingOf } from './booked';
import { cardServiceCount, emptyBookingCard, type BookingCard } from './card';
import { backend } from '@/lib/backend';
import { UpstreamUnavailableError } from './signed-in-customer';

/**
 * The account page's 'Book again' and 'Book a session' forms (a plain POST, so they work before the scripts run): each
 * writes the booking cart's cookie in the card's own format (the one the browser's stores read and write) and sends
 * the customer to the booking page. A refusal is a sentence, as the page forms' are (middleware.ts).
 */

const BOOKING_PAGE = '/booking/';

/**
 * To the booking page with the card as the cart's cookie (lasting as the browser's own saves do), with the next
 * version stamp, so the customer's other tabs take it in as a newer card (lib/persistence/stamp.ts).
 */
function toBookingPage(request: Request, card: BookingCard): Response {
  return seeOther(BOOKING_PAGE, savedStateSetCookie(request, COOKIE_NAMES.card, bookingCardToCookie(card)));
}

function currentCard(request: Request): BookingCard {
  return bookingCardFromCookie(readCookie(request, COOKIE_NAMES.card)) ?? emptyBookingCard();
}

function guarded(request: Request, run: () => Promise<Response>): Promise<Response> {
  return plainFormPost(request, run, (error) => {
    if (error instanceof UpstreamUnavailableError) return plainSentence(502, 'Your bookings could not be read just now. Please try again in a minute.');
    console.error('book again failed', error);
    return plainSentence(500, 'The booking page could not be opened. Please try again.');
  });
}

/**
 * POST /account/book-again/{cid}/ with the row's `appointment` ids: those appointments of the signed-in customer's
 * booking `cid` again, as they were, at a time to choose (`pastVisitOf` says which).
 */
export function bookAgainHandler(request: Request, cid: string): Promise<Response> {
  return guarded(request, async () => {
    const form = await request.formData().catch(() => undefined);
    const row = (form?.getAll('appointment') ?? []).filter(isGuid).map((id) => id.toLowerCase());
    const read = await backend().customerBooking(cid, request);
    if (read.kind === 'signed-out') return seeOther('/signin/?url=%2Faccount%2F');
    const booking = read.kind === 'not-found' ? undefined : bookedBookingOf(read.booking);
    if (!booking || (row.length > 0 && !booking.appointments.some((a) => row.includes(a.id.toLowerCase())))) {
      return plainSentence(404, 'We couldn’t find that visit among your appointments.');
    }
    const visit = pastVisitOf(booking, row);
    if (visit.appointments.length === 0) return plainSentence(409, 'That appointment is still booked: you will find it under Upcoming appointments.');
    const card = cardToBookAgain(currentCard(request), visit);
    if (!card) return plainSentence(409, 'The services of that visit are no longer booked online. Please choose from the menu.');
    return toBookingPage(request, card);
  });
}

/**
 * POST /account/book-session/ with `service`: a package's service in the cart (the booking page applies the package
 * to it; the server takes the session only from a customer who has one). At the cart's location, or the one the
 * customer chose, when it books the service online.
 */
export function bookSessionHandler(request: Request): Promise<Response> {
  return guarded(request, async () => {
    const form = await request.formData().catch(() => undefined);
    const service = form?.get('service');
    if (!isGuid(service)) return plainSentence(400, 'That service could not be read. Please go back and try again.');
    const current = currentCard(request);
    const chosen = locationFromCookie(readCookie(request, COOKIE_NAMES.location)) ?? 0;
    const cart = current.location;
    const card = cardForSession(current, service, cardServiceCount(current) > 0 ? [cart, chosen] : [chosen, cart]);
    if (!card) return plainSentence(409, 'That service is not booked online at the moment. Please call the salon to book your session.');
    return toBookingPage(request, card);
  });
}

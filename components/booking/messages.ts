/** The page's words for the booking answers (DESIGN.md fixes the 416 one; the server sends the same). */
export const NETWORK_FAILURE_MESSAGE = 'We could not reach the salon. Please check your connection and try again. Your choices are kept.';
export const NOTES_STORAGE_KEY = 'booking-notes';
/** The notes kept in this tab could not be read back (their code did not load): said, and left as they were kept. */
export const NOTES_UNREAD_MESSAGE = 'Your notes for the salon could not be brought back. Please check your connection and reload the page.';

export { ACCOUNT_UNAVAILABLE_MESSAGE } from '@/lib/booking/customer-summary';

export function failureMessage(status: number, serverMessage: unknown): string {
  const said = typeof serverMessage === 'string' && serverMessage.trim() ? serverMessage.trim() : `The booking did not go through (error ${status}).`;
  // The salon service's own messages already end in 'Please try again.'
  return /try again\.?$/i.test(said) ? `${said} Your choices are kept.` : `${said} Your choices are kept; please try again.`;
}

/** A chosen time the latest free times no longer list (taken meanwhile, or a shared link's): dropped, and said so. */
export function timeGoneMessage(time?: string): string {
  return `${time ? `${time} is` : 'The time you had chosen is'} no longer free. Please choose another time.`;
}

/** Signed in on the booking page with something to confirm (use-booking-submit.ts, autoBookAfterSignIn): BOOK waits. */
export const CHECK_PACKAGE_MESSAGE = 'You are signed in, and your package covers part of this visit: check the summary above, then press BOOK.';
export const CHECK_PATCH_TEST_MESSAGE = 'You are signed in. A patch test is suggested above for your laser treatment: add it, or press BOOK without it.';
export const CHECK_ACCOUNT_MESSAGE = 'You are signed in: check your visit above, then press BOOK.';
export const CHECK_DEPOSIT_MESSAGE = "You are signed in. This visit asks for a deposit: check it above, then press BOOK to pay it at the shop's checkout.";

/** BOOK answered with the deposit's checkout (202): the page says so while the browser goes there. */
export const DEPOSIT_CHECKOUT_OPENING = "Your times are held for 10 minutes. Opening the shop's checkout for the deposit…";

/** A deposit's hold kept in this tab that the page could not read (its code did not load): said, never dropped quietly. */
export const DEPOSIT_HOLD_UNREAD_MESSAGE =
  'We could not check whether your times are still held for a deposit. Please check your connection and reload the page.';

/** The location buttons when no location books any service of the cart online (the owner has unticked them all). */
export const NO_LOCATION_BOOKS_CART = 'No location books the services in your cart online: remove them, or call us to book them.';

/** The page's words for the booking answers (DESIGN.md fixes the 416 one; the server sends the same). */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';
export const NETWORK_FAILURE_MESSAGE = 'We could not reach the salon. Please check your connection and try again. Your choices are kept.';
export const NOTES_STORAGE_KEY = 'booking-notes';

export function failureMessage(status: number, serverMessage: unknown): string {
  const said = typeof serverMessage === 'string' && serverMessage.trim() ? serverMessage.trim() : `The booking did not go through (error ${status}).`;
  return `${said} Your choices are kept; please try again.`;
}

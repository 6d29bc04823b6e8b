/** The 416 answer's sentence (DESIGN.md), said by the server and by the booking page alike; pure, so pages may import it. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';
/** The 416 when the time clashes with the customer's own booked appointment: no other therapist would change it. */
export const CUSTOMER_BUSY_MESSAGE = 'You already have an appointment at that time. Please choose another time.';

/** 'A', 'A and B', 'A, B and C'. */
export function listOfNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * 'Brazilian Wax is not offered in SoHo': services a location does not book online (lib/catalog/catalog.ts
 * isBookableAt). The booking page says it when a location change takes them out, the free times when the cart holds them.
 */
export function notOfferedIn(names: readonly string[], place: string): string {
  return `${listOfNames(names)} ${names.length === 1 ? 'is' : 'are'} not offered in ${place}`;
}

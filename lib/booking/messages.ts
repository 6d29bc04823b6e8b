/** The 416 answer's sentence (DESIGN.md), said by the server and by the booking page alike; pure, so pages may import it. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';
/** The 416 when the time clashes with the customer's own booked appointment: no other therapist would change it. */
export const CUSTOMER_BUSY_MESSAGE = 'You already have an appointment at that time. Please choose another time.';

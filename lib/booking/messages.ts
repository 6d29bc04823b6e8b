/** The 416 answer's sentence (DESIGN.md), said by the server and by the booking page alike; pure, so pages may import it. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';

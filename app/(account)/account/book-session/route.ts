import { bookSessionHandler } from '@/lib/booking/book-again-handlers';

/** 'Book a session' of a package on the account page: its service in the cart, then the booking page. */
export function POST(request: Request): Promise<Response> {
  return bookSessionHandler(request);
}

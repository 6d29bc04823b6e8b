import { bookAgainHandler } from '@/lib/booking/book-again-handlers';

/** 'Book again' on the account page: the services of the row's past or cancelled appointments in the cart, then the booking page. */
export async function POST(request: Request, { params }: { params: Promise<{ cid: string }> }): Promise<Response> {
  return bookAgainHandler(request, (await params).cid);
}

import { bookAgainHandler } from '@/lib/booking/book-again-handlers';

/** 'Book again' on the account page: this past or cancelled visit's services in the cart, then the booking page. */
export async function POST(request: Request, { params }: { params: Promise<{ cid: string }> }): Promise<Response> {
  return bookAgainHandler(request, (await params).cid);
}

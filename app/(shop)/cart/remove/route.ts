import { removeFromCartHandler } from '@/lib/shopify/cart-forms';

/** The cart page's Remove: the item out of the shop cart's cookie, then the cart page again. */
export function POST(request: Request): Promise<Response> {
  return removeFromCartHandler(request);
}

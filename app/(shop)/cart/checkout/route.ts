import { checkoutFromCartHandler } from '@/lib/shopify/cart-forms';

/** The cart page's CHECK OUT: the shop's checkout of the cart, or sign in first, or the cart page with the refusal. */
export function POST(request: Request): Promise<Response> {
  return checkoutFromCartHandler(request);
}

import { addToCartHandler } from '@/lib/shopify/cart-forms';

/** A package's or bundle's Buy, posted before the scripts run or without them: into the cart, then the cart page. */
export function POST(request: Request): Promise<Response> {
  return addToCartHandler(request);
}

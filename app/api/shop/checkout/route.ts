import { handleCheckoutRequest } from '@/lib/shopify/checkout-handler';

/** CHECK OUT: starts (or resumes) the shop checkout of the signed-in customer's shop cart. */
export function POST(request: Request): Promise<Response> {
  return handleCheckoutRequest(request);
}

/** The browser's call to the checkout route; the shop itself is never called from the browser. */

export const CHECKOUT_ENDPOINT = '/api/shop/checkout/';
export const SIGN_IN_TO_CHECK_OUT = `/signin/?url=${encodeURIComponent('/checkout/')}`;

export type CheckoutCallResult =
  | { kind: 'redirect'; checkoutId: string; checkoutUrl: string }
  | { kind: 'sign-in' }
  /** `code`: the checkout route's reason (lib/shopify/errors.ts), absent when the site could not be reached. */
  | { kind: 'failed'; message: string; code?: string };

const FALLBACK = 'The shop could not start your checkout. Your cart is kept; please try again in a minute.';

export async function requestCheckout(
  body: { pvIds: readonly string[]; checkoutId: string },
  fetchApi: typeof fetch = fetch,
): Promise<CheckoutCallResult> {
  let response: Response;
  try {
    response = await fetchApi(CHECKOUT_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pvIds: body.pvIds, checkoutId: body.checkoutId }),
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'failed', message: 'We could not reach the site. Check your connection; your cart is kept.' };
  }
  if (response.status === 401) return { kind: 'sign-in' };
  const data = (await response.json().catch(() => null)) as { checkoutId?: unknown; checkoutUrl?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (response.ok && typeof data?.checkoutId === 'string' && typeof data.checkoutUrl === 'string') {
    return { kind: 'redirect', checkoutId: data.checkoutId, checkoutUrl: data.checkoutUrl };
  }
  const message = typeof data?.error?.message === 'string' ? data.error.message : FALLBACK;
  return typeof data?.error?.code === 'string' ? { kind: 'failed', message, code: data.error.code } : { kind: 'failed', message };
}

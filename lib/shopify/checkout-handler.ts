import 'server-only';
import { z } from 'zod';
import { ApiError, apiHandler, assertSameOrigin, json, parseJsonBody, toResponse } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { backend } from '@/lib/backend';
import { GUID_PATTERN } from '@/lib/catalog/schema';
import { getDb } from '@/lib/db';
import { notNewClient } from './new-client';
import { ShopError, shopErrorMessage, type ShopErrorCode } from './errors';

/** What CHECK OUT sends: the shop cart's item ids and the checkout id it stored last time. */
export const checkoutBodySchema = z.object({
  pvIds: z.array(z.string().regex(GUID_PATTERN, 'not a package id')).max(10),
  checkoutId: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_\-/:.?=]*$/, 'not a checkout id')
    .optional(),
});

export interface CheckoutAnswer {
  checkoutId: string;
  checkoutUrl: string;
}

const STATUS: Record<ShopErrorCode, number> = {
  'empty-cart': 422,
  'too-many-items': 422,
  'unknown-item': 422,
  'not-in-shop': 422,
  'already-bought': 409,
  'not-new-client': 409,
  unreachable: 503,
  'shop-error': 502,
  'checkout-id-missing': 502,
  'bad-checkout-url': 502,
};

/** The site's or the shop's fault, not the customer's: logged, as the person is told to try again. */
export function isShopFault(code: ShopErrorCode): boolean {
  return STATUS[code] >= 500;
}

/**
 * POST /api/shop/checkout/: the server side of CHECK OUT. Same-origin only, signed in only (the session, never the
 * readable BnpAuth cookie), then the checkout flow; answers the cart id to store and the checkout address to go to,
 * or `{ error: { code, message } }` with a sentence for the person. The shop cart in the browser is never touched.
 */
export async function handleCheckoutRequest(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
    // The session here, or on a front the customer the upstream confirms the visitor's cookies are for.
    const buyer = await backend().buyer(request);
    if (!buyer) throw new ApiError(401, 'unauthorized', 'Please sign in to check out.');
    const body = await parseJsonBody(request, checkoutBodySchema);
    const started = await backend().startCheckout({
      buyer,
      pvIds: body.pvIds,
      checkoutId: body.checkoutId || undefined,
    });
    const answer: CheckoutAnswer = started;
    return json(answer);
  } catch (error) {
    if (error instanceof ShopError) {
      if (isShopFault(error.code)) console.error(`[shop] checkout failed: ${error.message}`);
      return json({ error: { code: error.code, message: shopErrorMessage(error.code) } }, { status: STATUS[error.code] });
    }
    return toResponse(error);
  }
}

/** What the offer's page asks before CHECK OUT: whether first-visit offers are open to the signed-in customer. */
export type NewClientAnswer = { newClient: true } | { newClient: false; message: string };

/**
 * GET /api/shop/new-client/: the first-visit offer rule (lib/shopify/new-client.ts) for the signed-in customer, with
 * checkout's own sentence when it would refuse, so the shop cart can say so before CHECK OUT. Forwarded upstream in
 * proxy mode, where the customer's visits and packages are.
 */
export const handleNewClientRequest = apiHandler(async (request) => {
  const session = await getSession(request);
  if (!session) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  const refusal = await notNewClient(await getDb(), session.user.id);
  const answer: NewClientAnswer = refusal ? { newClient: false, message: shopErrorMessage(refusal) } : { newClient: true };
  return json(answer);
});

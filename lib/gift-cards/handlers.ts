import 'server-only';
import { z } from 'zod';
import { ApiError, apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { requireOwner } from '@/lib/auth/session';
import { emailSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';
import { ShopError, shopErrorMessage } from '@/lib/shopify';
import { startGiftCardCheckout } from '@/lib/shopify/gift-card-checkout';
import { giftCardAmountsSchema, giftCardDollarsSchema } from './amounts';
import { giftCardAmounts, saveGiftCardAmounts } from './settings';

/** What /gift-cards/ sends: the amount and the address the store mails the code to. */
export const giftCardCheckoutSchema = z.object({
  dollars: giftCardDollarsSchema,
  email: emailSchema,
});

export interface GiftCardCheckoutAnswer {
  checkoutUrl: string;
}

const SHOP_STATUS: Record<string, number> = { unreachable: 503, 'not-in-shop': 422 };

/**
 * POST /api/shop/gift-cards/: a gift card's checkout, for anyone (a gift card is often bought by someone who is not a
 * customer yet), counted per client like holds so nobody fills the shop with carts. The amount must be one the owner
 * sells; the answer is the shop's checkout address, or a sentence for the person.
 */
export const handleGiftCardCheckout = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(db, 'giftcardcheckout', { client: clientAddress(request) });
  const body = await parseJsonBody(request, giftCardCheckoutSchema);
  const amounts = await giftCardAmounts(db);
  if (!amounts.includes(body.dollars)) {
    throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', {
      dollars: `Choose one of the amounts offered: ${amounts.map((dollars) => `$${dollars}`).join(', ')}.`,
    });
  }
  const session = await getSession(request);
  try {
    const started = await startGiftCardCheckout({ dollars: body.dollars, email: body.email, userId: session?.user.id ?? null });
    const answer: GiftCardCheckoutAnswer = { checkoutUrl: started.checkoutUrl };
    return json(answer);
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    const status = SHOP_STATUS[error.code] ?? 502;
    if (status >= 500) console.error(`[shop] gift-card checkout failed: ${error.message}`);
    return json({ error: { code: error.code, message: shopErrorMessage(error.code) } }, { status });
  }
});

export const giftCardAmountsBodySchema = z.object({ amounts: giftCardAmountsSchema });

/** GET /api/desk/gift-cards/: the amounts on sale. PUT: the owner sets them (logged). */
export const handleGiftCardAmountsRead = apiHandler(async (request) => {
  await requireOwner(request);
  return json({ amounts: await giftCardAmounts(await getDb()) });
});

export const handleGiftCardAmountsWrite = apiHandler(async (request) => {
  const owner = await requireOwner(request);
  const body = await parseJsonBody(request, giftCardAmountsBodySchema);
  const saved = await saveGiftCardAmounts(await getDb(), body.amounts, { userId: owner.user.id, name: owner.user.name });
  return json(saved);
});

import 'server-only';
import { giftCardSku } from '@/lib/gift-cards/amounts';
import { isShopCheckoutUrl } from './config';
import { ShopError } from './errors';
import { addToCart, createGiftCardCart, getSkuVariantMap } from './index';

export interface GiftCardCheckoutRequest {
  /** One of the owner's amounts (the caller checks it against the list). */
  dollars: number;
  /** Where the store mails the code. */
  email: string;
  /** The signed-in customer, if any. */
  userId?: string | null;
}

/**
 * A gift card's checkout: a cart of its own with one line, the gift-card variant of the amount (sku GIFT-CARD-{n}),
 * and the checkout address (on the configured shop only) to send the browser to. The store issues the code and
 * mails it when the order is paid; the site credits nothing for it (lib/shopify/orders.ts skips gift-card lines).
 */
export async function startGiftCardCheckout(request: GiftCardCheckoutRequest): Promise<{ checkoutId: string; checkoutUrl: string }> {
  const sku = giftCardSku(request.dollars);
  const variantId = (await getSkuVariantMap()).get(sku);
  if (!variantId) throw new ShopError('not-in-shop', `The shop has no gift-card variant with sku ${sku}`);
  let cart = await createGiftCardCart(request.email, request.userId);
  cart = await addToCart(cart.id, [{ merchandiseId: variantId, quantity: 1 }]);
  if (!isShopCheckoutUrl(cart.checkoutUrl)) throw new ShopError('bad-checkout-url', `Checkout address on an unexpected host: ${cart.checkoutUrl}`);
  return { checkoutId: cart.id, checkoutUrl: cart.checkoutUrl };
}

import 'server-only';
import { addToCart, createCart, getSkuVariantMap, isShopCheckoutUrl, ShopError, type Buyer } from '@/lib/shopify';
import { DEPOSIT_ATTRIBUTE, DEPOSIT_SKU } from '@/lib/shopify/constants';

export interface DepositCheckout {
  cartId: string;
  checkoutUrl: string;
}

/**
 * The deposit's own cart at the salon's store (issue 37, docs/decisions.md 'Deposits'): a new cart every time, never
 * the customer's package cart (lib/shopify/checkout.ts) and never remembered for it, holding one line of the $1.00
 * deposit variant times the dollars due, with the visit's reference in the 'deposit' attribute beside 'userid'.
 */
export async function startDepositCheckout(buyer: Buyer, depositId: string, cents: number): Promise<DepositCheckout> {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents % 100 !== 0) throw new RangeError(`A deposit checkout is whole dollars, not ${cents} cents.`);
  const variantId = (await getSkuVariantMap()).get(DEPOSIT_SKU);
  if (!variantId) throw new ShopError('not-in-shop', `The shop has no variant with sku ${DEPOSIT_SKU}: create the deposit product (README, 'Deposits, gift cards and the Shopify store')`);
  const created = await createCart(buyer, [{ key: DEPOSIT_ATTRIBUTE, value: depositId }]);
  const cart = await addToCart(created.id, [{ merchandiseId: variantId, quantity: cents / 100 }]);
  if (!isShopCheckoutUrl(cart.checkoutUrl)) throw new ShopError('bad-checkout-url', `Checkout address on an unexpected host: ${cart.checkoutUrl}`);
  return { cartId: cart.id, checkoutUrl: cart.checkoutUrl };
}

import 'server-only';
import { allGroupedPackages, type GroupedPackage } from '@/lib/catalog/catalog';
import { isShopCheckoutUrl } from './config';
import { discountCodeFor } from './constants';
import { EMPTY_BOOKING_CART, ONE_ITEM_ONLY, ShopError } from './errors';
import { addToCart, createCart, getCart, getSkuVariantMap, removeFromCart, updateDiscountCodes } from './index';
import type { Buyer, Cart } from './types';

export interface CheckoutRequest {
  buyer: Buyer;
  /** The shop cart's product-variant ids (pvId GUIDs of packages and bundles). */
  pvIds: readonly string[];
  /** The shop cart's stored checkout id (the Shopify cart id of an earlier checkout), if any. */
  checkoutId?: string | null;
}

export interface CheckoutStarted {
  checkoutId: string;
  checkoutUrl: string;
}

function offerById(pvId: string): GroupedPackage | undefined {
  return allGroupedPackages().find((offer) => offer.pvId.toLowerCase() === pvId.toLowerCase());
}

/** The user's cart from an earlier checkout, if the shop still has it unfinished and it is theirs. */
async function reusableCart(buyer: Buyer, checkoutId: string | null | undefined): Promise<Cart | undefined> {
  if (!checkoutId) return undefined;
  const cart = await getCart(checkoutId);
  // Completed and expired carts read as undefined: a new one replaces them. A cart of someone else is not touched.
  if (!cart || cart.note !== buyer.userId) return undefined;
  return cart;
}

/**
 * Specification section 4's checkout flow on the Cart API: match the item's sku to the shop's variant, reuse and
 * empty an unfinished cart (or create one with the buyer's email, note = user id, attributes email and userid),
 * add one line of quantity 1, apply '{n}%OFF' for a discounted item, and hand back the cart id to store and the
 * checkout address (on the configured shop only) to send the browser to.
 */
async function runCheckout(request: CheckoutRequest, rememberedCartId: string | undefined): Promise<CheckoutStarted> {
  if (request.pvIds.length === 0) {
    console.error(EMPTY_BOOKING_CART);
    throw new ShopError('empty-cart', EMPTY_BOOKING_CART);
  }
  if (request.pvIds.length > 1) throw new ShopError('too-many-items', ONE_ITEM_ONLY);
  const offer = offerById(request.pvIds[0]!);
  if (!offer) throw new ShopError('unknown-item', `No package or bundle ${request.pvIds[0]}`);

  const variantId = (await getSkuVariantMap()).get(offer.pvSku);
  if (!variantId) throw new ShopError('not-in-shop', `The shop has no variant with sku ${offer.pvSku}`);

  let cart = (await reusableCart(request.buyer, request.checkoutId)) ?? (await reusableCart(request.buyer, rememberedCartId));
  if (cart && cart.lines.length > 0) cart = await removeFromCart(cart.id, cart.lines.map((line) => line.id));
  cart ??= await createCart(request.buyer);

  cart = await addToCart(cart.id, [{ merchandiseId: variantId, quantity: 1 }]);

  const code = discountCodeFor(offer.discPrcentage);
  const codes = code ? [code] : [];
  const current = cart.discountCodes.map((discount) => discount.code);
  if (codes.join() !== current.join()) cart = await updateDiscountCodes(cart.id, codes);

  if (!isShopCheckoutUrl(cart.checkoutUrl)) throw new ShopError('bad-checkout-url', `Checkout address on an unexpected host: ${cart.checkoutUrl}`);
  return { checkoutId: cart.id, checkoutUrl: cart.checkoutUrl };
}

// A second press of CHECK OUT while the first is still running joins it, and presses of one user run one after the
// other, each reusing the cart of the one before: one person never has two carts (and two payments) in flight.
const inFlight = new Map<string, Promise<CheckoutStarted>>();
const userQueue = new Map<string, Promise<unknown>>();
const lastCartOfUser = new Map<string, { cartId: string; at: number }>();
const REMEMBER_MS = 60 * 60 * 1000;

export function startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
  const userId = request.buyer.userId;
  const key = `${userId}|${request.pvIds.join(',')}`;
  const joined = inFlight.get(key);
  if (joined) return joined;

  const previous = userQueue.get(userId) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => {
      const remembered = lastCartOfUser.get(userId);
      const rememberedId = remembered && Date.now() - remembered.at < REMEMBER_MS ? remembered.cartId : undefined;
      return runCheckout(request, rememberedId);
    })
    .then((started) => {
      lastCartOfUser.set(userId, { cartId: started.checkoutId, at: Date.now() });
      return started;
    })
    .finally(() => {
      if (inFlight.get(key) === run) inFlight.delete(key);
      if (userQueue.get(userId) === run) userQueue.delete(userId);
    });
  inFlight.set(key, run);
  userQueue.set(userId, run);
  return run;
}

/** Tests start each case without a remembered cart. */
export function forgetCheckoutsForTests(): void {
  inFlight.clear();
  userQueue.clear();
  lastCartOfUser.clear();
}

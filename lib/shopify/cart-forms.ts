import 'server-only';
import { plainFormPost, plainSentence, readCookie, seeOther } from '@/lib/api';
import { backend } from '@/lib/backend';
import { offerByPvId } from '@/lib/catalog/catalog';
import { offerOriginalPrice } from '@/lib/catalog/format';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { EMPTY_SHOP_CART, shopFromCookie, shopToCookie, type PersistedShopCart } from '@/lib/persistence/lists';
import { savedStateSetCookie } from '@/lib/persistence/server-write';
import { isGuid } from '@/lib/validation';
import { isShopFault } from './checkout-handler';
import { isShopErrorCode, ShopError, shopErrorMessage } from './errors';

/**
 * The shopping cart as a page (/cart/): what the header's Shopping Cart opens before the page's scripts run, and
 * without them. Buy (on the offers), Remove and CHECK OUT are plain POSTs that write the shop cart's cookie in the
 * stores' own format, as Buy and the drawer do in the browser: Buy puts an item in (or asks to replace the one there),
 * Remove takes it out, CHECK OUT starts the shop's checkout for the signed-in customer (the checkout route's rules,
 * lib/shopify/checkout.ts) and sends the browser to it. Signed out, sign-in returns to /cart/, not to /checkout/ as
 * the drawer's does (specification, routes): /checkout/ needs the scripts.
 */

export const CART_PAGE = '/cart/';
export const SIGN_IN_FOR_CART = `/signin/?url=${encodeURIComponent(CART_PAGE)}`;

/** One row of the cart page; an id the catalogue no longer offers keeps its row, so it can be removed. */
export interface CartLine {
  pvId: string;
  title: string;
  /** What it costs (the offer's price), and what its sessions cost one by one when that is more. */
  price: number;
  original: number;
  offered: boolean;
}

export function cartLines(pvIds: readonly string[]): CartLine[] {
  return pvIds.map((pvId) => {
    const offer = offerByPvId(pvId);
    return offer
      ? { pvId, title: offer.pvTitle, price: offer.pvPrice, original: offerOriginalPrice(offer), offered: true }
      : { pvId, title: 'An item no longer offered', price: 0, original: 0, offered: false };
  });
}

/** The sentence for the `error` of /cart/?error=…, a refusal code the checkout form sent the browser back with. */
export function cartRefusal(code: unknown): string | undefined {
  return isShopErrorCode(code) ? shopErrorMessage(code) : undefined;
}

function cartOf(request: Request): PersistedShopCart {
  return shopFromCookie(readCookie(request, COOKIE_NAMES.shop)) ?? EMPTY_SHOP_CART;
}

function guarded(request: Request, run: () => Promise<Response>): Promise<Response> {
  return plainFormPost(request, run, (error) => {
    console.error('[shop] cart page form failed', error);
    return plainSentence(500, 'Your cart could not be changed just now. Please go back and try again.');
  });
}

/** The package or bundle the catalogue offers under this id, for the cart page's offer to replace (?offer=…). */
export function offeredItem(pvId: unknown): CartLine | undefined {
  if (!isGuid(pvId)) return undefined;
  const [line] = cartLines([pvId]);
  return line?.offered ? line : undefined;
}

/**
 * POST /cart/add/ with `item` (a pvId): a package's or bundle's Buy before the scripts run and without them (after,
 * the button does it in the browser). Into an empty cart, then the cart page; while the cart holds another item, the
 * cart page asks whether to replace it (?offer=…), one item being checked out at a time; with `replace`, the cart
 * holds this one instead. Already in the cart: the cart page as it is.
 */
export function addToCartHandler(request: Request): Promise<Response> {
  return guarded(request, async () => {
    const form = await request.formData().catch(() => undefined);
    const item = offeredItem(form?.get('item'));
    if (!item) return plainSentence(400, 'That package or bundle could not be found. Please go back and choose again.');
    const cart = cartOf(request);
    const held = cart.pvItems.filter((id) => id.toLowerCase() !== item.pvId.toLowerCase());
    const inCart = held.length < cart.pvItems.length;
    if (inCart && held.length === 0) return seeOther(CART_PAGE);
    if (held.length > 0 && !form?.get('replace')) return seeOther(`${CART_PAGE}?offer=${item.pvId}`);
    return seeOther(CART_PAGE, savedStateSetCookie(request, COOKIE_NAMES.shop, shopToCookie({ ...cart, pvItems: [item.pvId] })));
  });
}

/** POST /cart/remove/ with `item` (a pvId): the cart without it, back to /cart/. An item not in the cart changes nothing. */
export function removeFromCartHandler(request: Request): Promise<Response> {
  return guarded(request, async () => {
    const form = await request.formData().catch(() => undefined);
    const item = form?.get('item');
    if (!isGuid(item)) return plainSentence(400, 'That item could not be read. Please go back and try again.');
    const cart = cartOf(request);
    const kept = cart.pvItems.filter((id) => id.toLowerCase() !== item.toLowerCase());
    if (kept.length === cart.pvItems.length) return seeOther(CART_PAGE);
    return seeOther(CART_PAGE, savedStateSetCookie(request, COOKIE_NAMES.shop, shopToCookie({ ...cart, pvItems: kept })));
  });
}

/**
 * POST /cart/checkout/: the shop's checkout of this browser's cart for the signed-in customer (the session, as the
 * checkout route asks), then to the checkout address with the shop's cart id kept in the cart's cookie, as the
 * browser's CHECK OUT keeps it. Signed out, to sign in and back; a refusal back to /cart/ with its code, which the
 * page says in a sentence.
 */
export function checkoutFromCartHandler(request: Request): Promise<Response> {
  return guarded(request, async () => {
    const buyer = await backend().buyer(request);
    if (!buyer) return seeOther(SIGN_IN_FOR_CART);
    const cart = cartOf(request);
    try {
      const started = await backend().startCheckout({ buyer, pvIds: cart.pvItems, checkoutId: cart.header.checkoutId || undefined });
      const kept = { ...cart, header: { ...cart.header, checkoutId: started.checkoutId } };
      return seeOther(started.checkoutUrl, savedStateSetCookie(request, COOKIE_NAMES.shop, shopToCookie(kept)));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      if (isShopFault(error.code)) console.error(`[shop] checkout from the cart page failed: ${error.message}`);
      return seeOther(`${CART_PAGE}?error=${error.code}`);
    }
  });
}

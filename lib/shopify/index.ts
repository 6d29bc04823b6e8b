import 'server-only';
import { MAX_PRODUCT_PAGES, PRODUCT_PAGE_SIZE, SKU_MAP_TTL_MS } from './constants';
import { shopifyFetch } from './client';
import { CHECKOUT_ID_MISSING, ShopError } from './errors';
import { addToCartMutation, createCartMutation, removeFromCartMutation, updateDiscountCodesMutation, updateGiftCardCodesMutation } from './mutations/cart';
import { getCartQuery } from './queries/cart';
import { getProductSkusQuery } from './queries/product';
import type {
  Buyer,
  Cart,
  CartLine,
  Money,
  ShopifyAddToCartOperation,
  ShopifyCart,
  ShopifyCartOperation,
  ShopifyCartPayload,
  ShopifyCreateCartOperation,
  ShopifyMoney,
  ShopifyProductSkusOperation,
  ShopifyRemoveFromCartOperation,
  ShopifyUpdateDiscountCodesOperation,
  ShopifyUpdateGiftCardCodesOperation,
  SkuVariantMap,
} from './types';

export type { Buyer, Cart, CartLine, Money, SkuVariantMap } from './types';
export { ShopError, shopErrorMessage, CHECKOUT_ID_MISSING, EMPTY_BOOKING_CART, ONE_ITEM_ONLY, type ShopErrorCode } from './errors';
export { isDemoShop, isShopCheckoutUrl, shopConfig } from './config';
export { discountCodeFor, SHOPIFY_API_VERSION } from './constants';

function reshapeMoney(money: ShopifyMoney): Money {
  return { amount: Number(money.amount), currencyCode: money.currencyCode };
}

function reshapeCart(cart: ShopifyCart): Cart {
  const lines: CartLine[] = cart.lines.nodes.map((line) => {
    const subtotal = reshapeMoney(line.cost.subtotalAmount);
    const total = reshapeMoney(line.cost.totalAmount);
    return {
      id: line.id,
      quantity: line.quantity,
      variantId: line.merchandise.id,
      sku: line.merchandise.sku,
      title: line.merchandise.title,
      productTitle: line.merchandise.product.title,
      subtotal,
      total,
      discount: { amount: Math.round((subtotal.amount - total.amount) * 100) / 100, currencyCode: total.currencyCode },
    };
  });
  return {
    id: cart.id,
    checkoutUrl: cart.checkoutUrl,
    note: cart.note,
    email: cart.buyerIdentity.email,
    attributes: Object.fromEntries(cart.attributes.map(({ key, value }) => [key, value ?? ''])),
    discountCodes: cart.discountCodes,
    appliedGiftCards: cart.appliedGiftCards.map((card) => ({
      lastCharacters: card.lastCharacters,
      amountUsed: reshapeMoney(card.amountUsed),
      balance: reshapeMoney(card.balance),
    })),
    lines,
    totalQuantity: cart.totalQuantity,
    subtotal: reshapeMoney(cart.cost.subtotalAmount),
    total: reshapeMoney(cart.cost.totalAmount),
  };
}

/** A cart mutation's payload: user errors stop the step; the cart must come back. */
function reshapePayload(step: string, payload: ShopifyCartPayload): Cart {
  if (payload.userErrors.length) {
    throw new ShopError('shop-error', `${step}: ${payload.userErrors.map((error) => `${error.code ?? ''} ${error.message}`.trim()).join('; ')}`);
  }
  if (!payload.cart) throw new ShopError('shop-error', `${step}: no cart in the answer`);
  return reshapeCart(payload.cart);
}

function requireCartId(cartId: string | null | undefined): string {
  if (!cartId) throw new ShopError('checkout-id-missing', CHECKOUT_ID_MISSING);
  return cartId;
}

// ---- The sku-to-variant map ----

let skuMap: { map: SkuVariantMap; expires: number } | undefined;
let skuMapLoading: Promise<SkuVariantMap> | undefined;

async function loadSkuVariantMap(): Promise<SkuVariantMap> {
  const map = new Map<string, string>();
  let after: string | null = null;
  for (let page = 0; page < MAX_PRODUCT_PAGES; page += 1) {
    const data: ShopifyProductSkusOperation['data'] = await shopifyFetch<ShopifyProductSkusOperation>(getProductSkusQuery, {
      first: PRODUCT_PAGE_SIZE,
      after,
    });
    for (const product of data.products.nodes) {
      for (const variant of product.variants.nodes) {
        if (variant.sku && !map.has(variant.sku)) map.set(variant.sku, variant.id);
      }
    }
    if (!data.products.pageInfo.hasNextPage || !data.products.pageInfo.endCursor) break;
    after = data.products.pageInfo.endCursor;
  }
  return map;
}

/**
 * sku -> variant id from the shop's product list (sorted by id, 250 a page, four pages at most), kept in this
 * server process for a while; concurrent callers share one load, and a failed load is not kept.
 */
export async function getSkuVariantMap(now: number = Date.now()): Promise<SkuVariantMap> {
  if (skuMap && skuMap.expires > now) return skuMap.map;
  skuMapLoading ??= loadSkuVariantMap()
    .then((map) => {
      skuMap = { map, expires: Date.now() + SKU_MAP_TTL_MS };
      return map;
    })
    .finally(() => {
      skuMapLoading = undefined;
    });
  return skuMapLoading;
}

/** Forgets the sku map (a products webhook, or tests). */
export function revalidateSkuVariantMap(): void {
  skuMap = undefined;
}

// ---- Cart verbs ----

/** The cart, or undefined when the shop no longer has it: carts read as null once completed or expired. */
export async function getCart(cartId: string | null | undefined): Promise<Cart | undefined> {
  const data = await shopifyFetch<ShopifyCartOperation>(getCartQuery, { cartId: requireCartId(cartId) });
  return data.cart ? reshapeCart(data.cart) : undefined;
}

/**
 * A new cart for the buyer: email as buyer identity, note = user id, attributes email and userid, and any `extra`
 * attributes (a deposit cart's 'deposit').
 */
export async function createCart(buyer: Buyer, extra: ReadonlyArray<{ key: string; value: string }> = []): Promise<Cart> {
  const data = await shopifyFetch<ShopifyCreateCartOperation>(createCartMutation, {
    input: {
      buyerIdentity: { email: buyer.email },
      note: buyer.userId,
      attributes: [{ key: 'email', value: buyer.email }, { key: 'userid', value: buyer.userId }, ...extra],
    },
  });
  const cart = reshapePayload('cartCreate', data.cartCreate);
  requireCartId(cart.id);
  return cart;
}

/**
 * A cart for a gift card: the buyer's email (the store mails the code there), and when someone is signed in their id
 * as note and 'userid' (the order names who bought it); never the cart of a package (gift cards go alone).
 */
export async function createGiftCardCart(email: string, userId?: string | null): Promise<Cart> {
  const data = await shopifyFetch<ShopifyCreateCartOperation>(createCartMutation, {
    input: {
      buyerIdentity: { email },
      ...(userId ? { note: userId } : {}),
      attributes: [{ key: 'email', value: email }, ...(userId ? [{ key: 'userid', value: userId }] : []), { key: 'purchase', value: 'gift-card' }],
    },
  });
  const cart = reshapePayload('cartCreate', data.cartCreate);
  requireCartId(cart.id);
  return cart;
}

export async function addToCart(cartId: string | null | undefined, lines: ReadonlyArray<{ merchandiseId: string; quantity: number }>): Promise<Cart> {
  const data = await shopifyFetch<ShopifyAddToCartOperation>(addToCartMutation, { cartId: requireCartId(cartId), lines: [...lines] });
  return reshapePayload('cartLinesAdd', data.cartLinesAdd);
}

export async function removeFromCart(cartId: string | null | undefined, lineIds: readonly string[]): Promise<Cart> {
  const data = await shopifyFetch<ShopifyRemoveFromCartOperation>(removeFromCartMutation, { cartId: requireCartId(cartId), lineIds: [...lineIds] });
  return reshapePayload('cartLinesRemove', data.cartLinesRemove);
}

/** Sets the cart's discount codes (an empty list clears them). */
export async function updateDiscountCodes(cartId: string | null | undefined, discountCodes: readonly string[]): Promise<Cart> {
  const data = await shopifyFetch<ShopifyUpdateDiscountCodesOperation>(updateDiscountCodesMutation, {
    cartId: requireCartId(cartId),
    discountCodes: [...discountCodes],
  });
  return reshapePayload('cartDiscountCodesUpdate', data.cartDiscountCodesUpdate);
}

/** Sets the cart's gift-card codes (Storefront API 2024-07+; an empty list removes them). */
export async function updateGiftCardCodes(cartId: string | null | undefined, giftCardCodes: readonly string[]): Promise<Cart> {
  const data = await shopifyFetch<ShopifyUpdateGiftCardCodesOperation>(updateGiftCardCodesMutation, {
    cartId: requireCartId(cartId),
    giftCardCodes: [...giftCardCodes],
  });
  return reshapePayload('cartGiftCardCodesUpdate', data.cartGiftCardCodesUpdate);
}

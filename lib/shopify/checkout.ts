import 'server-only';
import { and, eq, gt, is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { isFirstVisitOffer, offerByPvId, type GroupedPackage } from '@/lib/catalog/catalog';
import { getDb, type Db, type Tx } from '@/lib/db';
import { lockForTransaction } from '@/lib/db/advisory-lock';
import { shopCheckouts } from '@/lib/db/schema';
import { deliverDue } from '@/lib/mail';
import { sharedSlotOr } from '@/lib/server/shared-slots.mjs';
import { isShopCheckoutUrl } from './config';
import { DEPOSIT_ATTRIBUTE, discountCodeFor } from './constants';
import { applyAccountCredit, creditGiftCardIssuer } from './credit-gift-card';
import { EMPTY_BOOKING_CART, ONE_ITEM_ONLY, ShopError } from './errors';
import { addToCart, createCart, getCart, getSkuVariantMap, removeFromCart, updateDiscountCodes } from './index';
import { notNewClient } from './new-client';
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

/** The user's cart from an earlier checkout, if the shop still has it unfinished and it is theirs. */
async function reusableCart(buyer: Buyer, checkoutId: string | null | undefined): Promise<Cart | undefined> {
  if (!checkoutId) return undefined;
  const cart = await getCart(checkoutId);
  // Completed and expired carts read as undefined: a new one replaces them. A cart of someone else is not touched, nor
  // a deposit's (lib/deposits/checkout.ts): a deposit and a package never share a cart.
  if (!cart || cart.note !== buyer.userId || cart.attributes[DEPOSIT_ATTRIBUTE]) return undefined;
  return cart;
}

/** The checks that need neither the shop nor the database: one known package or bundle. */
function offerOf(request: CheckoutRequest): GroupedPackage {
  if (request.pvIds.length === 0) {
    console.error(EMPTY_BOOKING_CART);
    throw new ShopError('empty-cart', EMPTY_BOOKING_CART);
  }
  if (request.pvIds.length > 1) throw new ShopError('too-many-items', ONE_ITEM_ONLY);
  const offer = offerByPvId(request.pvIds[0]!);
  if (!offer) throw new ShopError('unknown-item', `No package or bundle ${request.pvIds[0]}`);
  return offer;
}

/**
 * Specification section 4's checkout flow on the Cart API: match the item's sku to the shop's variant, reuse and
 * empty an unfinished cart (or create one with the buyer's email, note = user id, attributes email and userid),
 * add one line of quantity 1, apply '{n}%OFF' for a discounted item, and hand back the cart id to store and the
 * checkout address (on the configured shop only) to send the browser to. A reused cart that already holds exactly
 * this item is left as it is (a second press of the same item), so a checkout page the first press opened never
 * sees it emptied and refilled.
 */
/** A step on the ready cart before the browser goes: account credit applied as a store gift card. */
type CartStep = (cart: Cart) => Promise<Cart>;

async function runCheckout(request: CheckoutRequest, offer: GroupedPackage, rememberedCartId: string | undefined, credit?: CartStep): Promise<CheckoutStarted> {
  const variantId = (await getSkuVariantMap()).get(offer.pvSku);
  if (!variantId) throw new ShopError('not-in-shop', `The shop has no variant with sku ${offer.pvSku}`);

  let cart = (await reusableCart(request.buyer, request.checkoutId)) ?? (await reusableCart(request.buyer, rememberedCartId));
  const holdsThisItem = cart?.lines.length === 1 && cart.lines[0]!.variantId === variantId && cart.lines[0]!.quantity === 1;
  if (!cart || !holdsThisItem) {
    if (cart && cart.lines.length > 0) cart = await removeFromCart(cart.id, cart.lines.map((line) => line.id));
    cart ??= await createCart(request.buyer);
    cart = await addToCart(cart.id, [{ merchandiseId: variantId, quantity: 1 }]);
  }

  const code = discountCodeFor(offer.discPrcentage);
  const codes = code ? [code] : [];
  const current = cart.discountCodes.map((discount) => discount.code);
  if (codes.join() !== current.join()) cart = await updateDiscountCodes(cart.id, codes);
  if (credit) cart = await credit(cart);

  if (!isShopCheckoutUrl(cart.checkoutUrl)) throw new ShopError('bad-checkout-url', `Checkout address on an unexpected host: ${cart.checkoutUrl}`);
  return { checkoutId: cart.id, checkoutUrl: cart.checkoutUrl };
}

/**
 * CHECK OUT on a front (lib/backend/upstream.ts): it keeps no database (accounts live upstream), so the last cart is
 * remembered in this process's memory and the presses of one user wait for each other here.
 */
export async function startCheckoutInMemory(request: CheckoutRequest): Promise<CheckoutStarted> {
  const offer = offerOf(request);
  return inUserQueue(request.buyer.userId, () => checkoutWith(memoryLastCarts, request, offer));
}

/** A press that does not send its cart id reuses the user's last cart for this long. */
export const REMEMBER_CART_MINUTES = 60;

/**
 * CHECK OUT for one user, on any instance: presses of one user run one after the other, each reusing the cart of the
 * one before, so one person never has two carts (and two payments) in flight, even when two presses reach two
 * instances behind a load balancer. The database holds both what makes them wait and what they share: a
 * transaction-scoped advisory lock on the user id (lib/db/advisory-lock.ts; other users never wait for it) and the
 * user's row in `shop_checkouts` (the last cart), written before the lock is released. The shop is called while the
 * lock is held, so the transaction lasts as long as those calls (each bounded by SHOPIFY_TIMEOUT_MS) and keeps a
 * pooled connection meanwhile. PGlite runs one transaction at a time, so there a transaction around the shop calls
 * would hold up every other query of the site: PGlite belongs to one process (lib/db/data-dir-lock.mjs), so a queue
 * per user in this process serialises the presses instead, and the row is read and written in short queries. A
 * failed press leaves the last cart as it was. `db` is for tests that play two instances.
 */
export async function startCheckout(request: CheckoutRequest, db?: Db): Promise<CheckoutStarted> {
  const offer = offerOf(request);
  const userId = request.buyer.userId;
  const database = db ?? (await getDb());
  if (isFirstVisitOffer(offer)) {
    const refusal = await notNewClient(database, userId);
    if (refusal) throw new ShopError(refusal, `Customer ${userId} is not a new client (${refusal}): first-session offer ${offer.pvId} refused`);
  }
  // Account credit pays first (lib/shopify/credit-gift-card.ts); its mail goes once the press is done.
  const mails: number[] = [];
  const creditOn = (executor: Db | Tx): CartStep => async (cart) => {
    const applied = await applyAccountCredit(executor, cart, request.buyer, creditGiftCardIssuer());
    if (applied.mailId !== undefined) mails.push(applied.mailId);
    return applied.cart;
  };
  const started = is(database, PgliteDatabase)
    ? await inUserQueue(userId, () => checkoutWith(tableLastCarts(database), request, offer, creditOn(database)))
    : await database.transaction(async (tx) => {
        await lockForTransaction(tx, 'shopCheckout', userId);
        return checkoutWith(tableLastCarts(tx), request, offer, creditOn(tx));
      });
  if (mails.length > 0) {
    try {
      await deliverDue(database, { ids: mails });
    } catch (error) {
      console.error(`The credit gift-card mails ${mails.join(', ')} could not be tried now; the mail worker tries them again`, error);
    }
  }
  return started;
}

/** Where a user's last cart is remembered between presses. */
interface LastCarts {
  read(userId: string): Promise<string | undefined>;
  remember(userId: string, cartId: string, pvIds: readonly string[]): Promise<void>;
}

/** The `shop_checkouts` table, shared by every instance on one database. */
function tableLastCarts(tx: Db | Tx): LastCarts {
  return {
    async read(userId) {
      const [last] = await tx
        .select({ cartId: shopCheckouts.cartId })
        .from(shopCheckouts)
        .where(and(eq(shopCheckouts.userId, userId), gt(shopCheckouts.updatedAt, sql`now() - make_interval(mins => ${REMEMBER_CART_MINUTES})`)));
      return last?.cartId;
    },
    async remember(userId, cartId, pvIds) {
      const row = { cartId, pvIds: [...pvIds], updatedAt: sql`now()` };
      await tx
        .insert(shopCheckouts)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: shopCheckouts.userId, set: row });
    },
  };
}

/**
 * This process's memory, for a front in proxy mode: one front remembers as the table does; several fronts behind a
 * load balancer each remember their own (the cart id the browser stores still leads each press to its cart).
 */
export interface RememberedCart {
  cartId: string;
  at: number;
}
const rememberedCarts = sharedSlotOr('lastCarts', () => new Map<string, RememberedCart>());
const memoryLastCarts: LastCarts = {
  async read(userId) {
    const last = rememberedCarts.get(userId);
    return last && Date.now() - last.at < REMEMBER_CART_MINUTES * 60_000 ? last.cartId : undefined;
  },
  async remember(userId, cartId) {
    for (const [id, entry] of rememberedCarts) if (Date.now() - entry.at >= REMEMBER_CART_MINUTES * 60_000) rememberedCarts.delete(id);
    rememberedCarts.set(userId, { cartId, at: Date.now() });
  },
};

/** One press: the user's last cart, the shop's calls, the cart remembered. Its caller makes the user's presses wait. */
async function checkoutWith(lastCarts: LastCarts, request: CheckoutRequest, offer: GroupedPackage, credit?: CartStep): Promise<CheckoutStarted> {
  const userId = request.buyer.userId;
  const started = await runCheckout(request, offer, await lastCarts.read(userId), credit);
  await lastCarts.remember(userId, started.checkoutId, request.pvIds);
  return started;
}

/**
 * The presses of each user in this process, one after the other (PGlite, which the process owns, and proxy mode). In
 * a shared slot, so that every copy of this module in the process shares it.
 */
const userQueues = sharedSlotOr('checkoutQueues', () => new Map<string, Promise<unknown>>());

async function inUserQueue<T>(userId: string, press: () => Promise<T>): Promise<T> {
  const before = userQueues.get(userId) ?? Promise.resolve();
  const mine = before.then(press, press);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  userQueues.set(userId, settled);
  try {
    return await mine;
  } finally {
    if (userQueues.get(userId) === settled) userQueues.delete(userId);
  }
}

/** Tests start each case without a remembered cart. */
export async function forgetCheckoutsForTests(db?: Db): Promise<void> {
  await (db ?? (await getDb())).delete(shopCheckouts);
}

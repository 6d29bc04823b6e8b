import 'server-only';
import { createHash } from 'node:crypto';
import { backend } from '@/lib/backend';
import { giftCardDollarsOfSku } from '@/lib/gift-cards/amounts';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import { DEPOSIT_ATTRIBUTE } from '../constants';
import type { OrderOutcome, ShopifyOrder } from '../orders';
import { allocateGiftCards, cardsOf, demoGiftCardCode, demoGiftCardId, GIFT_CARD_NO_BALANCE, type GiftCardUse } from './gift-cards';
import { demoStorefront } from './handler';
import { catalogDemoProducts, type DemoProduct } from './products';
import { priceDemoCart } from './pricing';
import { DEMO_TOKEN_PATTERN, type DemoCart, type DemoGiftCard, type DemoOrder, type DemoShopStore } from './store';
import type { DemoStorefront } from './storefront';

export interface DemoCheckoutLine {
  title: string;
  sku: string;
  quantity: number;
  subtotal: number;
  discount: number;
  total: number;
}

export type DemoCheckoutView =
  | {
      status: 'open';
      email: string | null;
      lines: DemoCheckoutLine[];
      discountCode: string | undefined;
      subtotal: number;
      discount: number;
      total: number;
      /** The applied gift cards: what each pays of this order and what it keeps (cents). */
      giftCards: Array<{ lastCharacters: string; usedCents: number; keptCents: number }>;
      /** Whether a gift card can pay anything here (gift cards do not pay for gift cards). */
      acceptsGiftCards: boolean;
      /** What is left to pay after the gift cards (cents). */
      toPayCents: number;
      /** What the page shows, as 'Pay' sends it back (checkoutFingerprint). */
      fingerprint: string;
    }
  | { status: 'paid'; order: DemoOrder }
  | { status: 'gone' };

/**
 * The lines and total a checkout page shows, in one string. 'Pay' sends back the one its page showed: a cart
 * changed meanwhile (CHECK OUT again in another tab refills the same checkout) is not paid for unseen.
 */
function checkoutFingerprint({ lines, pricing }: ReturnType<typeof priced>, uses: readonly GiftCardUse[]): string {
  const cards = uses.map((use) => `${use.card.code.slice(-4)}:${use.usedCents}`).join(',');
  return `${lines
    .map(({ line, product }) => `${product.sku}x${line.quantity}`)
    .sort()
    .join(',')}=${pricing.total.toFixed(2)}${cards ? `|${cards}` : ''}`;
}

export interface DemoCheckoutDeps {
  storefront: DemoStorefront;
  store: DemoShopStore;
  products: () => readonly DemoProduct[];
  now: () => Date;
  recordOrder: (order: ShopifyOrder, source: 'demo') => Promise<OrderOutcome>;
  /** Mails the codes of the gift cards an order bought (once per card). */
  mailGiftCards: (cards: readonly DemoGiftCard[]) => Promise<unknown>;
}

function defaultDeps(): DemoCheckoutDeps {
  const storefront = demoStorefront();
  // The backend credits the order (upstream on a front, where accounts and packages live) and mails the codes.
  const chosen = backend();
  return {
    storefront,
    store: storefront.store,
    products: catalogDemoProducts,
    now: () => new Date(),
    recordOrder: (order, source) => chosen.creditPaidOrder(order, source),
    mailGiftCards: (cards) => chosen.mailGiftCards(cards),
  };
}

function priced(cart: DemoCart, products: readonly DemoProduct[]) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = cart.lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ line, product }] : [];
  });
  const pricing = priceDemoCart(
    lines.map(({ line, product }) => ({ price: product.price, quantity: line.quantity })),
    cart.discountCodes,
  );
  // Gift cards pay for everything but gift cards.
  const payableCents = Math.round(lines.reduce((sum, { product }, index) => sum + (product.giftCard ? 0 : pricing.lines[index]!.total), 0) * 100);
  return { lines, pricing, payableCents };
}

const titleOf = (product: DemoProduct) => (product.variantTitle ? `${product.title} ${product.variantTitle}` : product.title);

async function giftCardUses(cart: DemoCart, store: DemoShopStore, payableCents: number): Promise<GiftCardUse[]> {
  return allocateGiftCards(await cardsOf(store, cart.giftCardCodes), payableCents);
}

/** What the demo hosted checkout page shows for a cart token: the open cart, its paid order, or nothing. */
export async function demoCheckoutView(token: string, deps: DemoCheckoutDeps = defaultDeps()): Promise<DemoCheckoutView> {
  if (!DEMO_TOKEN_PATTERN.test(token)) return { status: 'gone' };
  const order = await deps.store.readOrder(token);
  if (order) return { status: 'paid', order };
  const cart = await deps.storefront.liveCart(`gid://shopify/Cart/${token}`);
  if (!cart) return { status: 'gone' };
  const shown = priced(cart, deps.products());
  const { lines, pricing } = shown;
  const uses = await giftCardUses(cart, deps.store, shown.payableCents);
  const giftCardCents = uses.reduce((sum, use) => sum + use.usedCents, 0);
  return {
    status: 'open',
    email: cart.email,
    lines: lines.map(({ line, product }, index) => ({
      title: titleOf(product),
      sku: product.sku,
      quantity: line.quantity,
      subtotal: pricing.lines[index]!.subtotal,
      discount: pricing.lines[index]!.discount,
      total: pricing.lines[index]!.total,
    })),
    discountCode: pricing.appliedCode,
    subtotal: Math.round(pricing.lines.reduce((sum, line) => sum + line.subtotal, 0) * 100) / 100,
    discount: Math.round(pricing.lines.reduce((sum, line) => sum + line.discount, 0) * 100) / 100,
    total: pricing.total,
    giftCards: uses.map((use) => ({ lastCharacters: use.card.code.slice(-4), usedCents: use.usedCents, keptCents: use.balanceCents - use.usedCents })),
    acceptsGiftCards: shown.payableCents > 0,
    toPayCents: Math.round(pricing.total * 100) - giftCardCents,
    fingerprint: checkoutFingerprint(shown, uses),
  };
}

/** The visit a deposit order pays for (its 'deposit' attribute, lib/deposits/checkout.ts), or undefined. */
export function depositReference(order: Pick<DemoOrder, 'attributes'>): string | undefined {
  const value = order.attributes.find((attribute) => attribute.key === DEPOSIT_ATTRIBUTE)?.value;
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value.toLowerCase() : undefined;
}

export type DemoGiftCardResult = { status: 'applied' } | { status: 'refused'; reason: 'invalid' | 'spent' } | { status: 'gone' };

/**
 * The demo checkout's gift-card field: adds a code to the cart's (through the storefront's cartGiftCardCodesUpdate),
 * or removes the applied ones when `code` is empty.
 */
export async function applyDemoGiftCard(token: string, code: string, deps: DemoCheckoutDeps = defaultDeps()): Promise<DemoGiftCardResult> {
  if (!DEMO_TOKEN_PATTERN.test(token)) return { status: 'gone' };
  const cartId = `gid://shopify/Cart/${token}`;
  const cart = await deps.storefront.liveCart(cartId);
  if (!cart) return { status: 'gone' };
  const codes = code.trim() ? [...cart.giftCardCodes, code] : [];
  const answer = await deps.storefront.updateGiftCardCodes(cartId, codes);
  if (answer.userErrors.length) return { status: 'refused', reason: answer.userErrors[0]!.message === GIFT_CARD_NO_BALANCE ? 'spent' : 'invalid' };
  return { status: 'applied' };
}

/** One cart, one order number, whoever presses 'Pay' and however often. */
function orderIdOf(token: string): number {
  return Number.parseInt(createHash('sha256').update(token).digest('hex').slice(0, 12), 16);
}

/** The order as Shopify's orders/paid webhook would send it, so the demo runs the production crediting path. */
export function orderWebhookPayload(order: DemoOrder): ShopifyOrder {
  return {
    id: order.id,
    name: order.name,
    email: order.email,
    note: order.note,
    financial_status: 'paid',
    cancelled_at: null,
    note_attributes: order.attributes.map(({ key, value }) => ({ name: key, value })),
    line_items: order.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, title: line.title })),
  };
}

export type DemoPayResult = { status: 'paid'; order: DemoOrder; outcome: OrderOutcome | undefined } | { status: 'gone' } | { status: 'empty' } | { status: 'changed' };

/**
 * 'Pay' on the demo checkout: completes the cart into an order (once: the order is claimed by cart token), takes
 * what the applied gift cards pay from their balances (once per order), issues and mails a code for each gift card
 * bought (once per card), then hands the order to the same handler Shopify's webhook reaches, which credits it once
 * per order id. `shown` is the fingerprint of what the paying page showed: a cart or a gift card's balance changed
 * since answers 'changed', and nothing is paid. Presses in this process run one at a time, so two carts never spend
 * one balance twice (the demo store's files are this process's; a real store keeps its own balances).
 */
export async function payDemoCheckout(token: string, deps: DemoCheckoutDeps = defaultDeps(), shown?: string): Promise<DemoPayResult> {
  if (!DEMO_TOKEN_PATTERN.test(token)) return { status: 'gone' };
  const completed = await oneAtATime(() => completeOrder(token, deps, shown));
  if (completed.status !== 'paid') return completed;
  const { order } = completed;
  // Run on every press: crediting is idempotent per order, and a press after a failed credit completes it. An order
  // of gift cards only has nothing for the site to credit: the store issued them.
  const forTheSite = order.lines.some((line) => giftCardDollarsOfSku(line.sku) === undefined);
  const outcome = forTheSite ? await deps.recordOrder(orderWebhookPayload(order), 'demo') : undefined;
  return { status: 'paid', order, outcome };
}

async function completeOrder(token: string, deps: DemoCheckoutDeps, shown: string | undefined): Promise<{ status: 'paid'; order: DemoOrder } | { status: 'gone' | 'empty' | 'changed' }> {
  let order = await deps.store.readOrder(token);
  if (!order) {
    const cart = await deps.storefront.liveCart(`gid://shopify/Cart/${token}`);
    if (!cart) return { status: 'gone' };
    const pricedCart = priced(cart, deps.products());
    const { lines, pricing } = pricedCart;
    if (lines.length === 0) return { status: 'empty' };
    const uses = (await giftCardUses(cart, deps.store, pricedCart.payableCents)).filter((use) => use.usedCents > 0);
    const now = checkoutFingerprint(pricedCart, uses);
    if (shown !== undefined && shown !== now) return { status: 'changed' };
    const id = orderIdOf(token);
    const giftCardCents = uses.reduce((sum, use) => sum + use.usedCents, 0);
    const candidate: DemoOrder = {
      id,
      name: `#D${String(id).slice(-6)}`,
      createdAt: deps.now().toISOString(),
      email: cart.email,
      note: cart.note,
      attributes: cart.attributes,
      discountCodes: pricing.appliedCode
        ? [{ code: pricing.appliedCode, amount: Math.round(pricing.lines.reduce((sum, line) => sum + line.discount, 0) * 100) / 100 }]
        : [],
      lines: lines.map(({ line, product }) => ({ variantId: product.id, sku: product.sku, title: titleOf(product), quantity: line.quantity, price: product.price })),
      subtotal: Math.round(pricing.lines.reduce((sum, line) => sum + line.subtotal, 0) * 100) / 100,
      total: pricing.total,
      giftCards: uses.map((use) => ({ id: demoGiftCardId(use.card.code), code: use.card.code, lastCharacters: use.card.code.slice(-4), cents: use.usedCents })),
      chargedCents: Math.round(pricing.total * 100) - giftCardCents,
    };
    await deps.store.claimOrder(token, candidate);
    order = (await deps.store.readOrder(token)) ?? candidate;
  }
  await debitGiftCards(order, deps.store);
  await deps.mailGiftCards(await issueGiftCards(token, order, deps.store));
  return { status: 'paid', order };
}

/** Takes each applied card's part of the order from its balance, unless this order already did. */
async function debitGiftCards(order: DemoOrder, store: DemoShopStore): Promise<void> {
  for (const use of order.giftCards) {
    const card = await store.readGiftCard(use.code);
    if (!card) throw new Error(`Demo gift card ${use.lastCharacters} of order ${order.id} is missing`);
    if (card.debits.some((debit) => debit.orderId === order.id)) continue;
    await store.writeGiftCard({ ...card, debits: [...card.debits, { orderId: order.id, cents: use.cents }] });
  }
}

/** One card per gift card bought (a line of quantity 2 is two cards), each stored once under its derived code. */
async function issueGiftCards(token: string, order: DemoOrder, store: DemoShopStore): Promise<DemoGiftCard[]> {
  const cards: DemoGiftCard[] = [];
  for (const line of order.lines) {
    const dollars = giftCardDollarsOfSku(line.sku);
    if (dollars === undefined) continue;
    for (let unit = 0; unit < line.quantity; unit += 1) {
      const code = demoGiftCardCode(token, cards.length);
      const card: DemoGiftCard = { id: demoGiftCardId(code), code, initialCents: dollars * 100, email: order.email, orderId: order.id, createdAt: order.createdAt, debits: [] };
      await store.issueGiftCard(card);
      cards.push(card);
    }
  }
  return cards;
}

async function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const mine = (sharedSlot('demoPayQueue') ?? Promise.resolve()).then(task, task);
  setSharedSlot(
    'demoPayQueue',
    mine.then(
      () => undefined,
      () => undefined,
    ),
  );
  return mine;
}

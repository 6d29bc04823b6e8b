import 'server-only';
import { createHash } from 'node:crypto';
import { proxyEnabled } from '@/lib/env';
import { DEPOSIT_ATTRIBUTE } from '../constants';
import { recordPaidOrder, type OrderOutcome, type ShopifyOrder } from '../orders';
import { creditOrderUpstream } from '../upstream-orders';
import { demoStorefront } from './handler';
import { catalogDemoProducts, type DemoProduct } from './products';
import { priceDemoCart } from './pricing';
import { DEMO_TOKEN_PATTERN, type DemoCart, type DemoOrder, type DemoShopStore } from './store';
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
      /** What the page shows, as 'Pay' sends it back (checkoutFingerprint). */
      fingerprint: string;
    }
  | { status: 'paid'; order: DemoOrder }
  | { status: 'gone' };

/**
 * The lines and total a checkout page shows, in one string. 'Pay' sends back the one its page showed: a cart
 * changed meanwhile (CHECK OUT again in another tab refills the same checkout) is not paid for unseen.
 */
function checkoutFingerprint({ lines, pricing }: ReturnType<typeof priced>): string {
  return `${lines
    .map(({ line, product }) => `${product.sku}x${line.quantity}`)
    .sort()
    .join(',')}=${pricing.total.toFixed(2)}`;
}

export interface DemoCheckoutDeps {
  storefront: DemoStorefront;
  store: DemoShopStore;
  products: () => readonly DemoProduct[];
  now: () => Date;
  recordOrder: (order: ShopifyOrder, source: 'demo') => Promise<OrderOutcome>;
}

function defaultDeps(): DemoCheckoutDeps {
  const storefront = demoStorefront();
  // Proxy mode: accounts and packages live upstream, so the order is credited there.
  const recordOrder = proxyEnabled() ? creditOrderUpstream : recordPaidOrder;
  return { storefront, store: storefront.store, products: catalogDemoProducts, now: () => new Date(), recordOrder };
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
  return { lines, pricing };
}

/** What the demo hosted checkout page shows for a cart token: the open cart, its paid order, or nothing. */
export async function demoCheckoutView(token: string, deps: DemoCheckoutDeps = defaultDeps()): Promise<DemoCheckoutView> {
  if (!DEMO_TOKEN_PATTERN.test(token)) return { status: 'gone' };
  const order = await deps.store.readOrder(token);
  if (order) return { status: 'paid', order };
  const cart = await deps.storefront.liveCart(`gid://shopify/Cart/${token}`);
  if (!cart) return { status: 'gone' };
  const { lines, pricing } = priced(cart, deps.products());
  return {
    status: 'open',
    email: cart.email,
    lines: lines.map(({ line, product }, index) => ({
      title: product.title,
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
    fingerprint: checkoutFingerprint({ lines, pricing }),
  };
}

/** The visit a deposit order pays for (its 'deposit' attribute, lib/deposits/checkout.ts), or undefined. */
export function depositReference(order: Pick<DemoOrder, 'attributes'>): string | undefined {
  const value = order.attributes.find((attribute) => attribute.key === DEPOSIT_ATTRIBUTE)?.value;
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value.toLowerCase() : undefined;
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

export type DemoPayResult = { status: 'paid'; order: DemoOrder; outcome: OrderOutcome } | { status: 'gone' } | { status: 'empty' } | { status: 'changed' };

/**
 * 'Pay' on the demo checkout: completes the cart into an order (once: the order is claimed by cart token), then
 * hands the order to the same handler Shopify's webhook reaches, which credits it once per order id. `shown` is the
 * fingerprint of what the paying page showed: a cart changed since answers 'changed', and nothing is paid.
 */
export async function payDemoCheckout(token: string, deps: DemoCheckoutDeps = defaultDeps(), shown?: string): Promise<DemoPayResult> {
  if (!DEMO_TOKEN_PATTERN.test(token)) return { status: 'gone' };
  let order = await deps.store.readOrder(token);
  if (!order) {
    const cart = await deps.storefront.liveCart(`gid://shopify/Cart/${token}`);
    if (!cart) return { status: 'gone' };
    const { lines, pricing } = priced(cart, deps.products());
    if (lines.length === 0) return { status: 'empty' };
    const now = checkoutFingerprint({ lines, pricing });
    if (shown !== undefined && shown !== now) return { status: 'changed' };
    const id = orderIdOf(token);
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
      lines: lines.map(({ line, product }) => ({ variantId: product.id, sku: product.sku, title: product.title, quantity: line.quantity, price: product.price })),
      subtotal: Math.round(pricing.lines.reduce((sum, line) => sum + line.subtotal, 0) * 100) / 100,
      total: pricing.total,
    };
    await deps.store.claimOrder(token, candidate);
    order = (await deps.store.readOrder(token)) ?? candidate;
  }
  // Run on every press: crediting is idempotent per order, and a press after a failed credit completes it.
  const outcome = await deps.recordOrder(orderWebhookPayload(order), 'demo');
  return { status: 'paid', order, outcome };
}

import { eq } from 'drizzle-orm';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { ownedPackages } from '@/lib/booking/packages';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { setShopifyFetchForTests } from './client';
import { forgetCheckoutsForTests, startCheckout } from './checkout';
import { demoCheckoutView, payDemoCheckout, type DemoCheckoutDeps } from './demo/checkout';
import { catalogDemoProducts } from './demo/products';
import { installDemoShop } from './demo/testing';
import { recordPaidOrder, signShopifyWebhook, verifyShopifyWebhook, type ShopifyOrder } from './orders';
import { revalidateSkuVariantMap } from './index';

jest.setTimeout(120_000);
createTempDataDir('shop-orders-');
afterAll(closeDb);

const threeSessions = () => allGroupedPackages().find((offer) => offer.pvType === 3 && offer.pvQtyCombined === 3 && offer.discPrcentage)!;

function order(customerId: string, overrides: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: Math.floor(Math.random() * 1e12) + 1,
    name: '#1001',
    email: 'ana@example.com',
    note: customerId,
    financial_status: 'paid',
    cancelled_at: null,
    note_attributes: [
      { name: 'email', value: 'ana@example.com' },
      { name: 'userid', value: customerId },
    ],
    line_items: [{ sku: threeSessions().pvSku, quantity: 1 }],
    ...overrides,
  };
}

async function sessionsOf(customerId: string) {
  return ownedPackages(await getDb(), customerId);
}

describe('the Shopify webhook signature', () => {
  it('accepts the HMAC of the exact body with the secret and refuses anything else', () => {
    const body = JSON.stringify({ id: 1 });
    const signature = signShopifyWebhook(body, 'shhh-secret');
    expect(verifyShopifyWebhook(body, signature, 'shhh-secret')).toBe(true);
    expect(verifyShopifyWebhook(`${body} `, signature, 'shhh-secret')).toBe(false);
    expect(verifyShopifyWebhook(body, signature, 'other-secret')).toBe(false);
    expect(verifyShopifyWebhook(body, null, 'shhh-secret')).toBe(false);
    expect(verifyShopifyWebhook(body, 'not base64 !!', 'shhh-secret')).toBe(false);
  });
});

describe('a paid order', () => {
  it("credits the package's sessions to the customer named by the checkout, once per order", async () => {
    const customerId = await insertUser(await getDb());
    const paid = order(customerId);
    const first = await recordPaidOrder(paid, 'shopify');
    expect(first).toEqual({ status: 'credited', customerId, credited: [{ pvId: threeSessions().pvId, sku: threeSessions().pvSku, sessions: 3 }] });
    expect(await recordPaidOrder(paid, 'shopify')).toEqual({ status: 'duplicate', customerId });
    const owned = await sessionsOf(customerId);
    expect(owned).toEqual([expect.objectContaining({ pkgId: threeSessions().pvId.toLowerCase(), sessionsTotal: 3, sessionsLeft: 3 })]);
  });

  it('multiplies sessions by quantity and skips skus that are no package', async () => {
    const customerId = await insertUser(await getDb());
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await recordPaidOrder(order(customerId, { line_items: [{ sku: threeSessions().pvSku, quantity: 2 }, { sku: 'GIFTCARD', quantity: 1 }] }), 'shopify');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('GIFTCARD'));
    log.mockRestore();
    expect(outcome).toMatchObject({ status: 'credited', credited: [{ sessions: 6 }] });
    expect((await sessionsOf(customerId))[0]!.sessionsTotal).toBe(6);
  });

  it('ignores unpaid or cancelled orders and orders naming no known customer', async () => {
    const customerId = await insertUser(await getDb());
    expect(await recordPaidOrder(order(customerId, { financial_status: 'pending' }), 'shopify')).toMatchObject({ status: 'ignored' });
    expect(await recordPaidOrder(order(customerId, { cancelled_at: '2026-11-20T10:00:00Z' }), 'shopify')).toMatchObject({ status: 'ignored' });
    expect(await recordPaidOrder(order('not-a-guid', { note_attributes: [] }), 'shopify')).toMatchObject({ status: 'ignored' });
    expect(await recordPaidOrder(order('9d0b2c8e-0000-4000-8000-000000000000'), 'shopify')).toMatchObject({ status: 'ignored' });
    expect(await sessionsOf(customerId)).toEqual([]);
  });
});

describe('the demo hosted checkout', () => {
  beforeEach(async () => {
    await forgetCheckoutsForTests();
    revalidateSkuVariantMap();
  });
  afterEach(() => setShopifyFetchForTests(undefined));

  async function checkedOut() {
    const db = await getDb();
    const customerId = await insertUser(db);
    const [user] = await db.select().from(users).where(eq(users.id, customerId));
    const shop = installDemoShop();
    const started = await startCheckout({ buyer: { userId: customerId, email: user!.email! }, pvIds: [threeSessions().pvId] });
    const token = started.checkoutId.replace('gid://shopify/Cart/', '');
    const deps: DemoCheckoutDeps = {
      storefront: shop.storefront,
      store: shop.store,
      products: catalogDemoProducts,
      now: () => new Date(),
      recordOrder: recordPaidOrder,
      mailGiftCards: async () => undefined,
    };
    return { customerId, token, deps, shop };
  }

  it('shows the line, the discount and the total the person pays', async () => {
    const { token, deps } = await checkedOut();
    const view = await demoCheckoutView(token, deps);
    const offer = threeSessions();
    expect(view).toMatchObject({ status: 'open', discountCode: `${offer.discPrcentage}%OFF`, total: offer.pvPrice });
    if (view.status !== 'open') throw new Error('expected an open checkout');
    expect(view.lines).toEqual([expect.objectContaining({ sku: offer.pvSku, quantity: 1, total: offer.pvPrice })]);
    expect(view.discount).toBeGreaterThan(0);
    expect(view.subtotal - view.discount).toBeCloseTo(offer.pvPrice, 2);
  });

  it("'Pay' from a page that showed other contents (the cart changed in another tab) pays nothing; from the page as it is, pays", async () => {
    const { customerId, token, deps } = await checkedOut();
    const view = await demoCheckoutView(token, deps);
    if (view.status !== 'open') throw new Error('expected an open checkout');
    const stale = view.fingerprint.replace(/=.*$/, '=125.00');
    expect(await payDemoCheckout(token, deps, stale)).toEqual({ status: 'changed' });
    expect(await sessionsOf(customerId)).toEqual([]);
    expect(await demoCheckoutView(token, deps)).toMatchObject({ status: 'open' });
    expect(await payDemoCheckout(token, deps, view.fingerprint)).toMatchObject({ status: 'paid', outcome: { status: 'credited' } });
  });

  it("'Pay' completes the order, credits the sessions once however often it is pressed, and the cart is then gone", async () => {
    const { customerId, token, deps } = await checkedOut();
    const [first, second] = await Promise.all([payDemoCheckout(token, deps), payDemoCheckout(token, deps)]);
    expect(first.status).toBe('paid');
    expect(second.status).toBe('paid');
    const outcomes = [first, second].map((result) => (result.status === 'paid' ? result.outcome?.status : result.status)).sort();
    expect(outcomes).toEqual(['credited', 'duplicate']);
    const third = await payDemoCheckout(token, deps);
    expect(third).toMatchObject({ status: 'paid', outcome: { status: 'duplicate' } });
    expect((await sessionsOf(customerId)).map((owned) => owned.sessionsTotal)).toEqual([3]);
    expect(await deps.storefront.liveCart(`gid://shopify/Cart/${token}`)).toBeUndefined();
    expect(await demoCheckoutView(token, deps)).toMatchObject({ status: 'paid' });
  });

  it('answers gone for an unknown or malformed token and empty for a cart without lines', async () => {
    const { deps, shop } = await checkedOut();
    expect(await payDemoCheckout('AAAAAAAAAAAAAAAAAAAAAAAA', deps)).toEqual({ status: 'gone' });
    expect(await payDemoCheckout('../../etc/passwd', deps)).toEqual({ status: 'gone' });
    expect(await demoCheckoutView('nope', deps)).toEqual({ status: 'gone' });
    const empty = await shop.storefront.execute({ query: 'mutation { cartCreate(input: {}) { cart { id } } }' });
    const emptyToken = String((empty.data as { cartCreate: { cart: { id: string } } }).cartCreate.cart.id).replace('gid://shopify/Cart/', '');
    expect(await payDemoCheckout(emptyToken, deps)).toEqual({ status: 'empty' });
  });
});

describe('the orders webhook route logic', () => {
  const secret = 'webhook-secret-for-tests';
  const previous = process.env.SHOPIFY_WEBHOOK_SECRET;
  afterEach(() => {
    if (previous === undefined) delete process.env.SHOPIFY_WEBHOOK_SECRET;
    else process.env.SHOPIFY_WEBHOOK_SECRET = previous;
  });

  function webhook(body: string, headers: Record<string, string> = {}) {
    return new Request('http://localhost:3000/api/shop/webhooks/orders/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': signShopifyWebhook(body, secret), ...headers },
      body,
    });
  }

  it('is not there without a configured secret', async () => {
    delete process.env.SHOPIFY_WEBHOOK_SECRET;
    const { handleOrderWebhook } = await import('./webhook');
    expect((await handleOrderWebhook(webhook('{}'))).status).toBe(404);
  });

  it('refuses a wrong signature and credits nothing; credits a signed orders/paid once', async () => {
    process.env.SHOPIFY_WEBHOOK_SECRET = secret;
    const { handleOrderWebhook } = await import('./webhook');
    const customerId = await insertUser(await getDb());
    const body = JSON.stringify({ ...order(customerId), total_price: '81.00', currency: 'USD' });
    const forged = await handleOrderWebhook(webhook(body, { 'x-shopify-hmac-sha256': signShopifyWebhook(body, 'guessed-secret') }));
    expect(forged.status).toBe(401);
    expect(await sessionsOf(customerId)).toEqual([]);

    const first = await handleOrderWebhook(webhook(body));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'credited', customerId, credited: [{ sessions: 3 }] });
    const repeat = await handleOrderWebhook(webhook(body));
    expect(await repeat.json()).toEqual({ status: 'duplicate', customerId });
    expect((await sessionsOf(customerId)).map((owned) => owned.sessionsTotal)).toEqual([3]);
  });

  it('answers other topics with 200 (nothing to retry) and bad bodies with 4xx, never 500', async () => {
    process.env.SHOPIFY_WEBHOOK_SECRET = secret;
    const { handleOrderWebhook } = await import('./webhook');
    expect(await (await handleOrderWebhook(webhook('{"id":1}', { 'x-shopify-topic': 'orders/create' }))).json()).toMatchObject({ status: 'ignored' });
    expect((await handleOrderWebhook(webhook('{not json'))).status).toBe(400);
    expect((await handleOrderWebhook(webhook('{"id":"one","line_items":"x"}'))).status).toBe(422);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { authCookieValue } from '@/lib/persistence/auth';
import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { setShopifyFetchForTests } from './client';
import { handleCheckoutRequest } from './checkout-handler';
import { installDemoShop } from './demo/testing';
import { revalidateSkuVariantMap } from './index';
import { verifyShopifyWebhook, type ShopifyOrder } from './orders';
import { creditOrderUpstream } from './upstream-orders';

/** Proxy mode (SALON_API_URL): the shop checkout asks the upstream whose session it is, and paid orders credit there. */

const upstream = setUpFakeUpstream();
const dataDir = createTempDataDir('shop-checkout-proxy-', { empty: true });

const SITE = 'http://localhost:3000';
const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const offer = () => allGroupedPackages().find((candidate) => candidate.pvQtyCombined === 3 && candidate.discPrcentage)!;
const profileCookie = `BnpAuth=${authCookieValue({ id: CUSTOMER, name: 'Up Stream', email: 'up@example.com' })}`;

function post(body: unknown, cookie?: string) {
  return new Request(`${SITE}/api/shop/checkout/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'x-bnp-client-address': '203.0.113.5', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

beforeEach(() => revalidateSkuVariantMap());
afterEach(() => setShopifyFetchForTests(undefined));

describe('CHECK OUT in proxy mode', () => {
  it('starts the checkout for the customer the upstream confirms, without opening a database', async () => {
    const shop = installDemoShop();
    upstream.reply = answerJson(200, { customerId: CUSTOMER, cards: [], pkgAvailable: [] });
    const answer = await handleCheckoutRequest(post({ pvIds: [offer().pvId], checkoutId: '' }, `bnp_session=tok; ${profileCookie}`));
    expect(answer.status).toBe(200);
    expect(upstream.seen[0]).toMatchObject({ method: 'GET', url: `/api/appointments/${CUSTOMER}/` });
    expect(upstream.seen[0]?.headers.cookie).toBe(`bnp_session=tok; ${profileCookie}`);
    const cart = shop.calls.find((call) => call.operationName === 'createCart');
    expect(JSON.stringify(cart?.variables)).toContain(CUSTOMER);
    // A second press without the cart id reuses the cart this process remembers.
    const first = (await answer.json()) as { checkoutId: string };
    const again = await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, `bnp_session=tok; ${profileCookie}`));
    expect(((await again.json()) as { checkoutId: string }).checkoutId).toBe(first.checkoutId);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('is 401 without a profile, or when the upstream does not know the session; 502 when it cannot answer', async () => {
    const shop = installDemoShop();
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, 'bnp_session=tok'))).status).toBe(401);
    expect(upstream.seen).toHaveLength(0);
    upstream.reply = answerJson(401, { error: { code: 'unauthorized', message: 'Please sign in.' } });
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, profileCookie))).status).toBe(401);
    upstream.reply = answerJson(500, {});
    const failed = await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, profileCookie));
    expect(failed.status).toBe(502);
    expect(shop.calls).toHaveLength(0);
  });
});

describe('crediting a paid demo order in proxy mode', () => {
  const order: ShopifyOrder = {
    id: 42,
    name: '#D000042',
    email: 'up@example.com',
    note: CUSTOMER,
    financial_status: 'paid',
    cancelled_at: null,
    note_attributes: [{ name: 'userid', value: CUSTOMER }],
    line_items: [{ sku: offer().pvSku, quantity: 1, title: 'x' }],
  };

  afterEach(() => {
    delete process.env.SHOPIFY_WEBHOOK_SECRET;
  });

  it("posts the order to the upstream's webhook, signed with the shared secret, and reads its outcome", async () => {
    process.env.SHOPIFY_WEBHOOK_SECRET = 'shared-secret';
    const credited = { status: 'credited', customerId: CUSTOMER, credited: [{ pvId: offer().pvId, sku: offer().pvSku, sessions: 3 }] };
    upstream.reply = answerJson(200, credited);
    expect(await creditOrderUpstream(order)).toEqual(credited);
    const seen = upstream.seen[0]!;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/shop/webhooks/orders/' });
    expect(seen.headers['x-shopify-topic']).toBe('orders/paid');
    expect(verifyShopifyWebhook(seen.body, String(seen.headers['x-shopify-hmac-sha256']), 'shared-secret')).toBe(true);
    expect(JSON.parse(seen.body)).toEqual(order);
  });

  it('throws (so Pay shows an error and can be pressed again) without a secret, on a refusal or an unreadable answer', async () => {
    await expect(creditOrderUpstream(order)).rejects.toThrow(/SHOPIFY_WEBHOOK_SECRET/);
    process.env.SHOPIFY_WEBHOOK_SECRET = 'shared-secret';
    upstream.reply = answerJson(401, { error: { code: 'bad_signature', message: 'The webhook signature does not match.' } });
    await expect(creditOrderUpstream(order)).rejects.toThrow(/refused the paid order 42 \(401\)/);
    upstream.reply = answerJson(200, { ok: true });
    await expect(creditOrderUpstream(order)).rejects.toThrow(/not readable/);
  });
});

import { allGroupedPackages } from '@/lib/catalog/catalog';
import { setShopifyFetchForTests } from './client';
import { GID, MAX_PRODUCT_PAGES, PRODUCT_PAGE_SIZE, SKU_MAP_TTL_MS } from './constants';
import { installDemoShop } from './demo/testing';
import type { DemoProduct } from './demo/products';
import {
  addToCart,
  createCart,
  getCart,
  getSkuVariantMap,
  removeFromCart,
  revalidateSkuVariantMap,
  ShopError,
  updateDiscountCodes,
} from './index';

const buyer = { userId: '0b5c1c36-6f7a-4a8e-9d3e-2a1f7f0c9a11', email: 'ana@example.com' };

function products(count: number): DemoProduct[] {
  return Array.from({ length: count }, (_, i) => ({ id: 5000 - i, title: `P${i}`, handle: `p-${i}`, sku: `SKU${i}`, price: 50 }));
}

afterEach(() => {
  setShopifyFetchForTests(undefined);
  revalidateSkuVariantMap();
});

describe('the sku-to-variant map', () => {
  it("maps every catalogue package's sku, the deposit's and the gift cards' to the demo shop's variant", async () => {
    const shop = installDemoShop();
    const map = await getSkuVariantMap();
    // Every package and bundle, the deposit, and the gift card's 96 amounts ($25 to $500 in steps of $5).
    expect(map.size).toBe(allGroupedPackages().length + 1 + 96);
    expect(map.get('DEPOSIT-1')).toBe(`${GID.variant}1001`);
    expect(map.get('GIFT-CARD-50')).toMatch(new RegExp(`^${GID.variant}\\d+$`));
    const offer = allGroupedPackages()[0]!;
    expect(map.get(offer.pvSku)).toMatch(new RegExp(`^${GID.variant}\\d+$`));
    expect(shop.calls.every((call) => call.validationErrors.length === 0)).toBe(true);
    expect(shop.calls.every((call) => call.variables.first === PRODUCT_PAGE_SIZE)).toBe(true);
  });

  it('reads pages of 250 sorted by id and stops after four pages', async () => {
    const shop = installDemoShop({ products: products(1200) });
    const map = await getSkuVariantMap();
    expect(shop.operations()).toEqual(Array(MAX_PRODUCT_PAGES).fill('getProductSkus'));
    expect(shop.calls[0]!.query).toMatch(/sortKey: ID/);
    expect(shop.calls[1]!.variables.after).toEqual(expect.any(String));
    expect(map.size).toBe(1000);
    // Sorted by id: the 1000 lowest ids are in the map (ids run 5000 down to 3801).
    expect(map.get('SKU1199')).toBe(`${GID.variant}3801`);
    expect(map.has('SKU0')).toBe(false);
  });

  it('stops at the last page when the shop has fewer products', async () => {
    const shop = installDemoShop({ products: products(260) });
    expect((await getSkuVariantMap()).size).toBe(260);
    expect(shop.calls).toHaveLength(2);
  });

  it('is cached on the server: later calls read no products until it expires, and concurrent callers share one load', async () => {
    const shop = installDemoShop({ products: products(3) });
    await Promise.all([getSkuVariantMap(), getSkuVariantMap()]);
    expect(shop.calls).toHaveLength(1);
    await getSkuVariantMap();
    expect(shop.calls).toHaveLength(1);
    await getSkuVariantMap(Date.now() + SKU_MAP_TTL_MS + 1000);
    expect(shop.calls).toHaveLength(2);
  });

  it('does not keep a failed load', async () => {
    const shop = installDemoShop({ products: products(3) });
    shop.failNext('network');
    await expect(getSkuVariantMap()).rejects.toMatchObject({ code: 'unreachable' });
    expect((await getSkuVariantMap()).size).toBe(3);
  });
});

describe('cart verbs against the demo storefront', () => {
  it('create: buyer email, note = user id, attributes email and userid', async () => {
    const shop = installDemoShop();
    const cart = await createCart(buyer);
    expect(cart).toMatchObject({ email: buyer.email, note: buyer.userId, attributes: { email: buyer.email, userid: buyer.userId }, lines: [] });
    expect(shop.calls[0]!.variables).toEqual({
      input: {
        buyerIdentity: { email: buyer.email },
        note: buyer.userId,
        attributes: [
          { key: 'email', value: buyer.email },
          { key: 'userid', value: buyer.userId },
        ],
      },
    });
  });

  it('add, discount, read and remove reshape the answer into the app cart', async () => {
    const shop = installDemoShop();
    const offer = allGroupedPackages().find((candidate) => candidate.discPrcentage === 10)!;
    const variantId = (await getSkuVariantMap()).get(offer.pvSku)!;
    const created = await createCart(buyer);
    const added = await addToCart(created.id, [{ merchandiseId: variantId, quantity: 1 }]);
    expect(added.lines).toHaveLength(1);
    expect(added.lines[0]).toMatchObject({ variantId, sku: offer.pvSku, quantity: 1, productTitle: offer.pvTitle });
    const discounted = await updateDiscountCodes(created.id, ['10%OFF']);
    expect(discounted.total.amount).toBe(offer.pvPrice);
    expect(discounted.lines[0]!.discount.amount).toBeCloseTo(discounted.lines[0]!.subtotal.amount - offer.pvPrice, 2);
    expect(discounted.lines[0]!.discount.amount).toBeGreaterThan(0);
    expect(discounted.discountCodes).toEqual([{ code: '10%OFF', applicable: true }]);
    const read = await getCart(created.id);
    expect(read).toEqual(discounted);
    const emptied = await removeFromCart(created.id, read!.lines.map((line) => line.id));
    expect(emptied.lines).toEqual([]);
    expect(shop.calls.map((call) => call.validationErrors)).toEqual(shop.calls.map(() => []));
  });

  it("says 'Checkout id missing' when a step needs the cart id and it is absent", async () => {
    const shop = installDemoShop();
    await expect(getCart('')).rejects.toThrow('Checkout id missing');
    await expect(addToCart(undefined, [])).rejects.toMatchObject({ code: 'checkout-id-missing', message: 'Checkout id missing' });
    await expect(removeFromCart(null, [])).rejects.toThrow('Checkout id missing');
    await expect(updateDiscountCodes('', [])).rejects.toThrow('Checkout id missing');
    expect(shop.calls).toHaveLength(0);
  });

  it('turns user errors into a shop error', async () => {
    installDemoShop();
    const cart = await createCart(buyer);
    await expect(addToCart(cart.id, [{ merchandiseId: `${GID.variant}1`, quantity: 1 }])).rejects.toMatchObject({ code: 'shop-error' });
  });

  it.each([
    ['network', 'unreachable'],
    ['http500', 'unreachable'],
    ['graphql', 'shop-error'],
  ] as const)('turns a %s failure into ShopError(%s)', async (kind, code) => {
    const shop = installDemoShop();
    shop.failNext(kind);
    const error = await createCart(buyer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ code });
  });
});

describe('the shop settings', () => {
  const base = { SITE_URL: 'https://salon.example', SHOPIFY_STORE_DOMAIN: undefined, SHOPIFY_STOREFRONT_ACCESS_TOKEN: undefined, SHOPIFY_WEBHOOK_SECRET: undefined };

  it('use the demo storefront on the site itself when no store is configured', async () => {
    const { shopConfig, isShopCheckoutUrl } = await import('./config');
    const demo = shopConfig(base);
    expect(demo).toMatchObject({ mode: 'demo', storeDomain: 'salon.example' });
    expect(isShopCheckoutUrl('https://salon.example/demo-checkout/abc/', demo)).toBe(true);
    expect(isShopCheckoutUrl('https://evil.example/demo-checkout/abc/', demo)).toBe(false);
  });

  it('use the configured store, need its token, and accept only https checkout addresses on its host', async () => {
    const { shopConfig, isShopCheckoutUrl } = await import('./config');
    expect(() => shopConfig({ ...base, SHOPIFY_STORE_DOMAIN: 'salon.myshopify.com' })).toThrow(/SHOPIFY_STOREFRONT_ACCESS_TOKEN/);
    const real = shopConfig({ ...base, SHOPIFY_STORE_DOMAIN: 'Salon.myshopify.com', SHOPIFY_STOREFRONT_ACCESS_TOKEN: 'public-token' });
    expect(real).toMatchObject({ mode: 'shopify', storeDomain: 'salon.myshopify.com' });
    expect(isShopCheckoutUrl('https://salon.myshopify.com/cart/c/Z2NwLXVz?key=abc', real)).toBe(true);
    expect(isShopCheckoutUrl('http://salon.myshopify.com/cart/c/x', real)).toBe(false);
    expect(isShopCheckoutUrl('https://salon.myshopify.com.evil.example/cart/c/x', real)).toBe(false);
    expect(isShopCheckoutUrl('javascript:alert(1)', real)).toBe(false);
  });

  it('refuse a store domain with a scheme or a path at start-up', async () => {
    const { parseEnv } = await import('@/lib/env');
    expect(() => parseEnv({ SHOPIFY_STORE_DOMAIN: 'https://salon.myshopify.com' })).toThrow(/SHOPIFY_STORE_DOMAIN/);
    expect(parseEnv({ SHOPIFY_STORE_DOMAIN: 'salon.myshopify.com' }).SHOPIFY_STORE_DOMAIN).toBe('salon.myshopify.com');
  });
});

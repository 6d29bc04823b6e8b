import { eq, sql } from 'drizzle-orm';
import { allGroupedPackages, isFirstVisitOffer } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { appointments, customerPackages, shopCheckouts, users } from '@/lib/db/schema';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { setShopifyFetchForTests } from './client';
import { forgetCheckoutsForTests, REMEMBER_CART_MINUTES, startCheckout } from './checkout';
import { GID } from './constants';
import { installDemoShop, type InstalledDemoShop } from './demo/testing';
import { getCart, getSkuVariantMap, revalidateSkuVariantMap } from './index';
import { DEMO_CART_LIFETIME_MS } from './demo/storefront';

// The last cart of each user and the lock that queues one user's presses live in the database.
jest.setTimeout(120_000);
createTempDataDir('shop-checkout-flow-');
afterAll(closeDb);

const buyer = { userId: '0b5c1c36-6f7a-4a8e-9d3e-2a1f7f0c9a11', email: 'ana@example.com' };
const other = { userId: '7d1e2f3a-1111-4b2c-8d9e-0a1b2c3d4e5f', email: 'bo@example.com' };
const discounted = () => allGroupedPackages().find((offer) => offer.discPrcentage === 20 && offer.pvType === 3)!;
const undiscounted = () => allGroupedPackages().find((offer) => !offer.discPrcentage)!;

let errorLog: jest.SpyInstance;

beforeAll(async () => {
  const db = await getDb();
  await db.insert(users).values([buyer, other].map(({ userId, email }) => ({ id: userId, email, name: email, passwordHash: 'not-a-hash' })));
});

beforeEach(async () => {
  await forgetCheckoutsForTests();
  revalidateSkuVariantMap();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  setShopifyFetchForTests(undefined);
  errorLog.mockRestore();
});

/** The operations after the sku map was read. */
const cartOperations = (shop: ReturnType<typeof installDemoShop>) => shop.operations().filter((name) => name !== 'getProductSkus');

describe('the checkout flow (specification section 4 on the Cart API)', () => {
  it('creates a cart for the buyer, adds one line of quantity 1 and applies the {n}%OFF code of a discounted item', async () => {
    const shop = installDemoShop();
    const offer = discounted();
    const started = await startCheckout({ buyer, pvIds: [offer.pvId] });
    expect(cartOperations(shop)).toEqual(['createCart', 'addToCart', 'updateDiscountCodes']);
    const add = shop.calls.find((call) => call.operationName === 'addToCart')!;
    expect(add.variables.lines).toEqual([{ merchandiseId: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/), quantity: 1 }]);
    const codes = shop.calls.find((call) => call.operationName === 'updateDiscountCodes')!;
    expect(codes.variables.discountCodes).toEqual(['20%OFF']);

    const cart = (await getCart(started.checkoutId))!;
    expect(cart).toMatchObject({ email: buyer.email, note: buyer.userId, attributes: { email: buyer.email, userid: buyer.userId } });
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[offer.pvSku, 1]]);
    expect(cart.total.amount).toBe(offer.pvPrice);
    expect(started.checkoutUrl).toBe(cart.checkoutUrl);
    expect(started.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/demo-checkout\/[A-Za-z0-9_-]+\/$/);
    expect(shop.calls.flatMap((call) => call.validationErrors)).toEqual([]);
  });

  it('applies no code for an item without a discount', async () => {
    const shop = installDemoShop();
    await startCheckout({ buyer, pvIds: [undiscounted().pvId] });
    expect(cartOperations(shop)).toEqual(['createCart', 'addToCart']);
  });

  it('reuses an unfinished cart of the same customer: empties it, adds the new line, replaces the codes', async () => {
    const shop = installDemoShop();
    const first = await startCheckout({ buyer, pvIds: [discounted().pvId] });
    shop.calls.length = 0;
    const second = await startCheckout({ buyer, pvIds: [undiscounted().pvId], checkoutId: first.checkoutId });
    expect(second.checkoutId).toBe(first.checkoutId);
    expect(cartOperations(shop)).toEqual(['getCart', 'removeFromCart', 'addToCart', 'updateDiscountCodes']);
    const cart = (await getCart(second.checkoutId))!;
    expect(cart.lines.map((line) => line.sku)).toEqual([undiscounted().pvSku]);
    expect(cart.discountCodes).toEqual([]);
  });

  it('replaces a completed cart with a new one', async () => {
    const shop = installDemoShop();
    const first = await startCheckout({ buyer, pvIds: [discounted().pvId] });
    await shop.store.claimOrder(first.checkoutId.slice(GID.cart.length), {
      id: 1,
      name: '#1001',
      createdAt: new Date().toISOString(),
      email: buyer.email,
      note: buyer.userId,
      attributes: [],
      discountCodes: [],
      lines: [],
      subtotal: 0,
      total: 0,
      giftCards: [],
    });
    await forgetCheckoutsForTests();
    const second = await startCheckout({ buyer, pvIds: [discounted().pvId], checkoutId: first.checkoutId });
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect(shop.operations()).toContain('createCart');
  });

  it('replaces an expired cart with a new one', async () => {
    const shop = installDemoShop();
    const first = await startCheckout({ buyer, pvIds: [discounted().pvId] });
    shop.setNow(new Date(Date.parse('2026-11-20T15:00:00Z') + DEMO_CART_LIFETIME_MS + 60_000));
    await forgetCheckoutsForTests();
    const second = await startCheckout({ buyer, pvIds: [discounted().pvId], checkoutId: first.checkoutId });
    expect(second.checkoutId).not.toBe(first.checkoutId);
  });

  it("never touches another customer's cart given as the checkout id", async () => {
    installDemoShop();
    const theirs = await startCheckout({ buyer: other, pvIds: [discounted().pvId] });
    const mine = await startCheckout({ buyer, pvIds: [undiscounted().pvId], checkoutId: theirs.checkoutId });
    expect(mine.checkoutId).not.toBe(theirs.checkoutId);
    const theirCart = (await getCart(theirs.checkoutId))!;
    expect(theirCart.lines.map((line) => line.sku)).toEqual([discounted().pvSku]);
  });

  it("fails an empty cart with 'Empty booking cart!' in the log and calls no shop", async () => {
    const shop = installDemoShop();
    await expect(startCheckout({ buyer, pvIds: [] })).rejects.toMatchObject({ code: 'empty-cart', message: 'Empty booking cart!' });
    expect(errorLog).toHaveBeenCalledWith('Empty booking cart!');
    expect(shop.calls).toHaveLength(0);
  });

  it("refuses more than one item with 'One item allowed only!'", async () => {
    const shop = installDemoShop();
    await expect(startCheckout({ buyer, pvIds: [discounted().pvId, undiscounted().pvId] })).rejects.toMatchObject({
      code: 'too-many-items',
      message: 'One item allowed only!',
    });
    expect(shop.calls).toHaveLength(0);
  });

  it('sells a first-session offer (for new clients only) once: a customer who owns one is refused before any shop call', async () => {
    const [first, second] = allGroupedPackages().filter((offer) => isFirstVisitOffer(offer));
    expect(first!.pvDescription).toContain('for new clients only');
    const shop = installDemoShop();
    await expect(startCheckout({ buyer: other, pvIds: [first!.pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
    const db = await getDb();
    await db.insert(customerPackages).values({ customerId: other.userId, pvId: first!.pvId, serviceId: first!.pvId, sessionsTotal: 1, sessionsUsed: 1 });
    const calls = shop.calls.length;
    await expect(startCheckout({ buyer: other, pvIds: [first!.pvId] })).rejects.toMatchObject({ code: 'already-bought' });
    // DESIGN.md: a new client has never bought a first-visit offer, any of them.
    await expect(startCheckout({ buyer: other, pvIds: [second!.pvId] })).rejects.toMatchObject({ code: 'already-bought' });
    expect(shop.calls.length).toBe(calls);
    // Another customer, and the same customer's other offers, are not held back.
    await expect(startCheckout({ buyer, pvIds: [first!.pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
    await expect(startCheckout({ buyer: other, pvIds: [undiscounted().pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
    await db.delete(customerPackages).where(eq(customerPackages.customerId, other.userId));
  });

  it('refuses a first-session offer to a customer with an attended visit (checked in or completed), not for a booked or missed one', async () => {
    const first = allGroupedPackages().find((offer) => isFirstVisitOffer(offer))!;
    installDemoShop();
    const db = await getDb();
    const customerId = await insertUser(db);
    const customer = { userId: customerId, email: `${customerId}@example.com` };
    await insertAppointment(db, { customerId, therapistId: 1, start: '2026-11-02T15:00:00Z', minutes: 30 });
    const mark = (attendance: 'checked_in' | 'completed' | 'no_show' | null) => db.update(appointments).set({ attendance }).where(eq(appointments.customerId, customerId));
    // Booked but not yet attended, and a no-show: still a new client.
    await expect(startCheckout({ buyer: customer, pvIds: [first.pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
    await mark('no_show');
    await expect(startCheckout({ buyer: customer, pvIds: [first.pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
    for (const attended of ['checked_in', 'completed'] as const) {
      await mark(attended);
      await expect(startCheckout({ buyer: customer, pvIds: [first.pvId] })).rejects.toMatchObject({ code: 'not-new-client' });
    }
    // Other packages stay on sale to them.
    await expect(startCheckout({ buyer: customer, pvIds: [undiscounted().pvId] })).resolves.toMatchObject({ checkoutUrl: expect.any(String) });
  });

  it('refuses an item the catalogue does not know, and one the shop does not sell', async () => {
    installDemoShop({ products: [] });
    await expect(startCheckout({ buyer, pvIds: ['00000000-0000-4000-8000-000000000000'] })).rejects.toMatchObject({ code: 'unknown-item' });
    await expect(startCheckout({ buyer, pvIds: [discounted().pvId] })).rejects.toMatchObject({ code: 'not-in-shop' });
  });

  it('refuses a checkout address on another host than the configured shop', async () => {
    installDemoShop({ checkoutOrigin: 'https://evil.example' });
    await expect(startCheckout({ buyer, pvIds: [discounted().pvId] })).rejects.toMatchObject({ code: 'bad-checkout-url' });
  });

  it('reports an unreachable shop or one answering errors as such, so the person keeps their cart and can retry', async () => {
    const shop = installDemoShop();
    shop.failNext('network', 1);
    await expect(startCheckout({ buyer, pvIds: [discounted().pvId] })).rejects.toMatchObject({ code: 'unreachable' });
    // With the sku map loaded (by another customer's checkout), the shop then fails inside the flow.
    await startCheckout({ buyer: other, pvIds: [undiscounted().pvId] });
    shop.failNext('graphql', 1);
    await expect(startCheckout({ buyer, pvIds: [discounted().pvId] })).rejects.toMatchObject({ code: 'shop-error' });
    const retried = await startCheckout({ buyer, pvIds: [discounted().pvId] });
    expect(retried.checkoutUrl).toMatch(/demo-checkout/);
  });

  it('makes one cart when CHECK OUT is pressed twice at once, and reuses it on a later press without the stored id', async () => {
    const shop = installDemoShop();
    const pvIds = [discounted().pvId];
    const [a, b] = await Promise.all([startCheckout({ buyer, pvIds }), startCheckout({ buyer, pvIds })]);
    expect(a).toEqual(b);
    expect(shop.operations().filter((name) => name === 'createCart')).toHaveLength(1);

    const later = await startCheckout({ buyer, pvIds });
    expect(later.checkoutId).toBe(a.checkoutId);
    expect(shop.operations().filter((name) => name === 'createCart')).toHaveLength(1);
    const cart = (await getCart(a.checkoutId))!;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(1);
  });

  it('runs two different presses of one customer one after the other on the same cart', async () => {
    const shop = installDemoShop();
    const [a, b] = await Promise.all([
      startCheckout({ buyer, pvIds: [discounted().pvId] }),
      startCheckout({ buyer, pvIds: [undiscounted().pvId] }),
    ]);
    expect(b.checkoutId).toBe(a.checkoutId);
    expect(shop.operations().filter((name) => name === 'createCart')).toHaveLength(1);
    const cart = (await getCart(b.checkoutId))!;
    expect(cart.lines.map((line) => line.sku)).toEqual([undiscounted().pvSku]);
  });
});

/** A second copy of lib/shopify with nothing of the first one's memory, as a second instance would be. */
async function secondInstance(shop: InstalledDemoShop): Promise<typeof import('./checkout')> {
  let copy: typeof import('./checkout') | undefined;
  await jest.isolateModulesAsync(async () => {
    (await import('./client')).setShopifyFetchForTests(shop.fetch);
    copy = await import('./checkout');
  });
  return copy!;
}

describe('several instances on one database', () => {
  it('makes one cart when CHECK OUT is pressed on two instances at once', async () => {
    const shop = installDemoShop();
    const there = await secondInstance(shop);
    const pvIds = [discounted().pvId];
    const [a, b] = await Promise.all([startCheckout({ buyer, pvIds }), there.startCheckout({ buyer, pvIds })]);
    expect(b).toEqual(a);
    expect(shop.operations().filter((name) => name === 'createCart')).toHaveLength(1);
    const later = await there.startCheckout({ buyer, pvIds: [undiscounted().pvId] });
    expect(later.checkoutId).toBe(a.checkoutId);
  });

  it('on PGlite holds up no other query of the site while a press waits for the shop', async () => {
    const shop = installDemoShop();
    await getSkuVariantMap();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    setShopifyFetchForTests(async (url, init) => {
      await held;
      return shop.fetch(url, init);
    });
    const press = startCheckout({ buyer, pvIds: [discounted().pvId] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const db = await getDb();
    const query = db.select({ id: users.id }).from(users).limit(1);
    const outcome = await Promise.race([query.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('held up'), 2_000))]);
    release();
    await press;
    expect(outcome).toBe('answered');
  });

  it('remembers the last cart in shop_checkouts, and forgets it after REMEMBER_CART_MINUTES', async () => {
    const shop = installDemoShop();
    const db = await getDb();
    const pvIds = [discounted().pvId];
    const first = await startCheckout({ buyer, pvIds });
    const [row] = await db.select().from(shopCheckouts).where(eq(shopCheckouts.userId, buyer.userId));
    expect(row).toMatchObject({ userId: buyer.userId, cartId: first.checkoutId, pvIds });

    await db.update(shopCheckouts).set({ updatedAt: sql`now() - make_interval(mins => ${REMEMBER_CART_MINUTES + 1})` });
    const later = await startCheckout({ buyer, pvIds });
    expect(later.checkoutId).not.toBe(first.checkoutId);
    expect(shop.operations().filter((name) => name === 'createCart')).toHaveLength(2);
  });

  it('leaves a cart that already holds the item as it is on a second press', async () => {
    const shop = installDemoShop();
    const pvIds = [discounted().pvId];
    const first = await startCheckout({ buyer, pvIds });
    shop.calls.length = 0;
    expect(await startCheckout({ buyer, pvIds })).toEqual(first);
    expect(cartOperations(shop)).toEqual(['getCart']);
  });

  it('keeps the remembered cart when a press fails, and lets the next press through', async () => {
    const shop = installDemoShop();
    const db = await getDb();
    const first = await startCheckout({ buyer, pvIds: [discounted().pvId] });
    shop.failNext('graphql', 1);
    await expect(startCheckout({ buyer, pvIds: [undiscounted().pvId] })).rejects.toMatchObject({ code: 'shop-error' });
    const [row] = await db.select().from(shopCheckouts).where(eq(shopCheckouts.userId, buyer.userId));
    expect(row).toMatchObject({ cartId: first.checkoutId, pvIds: [discounted().pvId] });
    const next = await startCheckout({ buyer, pvIds: [undiscounted().pvId] });
    expect(next.checkoutId).toBe(first.checkoutId);
  });
});

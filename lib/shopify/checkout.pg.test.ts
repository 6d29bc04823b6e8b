import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { lockForTransaction } from '@/lib/db/advisory-lock';
import { openDatabase, type Database } from '@/lib/db/client';
import { accountCredits } from '@/lib/db/schema';
import { creditBalanceCents, grantCredit } from '@/lib/deposits/credit';
import type { CheckoutRequest, CheckoutStarted } from './checkout';
import { installDemoShop, type InstalledDemoShop } from './demo/testing';

/**
 * CHECK OUT on two instances of the site on one PostgreSQL server (`npm run test:pg` inside
 * scripts/with-postgres.sh). Each instance is a copy of lib/shopify of its own (nothing shared in memory) with a
 * connection pool of its own; both talk to one demo shop, as two servers talk to one Shopify store. The end-to-end
 * version with two real servers is e2e/checkout-instances.spec.ts. Without DATABASE_URL this file fails rather than
 * skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('checkout.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);

const offers = allGroupedPackages().filter((offer) => offer.pvType === 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  database: Database;
  press(request: CheckoutRequest): Promise<CheckoutStarted>;
}

let shop: InstalledDemoShop;
let instances: Instance[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-checkout-pg-'));

/** An instance: its own pool on the server, and its own copy of lib/shopify whose shop answers after a while. */
async function startInstance(): Promise<Instance> {
  const database = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir });
  let checkout: typeof import('./checkout') | undefined;
  await jest.isolateModulesAsync(async () => {
    // Each Storefront call takes 20 ms or so, as a real shop's would take longer: presses overlap.
    (await import('./client')).setShopifyFetchForTests(async (url, init) => {
      await sleep(20);
      return shop.fetch(url, init);
    });
    checkout = await import('./checkout');
  });
  return { database, press: (request) => checkout!.startCheckout(request, database.db) };
}

beforeAll(async () => {
  shop = installDemoShop();
  instances = [await startInstance(), await startInstance()];
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.database.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function buyers(n: number) {
  const list = [];
  for (let i = 0; i < n; i++) {
    const userId = await insertUser(instances[0]!.database.db);
    list.push({ userId, email: `${userId}@example.com` });
  }
  return list;
}

const createdCarts = () => shop.operations().filter((name) => name === 'createCart').length;

describe('CHECK OUT on two instances and one PostgreSQL server', () => {
  it('runs on a real server', () => {
    expect(instances.map((instance) => instance.database.kind)).toEqual(['postgres', 'postgres']);
  });

  it('makes one cart per customer when 20 customers press on both instances at once', async () => {
    const people = await buyers(20);
    const before = createdCarts();
    const pairs = await Promise.all(
      people.map((buyer, i) => {
        const pvIds = [offers[i % offers.length]!.pvId];
        return Promise.all([instances[0]!.press({ buyer, pvIds }), instances[1]!.press({ buyer, pvIds })]);
      }),
    );
    expect(pairs.filter(([a, b]) => a.checkoutId !== b.checkoutId)).toEqual([]);
    expect(new Set(pairs.map(([a]) => a.checkoutId)).size).toBe(20);
    expect(createdCarts() - before).toBe(20);
  });

  it('remembers the last cart across instances: a press on the other one without the stored id reuses it', async () => {
    const [buyer] = await buyers(1);
    const first = await instances[0]!.press({ buyer: buyer!, pvIds: [offers[0]!.pvId] });
    const second = await instances[1]!.press({ buyer: buyer!, pvIds: [offers[1]!.pvId] });
    expect(second.checkoutId).toBe(first.checkoutId);
  });

  it("makes a press wait for that customer's press in progress only, not for other customers'", async () => {
    const [held, free] = await buyers(2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A press of `held` in progress on the first instance: its lock taken, the shop not answered yet.
    const holder = instances[0]!.database.db.transaction(async (tx) => {
      await lockForTransaction(tx, 'shopCheckout', held!.userId);
      locked();
      await gate;
    });
    await lockTaken;

    let heldDone = false;
    const waiting = instances[1]!.press({ buyer: held!, pvIds: [offers[0]!.pvId] }).finally(() => (heldDone = true));
    const other = await instances[1]!.press({ buyer: free!, pvIds: [offers[0]!.pvId] });
    expect(other.checkoutUrl).toMatch(/demo-checkout/);
    await sleep(300);
    expect(heldDone).toBe(false);

    release();
    await holder;
    expect((await waiting).checkoutUrl).toMatch(/demo-checkout/);
  });

  it("spends a customer's account credit once when both instances are pressed at once: one gift card, one ledger row", async () => {
    const [buyer] = await buyers(1);
    const db = instances[0]!.database.db;
    await db.transaction((tx) => grantCredit(tx, { customerId: buyer!.userId, cents: 2_000, reason: 'deposit-credited' }));
    const pvIds = [offers[0]!.pvId];
    const [a, b] = await Promise.all([instances[0]!.press({ buyer: buyer!, pvIds }), instances[1]!.press({ buyer: buyer!, pvIds })]);
    expect(b.checkoutId).toBe(a.checkoutId);
    const spent = await db.select().from(accountCredits).where(and(eq(accountCredits.customerId, buyer!.userId), eq(accountCredits.reason, 'spent-on-package')));
    expect(spent).toEqual([expect.objectContaining({ amountCents: -2_000 })]);
    expect(await creditBalanceCents(db, buyer!.userId)).toBe(0);
    const cart = await shop.storefront.liveCart(a.checkoutId);
    expect(cart?.giftCardCodes).toHaveLength(1);
  });
});

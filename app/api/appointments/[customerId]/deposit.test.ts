import { and, desc, eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { creditPackage, ownedPackages } from '@/lib/booking/packages';
import { isBookableAt } from '@/lib/catalog/catalog';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import type { ServiceItem } from '@/lib/catalog/schema';
import { LOCATIONS } from '@/lib/catalog/tables';
import { closeDb, getDb } from '@/lib/db';
import { accountCredits, activityLog, appointments, deposits, outbox, pendingDeposits, slotHolds } from '@/lib/db/schema';
import { readPendingDeposit, releaseExpiredDeposits } from '@/lib/deposits/booking';
import { creditBalanceCents, grantCredit } from '@/lib/deposits/credit';
import { latePaymentsOn } from '@/lib/deposits/late-payments';
import { nextDate, type DateInLocationTz } from '@/lib/booking/dates';
import { setShopifyFetchForTests } from '@/lib/shopify/client';
import { demoCheckoutView, payDemoCheckout, type DemoCheckoutDeps } from '@/lib/shopify/demo/checkout';
import { catalogDemoProducts } from '@/lib/shopify/demo/products';
import { installDemoShop, type InstalledDemoShop } from '@/lib/shopify/demo/testing';
import { startCheckout } from '@/lib/shopify/checkout';
import { recordPaidOrder, signShopifyWebhook } from '@/lib/shopify/orders';
import { revalidateSkuVariantMap } from '@/lib/shopify';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET as SLOTS } from '../../slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { DELETE as DEPOSIT_DELETE, GET as DEPOSIT_GET } from '../../deposits/[id]/route';
import { POST } from './route';

/**
 * Booking with a deposit (issue 37, item 2): BOOK holds the times and opens the deposit's own cart; the paid order
 * (demo Pay or the signed webhook) books the visit from the stored request exactly once; a late payment books it if
 * the times are free and otherwise becomes credit, told to the customer and the desk; credit pays first.
 */
jest.setTimeout(180_000);
createTempDataDir('salon-deposits-');
afterAll(closeDb);

// Monday 2027-01-04, noon in New York.
const NOW = freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
const MICROBLADING = SERVICE_ITEMS.find((item) => item.value === 'WMBL001')!;
const WAX = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const SECRET = 'deposit-webhook-secret';

let shop: InstalledDemoShop;
beforeEach(() => {
  revalidateSkuVariantMap();
  shop = installDemoShop();
});
afterEach(() => setShopifyFetchForTests(undefined));

type User = { userId: string; cookie: string };

const locationOf = (item: ServiceItem) => LOCATIONS.find((location) => isBookableAt(item.id, location.id))!;

/** Free start times of the item's area, for anyone, on `date` (New York 'HH:mm'). */
async function freeTimes(item: ServiceItem, date: string, therapistId = 0): Promise<string[]> {
  const location = locationOf(item);
  const response = await callRoute(SLOTS, { location: location.slug, areaId: String(item.areaId), therapistId: String(therapistId), date, duration: String(item.duration) }, {});
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: { time: string }[] }).slots.map((slot) => slot.time);
}

/** A date a week or more ahead with a free time for the item, and that time. */
async function someFreeTime(item: ServiceItem, skip = 0): Promise<{ date: string; time: string }> {
  for (let day = 7; day < 30; day++) {
    const date = new Date(NOW + day * 86_400_000).toISOString().slice(0, 10);
    const times = await freeTimes(item, date);
    if (times.length > skip) return { date, time: times[skip]! };
  }
  throw new Error(`No free time for ${item.name}`);
}

const cardOf = (item: ServiceItem, at: { date: string; time: string }, extra: { pkgId?: string } = {}) =>
  cardFor([{ areaId: item.areaId, therapist: 0, date: `${at.date} ${at.time}`, items: [item], ...extra }], { location: String(locationOf(item).id) });

async function book(user: User, card: unknown) {
  const response = await callRoute(POST, { customerId: user.userId }, jsonInit('POST', card, user.cookie));
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

function demoDeps(): DemoCheckoutDeps {
  return { storefront: shop.storefront, store: shop.store, products: catalogDemoProducts, now: () => new Date(Date.now()), recordOrder: recordPaidOrder, mailGiftCards: async () => undefined };
}

const tokenOf = (checkoutUrl: string) => /\/demo-checkout\/([^/]+)\//.exec(checkoutUrl)![1]!;

async function pendingRow(id: string) {
  const [row] = await (await getDb()).select().from(pendingDeposits).where(eq(pendingDeposits.id, id));
  return row!;
}

async function bookedAppointments(bookingId: string) {
  return (await getDb()).select().from(appointments).where(eq(appointments.bookingId, bookingId));
}

async function lastMailTo(userId: string) {
  const db = await getDb();
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(20);
  return rows.find((row) => row.to.startsWith(userId));
}

describe('BOOK on a visit that asks for a deposit', () => {
  it('holds the times, keeps the request and opens a cart of its own with the deposit line and the reference', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING);
    const answer = await book(customer, cardOf(MICROBLADING, at));
    expect(answer.status).toBe(202);
    expect(answer.body.deposit).toMatchObject({ amountCents: 10000, creditCents: 0, checkoutUrl: expect.stringMatching(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/) });
    expect(answer.setCookie).toMatch(/bnp_hold=/);
    const id = answer.body.deposit.id as string;

    const pending = await pendingRow(id);
    expect(pending).toMatchObject({ customerId: customer.userId, status: 'awaiting_payment', amountCents: 10000, creditCents: 0, bookingId: null });
    expect(pending.expiresAt.getTime()).toBe(NOW + 10 * 60_000);
    const holds = await db.select().from(slotHolds).where(eq(slotHolds.holderHash, pending.holderHash));
    expect(holds).toHaveLength(1);
    // The held therapist's time is gone from everyone else's list.
    expect(await freeTimes(MICROBLADING, at.date, holds[0]!.therapistId)).not.toContain(at.time);

    const cart = await shop.storefront.liveCart(pending.cartId!);
    expect(cart!.attributes).toEqual(expect.arrayContaining([{ key: 'deposit', value: id }, { key: 'userid', value: customer.userId }]));
    const view = await demoCheckoutView(tokenOf(answer.body.deposit.checkoutUrl), demoDeps());
    expect(view).toMatchObject({ status: 'open', total: 100, lines: [{ sku: 'DEPOSIT-1', title: 'Deposit', quantity: 100 }] });
    // Nothing is booked until it is paid.
    expect(await bookedAppointments(id)).toEqual([]);
  });

  it('books as before when no service asks for one, and when a package session covers the one that does', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    expect((await book(customer, cardOf(WAX, await someFreeTime(WAX)))).status).toBe(201);
    const tattoo = SERVICE_ITEMS.find((item) => item.value === 'WTTR004')!;
    const pkg = tattoo.spkg.find((offer) => offer.pvType === 3)!;
    await creditPackage(customer.userId, pkg.pvId, 3);
    // Another time than the wax's: a customer is in one place at a time.
    expect((await book(customer, cardOf(tattoo, await someFreeTime(tattoo, 12), { pkgId: pkg.pvId }))).status).toBe(201);
    expect(await db.select().from(pendingDeposits).where(eq(pendingDeposits.customerId, customer.userId))).toEqual([]);
  });

  it('says so and lets the times go when the shop cannot open the checkout', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING);
    shop.failNext('network', 5);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await book(customer, cardOf(MICROBLADING, at));
    log.mockRestore();
    expect(answer.status).toBe(503);
    expect(answer.body.error.message).toMatch(/checkout cannot be reached right now, so the deposit cannot be paid\. Nothing is booked/);
    const [pending] = await db.select().from(pendingDeposits).where(eq(pendingDeposits.customerId, customer.userId));
    expect(pending!.status).toBe('released');
    expect(await freeTimes(MICROBLADING, at.date)).toContain(at.time);
  });
});

describe('the paid deposit', () => {
  it("books the visit under the deposit's reference once, however often Pay is pressed, and mails the confirmation saying the deposit", async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING);
    const { body } = await book(customer, cardOf(MICROBLADING, at));
    const id = body.deposit.id as string;
    const token = tokenOf(body.deposit.checkoutUrl);
    const [first, second] = await Promise.all([payDemoCheckout(token, demoDeps()), payDemoCheckout(token, demoDeps())]);
    const outcomes = [first, second].map((result) => (result.status === 'paid' ? result.outcome?.status : result.status)).sort();
    expect(outcomes).toEqual(['deposit-booked', 'duplicate']);
    expect(await payDemoCheckout(token, demoDeps())).toMatchObject({ status: 'paid', outcome: { status: 'duplicate' } });

    const booked = await bookedAppointments(id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ customerId: customer.userId, status: 'booked' });
    expect(await pendingRow(id)).toMatchObject({ status: 'booked', bookingId: id });
    const [deposit] = await db.select().from(deposits).where(eq(deposits.bookingId, id));
    expect(deposit).toMatchObject({ customerId: customer.userId, amountCents: 10000, state: 'paid', orderRef: expect.stringMatching(/^shop-order:demo:\d+$/) });
    expect(await db.select().from(slotHolds).where(eq(slotHolds.holderHash, (await pendingRow(id)).holderHash))).toEqual([]);
    const mail = await lastMailTo(customer.userId);
    expect(mail!.subject).toMatch(/booking is confirmed/);
    expect(mail!.text).toContain('Deposit paid: $100.00. It is taken off the price at the salon.');
    expect(await readPendingDeposit(db, customer.userId, id)).toMatchObject({ status: 'booked', bookingId: id });
  });

  it("through the store's signed webhook: a repeated delivery adds nothing", async () => {
    const previous = process.env.SHOPIFY_WEBHOOK_SECRET;
    process.env.SHOPIFY_WEBHOOK_SECRET = SECRET;
    try {
      const { handleOrderWebhook } = await import('@/lib/shopify/webhook');
      const db = await getDb();
      const customer = await signedIn(db);
      const at = await someFreeTime(MICROBLADING, 1);
      const { body } = await book(customer, cardOf(MICROBLADING, at));
      const id = body.deposit.id as string;
      const order = {
        id: 7_000_001,
        name: '#1001',
        financial_status: 'paid',
        cancelled_at: null,
        note: customer.userId,
        note_attributes: [
          { name: 'userid', value: customer.userId },
          { name: 'deposit', value: id },
        ],
        line_items: [{ sku: 'DEPOSIT-1', quantity: 100, title: 'Deposit' }],
      };
      const raw = JSON.stringify(order);
      const deliver = () =>
        handleOrderWebhook(
          new Request('http://localhost:3000/api/shop/webhooks/orders/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': signShopifyWebhook(raw, SECRET) },
            body: raw,
          }),
        );
      const first = await deliver();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ status: 'deposit-booked', bookingId: id });
      expect(await (await deliver()).json()).toEqual({ status: 'duplicate', customerId: customer.userId });
      expect(await bookedAppointments(id)).toHaveLength(1);
      expect(await db.select().from(deposits).where(eq(deposits.bookingId, id))).toHaveLength(1);
      expect(await creditBalanceCents(db, customer.userId)).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.SHOPIFY_WEBHOOK_SECRET;
      else process.env.SHOPIFY_WEBHOOK_SECRET = previous;
    }
  });
});

describe('a hold that runs out', () => {
  it('is released at the next read or sweep, and its times are free for others', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING, 2);
    const { body } = await book(customer, cardOf(MICROBLADING, at));
    const id = body.deposit.id as string;
    const later = NOW + 11 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(await freeTimes(MICROBLADING, at.date)).toContain(at.time);
    expect(await readPendingDeposit(db, customer.userId, id, new Date(later))).toMatchObject({ status: 'released' });
    expect(await releaseExpiredDeposits(db, new Date(later))).toBe(0);
  });

  it('a payment after it books the visit when the times are still free', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING, 3);
    const { body } = await book(customer, cardOf(MICROBLADING, at));
    const id = body.deposit.id as string;
    jest.spyOn(Date, 'now').mockReturnValue(NOW + 30 * 60_000);
    expect(await releaseExpiredDeposits(db, new Date(NOW + 30 * 60_000))).toBeGreaterThanOrEqual(1);
    const paid = await payDemoCheckout(tokenOf(body.deposit.checkoutUrl), demoDeps());
    expect(paid).toMatchObject({ status: 'paid', outcome: { status: 'deposit-booked', bookingId: id } });
    expect(await bookedAppointments(id)).toHaveLength(1);
    expect(await pendingRow(id)).toMatchObject({ status: 'booked' });
  });

  it('a payment after it becomes credit when the times were taken, and the customer and the desk are told', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING, 4);
    const { body } = await book(customer, cardOf(MICROBLADING, at));
    const id = body.deposit.id as string;
    jest.spyOn(Date, 'now').mockReturnValue(NOW + 30 * 60_000);
    // Once the hold is gone, others book every therapist of that time.
    for (let guard = 0; (await freeTimes(MICROBLADING, at.date)).includes(at.time); guard++) {
      expect(guard).toBeLessThan(10);
      const other = await signedIn(db);
      const taken = await book(other, cardOf(MICROBLADING, at));
      expect(taken.status).toBe(202);
      expect(await payDemoCheckout(tokenOf(taken.body.deposit.checkoutUrl), demoDeps())).toMatchObject({ outcome: { status: 'deposit-booked' } });
    }
    expect(await freeTimes(MICROBLADING, at.date)).not.toContain(at.time);

    const paid = await payDemoCheckout(tokenOf(body.deposit.checkoutUrl), demoDeps());
    expect(paid).toMatchObject({ status: 'paid', outcome: { status: 'deposit-credited', customerId: customer.userId, cents: 10000 } });
    expect(await bookedAppointments(id)).toEqual([]);
    expect(await pendingRow(id)).toMatchObject({ status: 'credited', bookingId: null });
    expect(await creditBalanceCents(db, customer.userId)).toBe(10000);
    expect(await db.select().from(accountCredits).where(eq(accountCredits.customerId, customer.userId))).toEqual([expect.objectContaining({ amountCents: 10000, reason: 'late-payment' })]);
    const mail = await lastMailTo(customer.userId);
    expect(mail!.subject).toBe('Your $100.00 deposit is credit on your Bare & Polished NYC account');
    expect(mail!.text).toContain('the times you chose were no longer free when the payment arrived');
    const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.kind, 'deposits'), eq(activityLog.action, 'late-payment'))).orderBy(desc(activityLog.id)).limit(1);
    expect(entry!.summary).toBe('A deposit of $100.00 arrived after its held times were gone: it is account credit, nothing was booked');
    // The desk's day view of the day the customer had chosen lists it (the customer may think it is booked); not another day's.
    const location = locationOf(MICROBLADING).id;
    expect(await latePaymentsOn(db, location, at.date)).toEqual([
      expect.objectContaining({ depositId: id, customerId: customer.userId, paidCents: 10000, time: at.time, services: [MICROBLADING.name] }),
    ]);
    expect(await latePaymentsOn(db, location, nextDate(at.date as DateInLocationTz))).toEqual([]);
    // The same order again adds nothing.
    expect(await payDemoCheckout(tokenOf(body.deposit.checkoutUrl), demoDeps())).toMatchObject({ outcome: { status: 'duplicate' } });
    expect(await creditBalanceCents(db, customer.userId)).toBe(10000);
  });
});

describe('/api/deposits/{id}/', () => {
  it("answers the customer's own deposit as it waits; someone else's and none alike; DELETE lets the times go", async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const at = await someFreeTime(MICROBLADING, 8);
    const { body } = await book(customer, cardOf(MICROBLADING, at));
    const id = body.deposit.id as string;
    const path = `/api/deposits/${id}/`;
    const read = async (who: User | undefined) => {
      const response = await callRoute(DEPOSIT_GET, { id }, { path, headers: who ? { cookie: who.cookie } : {} });
      return { status: response.status, body: await response.json() };
    };
    expect(await read(customer)).toEqual({ status: 200, body: { deposit: { id, status: 'awaiting_payment', amountCents: 10000, creditCents: 0, expiresAt: new Date(NOW + 600_000).toISOString(), bookingId: null } } });
    expect((await read(undefined)).status).toBe(401);
    const stranger = await signedIn(db);
    expect(await read(stranger)).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'There is no deposit of yours with this reference.' } } });
    expect((await callRoute(DEPOSIT_GET, { id: 'nope' }, { path: '/api/deposits/nope/', headers: { cookie: customer.cookie } })).status).toBe(400);

    const [hold] = await db.select().from(slotHolds).where(eq(slotHolds.holderHash, (await pendingRow(id)).holderHash));
    const abandon = (who: User) => callRoute(DEPOSIT_DELETE, { id }, { path, ...jsonInit('DELETE', '', who.cookie) });
    expect((await abandon(stranger)).status).toBe(404);
    expect((await abandon(customer)).status).toBe(204);
    expect(await freeTimes(MICROBLADING, at.date, hold!.therapistId)).toContain(at.time);
    expect((await read(customer)).body.deposit.status).toBe('released');
    expect((await abandon(customer)).status).toBe(409);
  });
});

describe('account credit pays the deposit first', () => {
  it('books at once with no checkout when it covers the whole deposit', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    await db.transaction((tx) => grantCredit(tx, { customerId: customer.userId, cents: 12000, reason: 'deposit-credited' }));
    const card = cardOf(MICROBLADING, await someFreeTime(MICROBLADING, 5));
    const press = () => callRoute(POST, { customerId: customer.userId }, jsonInit('POST', card, customer.cookie, { 'idempotency-key': 'credit-paid-book-1' }));
    const first = await press();
    expect(first.status).toBe(201);
    const bookingId = ((await first.json()) as { header: { aptId: string } }).header.aptId;
    // A retried BOOK (same key) answers the same booking and spends nothing more.
    const again = await press();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { header: { aptId: string } }).header.aptId).toBe(bookingId);
    expect(await db.select().from(deposits).where(eq(deposits.bookingId, bookingId))).toEqual([expect.objectContaining({ amountCents: 10000, orderRef: 'credit', state: 'paid' })]);
    expect(await creditBalanceCents(db, customer.userId)).toBe(2000);
    expect((await lastMailTo(customer.userId))!.text).toContain('Deposit paid: $100.00, from your account credit.');
  });

  it('lowers the checkout by what it covers, and is spent when the rest is paid', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    await db.transaction((tx) => grantCredit(tx, { customerId: customer.userId, cents: 3000, reason: 'deposit-credited' }));
    const { status, body } = await book(customer, cardOf(MICROBLADING, await someFreeTime(MICROBLADING, 6)));
    expect(status).toBe(202);
    expect(body.deposit).toMatchObject({ amountCents: 10000, creditCents: 3000 });
    expect(await demoCheckoutView(tokenOf(body.deposit.checkoutUrl), demoDeps())).toMatchObject({ total: 70, lines: [{ quantity: 70 }] });
    // Credit is not spent while the deposit waits.
    expect(await creditBalanceCents(db, customer.userId)).toBe(3000);
    await payDemoCheckout(tokenOf(body.deposit.checkoutUrl), demoDeps());
    expect(await creditBalanceCents(db, customer.userId)).toBe(0);
    expect(await db.select().from(deposits).where(eq(deposits.bookingId, body.deposit.id))).toEqual([expect.objectContaining({ amountCents: 10000, state: 'paid' })]);
  });
});

describe('a deposit checkout and a package checkout', () => {
  it('a deposit order credits no package, even with a package line slipped into it', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const { body } = await book(customer, cardOf(MICROBLADING, await someFreeTime(MICROBLADING, 9)));
    const pkg = WAX.spkg.find((offer) => offer.pvType === 3)!;
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await recordPaidOrder(
      {
        id: 7_000_002,
        financial_status: 'paid',
        cancelled_at: null,
        note: customer.userId,
        note_attributes: [
          { name: 'userid', value: customer.userId },
          { name: 'deposit', value: body.deposit.id },
        ],
        line_items: [
          { sku: 'DEPOSIT-1', quantity: 100 },
          { sku: pkg.pvSku, quantity: 1 },
        ],
      },
      'shopify',
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`lines ${pkg.pvSku} are not the deposit; not credited`));
    expect(outcome).toMatchObject({ status: 'deposit-booked', bookingId: body.deposit.id });
    expect(await ownedPackages(db, customer.userId)).toEqual([]);
  });

  it('never share a cart: the package gets its own, and the deposit cart keeps its one line', async () => {
    const db = await getDb();
    const customer = await signedIn(db);
    const { body } = await book(customer, cardOf(MICROBLADING, await someFreeTime(MICROBLADING, 7)));
    const pending = await pendingRow(body.deposit.id);
    const pkg = WAX.spkg.find((offer) => offer.pvType === 3)!;
    const started = await startCheckout({ buyer: { userId: customer.userId, email: `${customer.userId}@example.com` }, pvIds: [pkg.pvId], checkoutId: pending.cartId });
    expect(started.checkoutId).not.toBe(pending.cartId);
    const depositCart = await shop.storefront.liveCart(pending.cartId!);
    expect(depositCart!.lines).toHaveLength(1);
    expect(catalogDemoProducts().find((product) => product.id === depositCart!.lines[0]!.productId)!.sku).toBe('DEPOSIT-1');
  });
});

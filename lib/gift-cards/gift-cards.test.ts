import { desc, eq } from 'drizzle-orm';
import { callRoute, insertUser, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { ownedPackages } from '@/lib/booking/packages';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { accountCredits, activityLog, outbox, users } from '@/lib/db/schema';
import { creditBalanceCents, grantCredit } from '@/lib/deposits/credit';
import { setShopifyFetchForTests } from '@/lib/shopify/client';
import { forgetCheckoutsForTests, startCheckout } from '@/lib/shopify/checkout';
import { applyDemoGiftCard, demoCheckoutView, payDemoCheckout, type DemoCheckoutDeps } from '@/lib/shopify/demo/checkout';
import { mailDemoGiftCards } from '@/lib/shopify/demo/gift-card-mail';
import { normalizeGiftCardCode } from '@/lib/shopify/demo/gift-cards';
import { catalogDemoProducts } from '@/lib/shopify/demo/products';
import { giftCardBalanceCents } from '@/lib/shopify/demo/store';
import { installDemoShop } from '@/lib/shopify/demo/testing';
import { startGiftCardCheckout } from '@/lib/shopify/gift-card-checkout';
import { getCart, revalidateSkuVariantMap } from '@/lib/shopify/index';
import { applyAccountCredit } from '@/lib/shopify/credit-gift-card';
import { recordPaidOrder } from '@/lib/shopify/orders';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { DEFAULT_GIFT_CARD_AMOUNTS, parseGiftCardAmounts } from './amounts';
import { handleGiftCardAmountsRead, handleGiftCardAmountsWrite, handleGiftCardCheckout } from './handlers';
import { giftCardAmounts, saveGiftCardAmounts } from './settings';

jest.setTimeout(120_000);
createTempDataDir('gift-cards-');
afterAll(closeDb);

beforeEach(async () => {
  await forgetCheckoutsForTests();
  revalidateSkuVariantMap();
});
afterEach(() => setShopifyFetchForTests(undefined));

/** The $81 three-session package of the checkout tests. */
const threeSessions = () => allGroupedPackages().find((offer) => offer.pvType === 3 && offer.pvQtyCombined === 3 && offer.discPrcentage && offer.pvPrice === 81)!;

function demo() {
  const shop = installDemoShop();
  const deps: DemoCheckoutDeps = {
    storefront: shop.storefront,
    store: shop.store,
    products: catalogDemoProducts,
    now: () => new Date(),
    recordOrder: recordPaidOrder,
    mailGiftCards: (cards) => mailDemoGiftCards(cards),
  };
  return { shop, deps };
}

const tokenOf = (cartId: string) => cartId.replace('gid://shopify/Cart/', '');

async function mailsTo(address: string) {
  return (await getDb()).select().from(outbox).where(eq(outbox.to, address)).orderBy(desc(outbox.id));
}

/** Buys a gift card on the demo shop and reads its code from the mail, as the person would. */
async function buyGiftCard(deps: DemoCheckoutDeps, dollars: number, email: string) {
  const started = await startGiftCardCheckout({ dollars, email });
  const paid = await payDemoCheckout(tokenOf(started.checkoutId), deps);
  const [mail] = await mailsTo(email);
  const code = normalizeGiftCardCode(/Its code is:\s+([A-Z0-9 ]{19})/.exec(mail!.text)![1]!)!;
  return { started, paid, mail: mail!, code };
}

describe('buying a gift card', () => {
  it('checks out one gift-card line of the amount on a cart of its own, with the buyer as the address the code goes to', async () => {
    const { shop } = demo();
    const started = await startGiftCardCheckout({ dollars: 50, email: 'giver@example.com' });
    expect(started.checkoutUrl).toMatch(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/);
    const cart = await shop.storefront.liveCart(started.checkoutId);
    expect(cart).toMatchObject({ email: 'giver@example.com', note: null, lines: [{ quantity: 1 }] });
    expect(cart!.attributes).toEqual([
      { key: 'email', value: 'giver@example.com' },
      { key: 'purchase', value: 'gift-card' },
    ]);
    expect(shop.calls.every((call) => call.validationErrors.length === 0)).toBe(true);
  });

  it('pays, issues a code and mails it once, however often Pay is pressed; the site credits nothing for it', async () => {
    const { deps } = demo();
    const { started, paid, mail, code } = await buyGiftCard(deps, 100, 'once@example.com');
    expect(paid).toMatchObject({ status: 'paid', outcome: undefined });
    expect(mail.subject).toMatch(/gift card: \$100\.00$/);
    expect(mail.text).toMatch(/demo store/);
    expect(mail.text).toMatch(/checkout for packages, bundles and deposits/);
    const again = await payDemoCheckout(tokenOf(started.checkoutId), deps);
    expect(again.status).toBe('paid');
    expect(await mailsTo('once@example.com')).toHaveLength(1);
    const card = await deps.store.readGiftCard(code);
    expect(card).toMatchObject({ initialCents: 10_000, debits: [] });
  });
});

describe('paying with a gift card at the demo checkout', () => {
  it('pays part of a package, keeps the rest on the card for the next order, and refuses it once spent', async () => {
    const { deps } = demo();
    const { code } = await buyGiftCard(deps, 100, 'holder@example.com');
    const db = await getDb();
    const customerId = await insertUser(db);
    const [user] = await db.select().from(users).where(eq(users.id, customerId));
    const buyer = { userId: customerId, email: user!.email! };

    const first = await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
    expect(await applyDemoGiftCard(tokenOf(first.checkoutId), code.toLowerCase(), deps)).toEqual({ status: 'applied' });
    const view = await demoCheckoutView(tokenOf(first.checkoutId), deps);
    expect(view).toMatchObject({ status: 'open', total: 81, toPayCents: 0, giftCards: [{ lastCharacters: code.slice(-4), usedCents: 8100, keptCents: 1900 }] });
    const paid = await payDemoCheckout(tokenOf(first.checkoutId), deps, view.status === 'open' ? view.fingerprint : '');
    expect(paid).toMatchObject({ status: 'paid', order: { chargedCents: 0, giftCards: [{ cents: 8100 }] }, outcome: { status: 'credited' } });
    expect((await ownedPackages(db, customerId)).map((owned) => owned.sessionsTotal)).toEqual([3]);
    // A second press takes nothing more from the card.
    await payDemoCheckout(tokenOf(first.checkoutId), deps);
    expect(giftCardBalanceCents((await deps.store.readGiftCard(code))!)).toBe(1900);

    await forgetCheckoutsForTests();
    const second = await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
    await applyDemoGiftCard(tokenOf(second.checkoutId), code, deps);
    const partial = await demoCheckoutView(tokenOf(second.checkoutId), deps);
    expect(partial).toMatchObject({ status: 'open', toPayCents: 6200, giftCards: [{ usedCents: 1900, keptCents: 0 }] });
    const paidRest = await payDemoCheckout(tokenOf(second.checkoutId), deps);
    expect(paidRest).toMatchObject({ status: 'paid', order: { chargedCents: 6200 } });

    await forgetCheckoutsForTests();
    const third = await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
    expect(await applyDemoGiftCard(tokenOf(third.checkoutId), code, deps)).toEqual({ status: 'refused', reason: 'spent' });
    expect(await applyDemoGiftCard(tokenOf(third.checkoutId), 'AAAABBBBCCCCDDDD', deps)).toEqual({ status: 'refused', reason: 'invalid' });
  });

  it("answers 'changed' and takes nothing when the card paid another order after the page was shown", async () => {
    const { deps } = demo();
    const { code } = await buyGiftCard(deps, 50, 'race@example.com');
    const db = await getDb();
    const buyers = await Promise.all(
      [0, 1].map(async () => {
        const id = await insertUser(db);
        const [user] = await db.select().from(users).where(eq(users.id, id));
        return { userId: id, email: user!.email! };
      }),
    );
    const carts = [];
    for (const buyer of buyers) {
      const started = await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
      await applyDemoGiftCard(tokenOf(started.checkoutId), code, deps);
      carts.push(tokenOf(started.checkoutId));
    }
    const views = await Promise.all(carts.map((token) => demoCheckoutView(token, deps)));
    const shown = views.map((view) => (view.status === 'open' ? view.fingerprint : ''));
    expect(await payDemoCheckout(carts[0]!, deps, shown[0])).toMatchObject({ status: 'paid', order: { chargedCents: 3100 } });
    expect(await payDemoCheckout(carts[1]!, deps, shown[1])).toEqual({ status: 'changed' });
    expect(await demoCheckoutView(carts[1]!, deps)).toMatchObject({ status: 'open', toPayCents: 8100, giftCards: [{ usedCents: 0, keptCents: 0 }] });
  });

  it('does not let a gift card pay for a gift card', async () => {
    const { deps } = demo();
    const { code } = await buyGiftCard(deps, 50, 'twice@example.com');
    const next = await startGiftCardCheckout({ dollars: 25, email: 'twice@example.com' });
    await applyDemoGiftCard(tokenOf(next.checkoutId), code, deps);
    expect(await demoCheckoutView(tokenOf(next.checkoutId), deps)).toMatchObject({ status: 'open', acceptsGiftCards: false, toPayCents: 2500 });
  });
});

describe('the gift-card checkout API', () => {
  const post = (body: unknown, cookie?: string, client = '192.0.2.10') =>
    callRoute(handleGiftCardCheckout, {}, { ...jsonInit('POST', body, cookie, { 'x-bnp-client-address': client }), path: '/api/shop/gift-cards/' });

  it("sells the owner's amounts to anyone, naming a signed-in buyer on the cart", async () => {
    const { shop } = demo();
    const anonymous = await post({ dollars: 150, email: ' Giver@Example.com ' });
    expect(anonymous.status).toBe(200);
    const { checkoutUrl } = (await anonymous.json()) as { checkoutUrl: string };
    const cart = await shop.storefront.liveCart(`gid://shopify/Cart/${/demo-checkout\/([^/]+)\//.exec(checkoutUrl)![1]}`);
    expect(cart?.email).toBe('giver@example.com');

    const { userId, cookie } = await signedIn(await getDb());
    const signed = (await (await post({ dollars: 50, email: 'me@example.com' }, cookie)).json()) as { checkoutUrl: string };
    const mine = await shop.storefront.liveCart(`gid://shopify/Cart/${/demo-checkout\/([^/]+)\//.exec(signed.checkoutUrl)![1]}`);
    expect(mine?.note).toBe(userId);
  });

  it('answers an amount not on sale, a bad address or a bad body with 4xx and a sentence, never 500', async () => {
    demo();
    const notSold = await post({ dollars: 35, email: 'a@example.com' });
    expect(notSold.status).toBe(422);
    expect(await notSold.json()).toEqual({
      error: { code: 'invalid', message: 'Please check the highlighted fields.', fields: { dollars: 'Choose one of the amounts offered: $25, $50, $100, $150, $200, $500.' } },
    });
    const tooBig = await post({ dollars: 1000, email: 'a@example.com' });
    expect(tooBig.status).toBe(422);
    expect(((await tooBig.json()) as { error: { fields: Record<string, string> } }).error.fields.dollars).toBe('The largest gift card is $500.');
    expect((await post({ dollars: 50, email: 'nope' })).status).toBe(422);
    expect((await post('{oops')).status).toBe(400);
    expect((await post({ dollars: '50', email: 'a@example.com' })).status).toBe(422);
  });

  it('lets one client start 20 checkouts an hour', async () => {
    demo();
    for (let i = 0; i < 20; i += 1) expect((await post({ dollars: 25, email: 'many@example.com' }, undefined, '192.0.2.77')).status).toBe(200);
    const refused = await post({ dollars: 25, email: 'many@example.com' }, undefined, '192.0.2.77');
    expect(refused.status).toBe(429);
    expect((await post({ dollars: 25, email: 'many@example.com' }, undefined, '192.0.2.78')).status).toBe(200);
  });
});

describe("the owner's amounts", () => {
  it('reads the typed list in whole dollars in steps of $5 from $25 to $500, with one sentence for what is wrong', () => {
    expect(parseGiftCardAmounts('$75, 25 300 25')).toEqual({ ok: true, amounts: [25, 75, 300] });
    expect(parseGiftCardAmounts('20')).toEqual({ ok: false, error: 'The smallest gift card is $25.' });
    expect(parseGiftCardAmounts('505')).toEqual({ ok: false, error: 'The largest gift card is $500.' });
    expect(parseGiftCardAmounts('30, 33')).toEqual({ ok: false, error: 'Amounts go in steps of $5.' });
    expect(parseGiftCardAmounts('50.5')).toEqual({ ok: false, error: '“50.5” is not an amount in whole dollars.' });
    expect(parseGiftCardAmounts('')).toEqual({ ok: false, error: 'Keep at least one amount.' });
    expect(parseGiftCardAmounts(Array.from({ length: 13 }, (_, i) => 25 + 5 * i).join(','))).toEqual({ ok: false, error: 'At most 12 amounts.' });
  });

  it('are the defaults until the owner saves others, which the API then sells; each change is logged with who', async () => {
    const db = await getDb();
    const owner = await signedIn(db, 'owner');
    const customer = await signedIn(db);
    expect(await giftCardAmounts(db)).toEqual(DEFAULT_GIFT_CARD_AMOUNTS);
    const refused = await callRoute(handleGiftCardAmountsWrite, {}, { ...jsonInit('PUT', { amounts: [40] }, customer.cookie), path: '/api/desk/gift-cards/' });
    expect(refused.status).toBe(403);

    const put = await callRoute(handleGiftCardAmountsWrite, {}, { ...jsonInit('PUT', { amounts: [300, 40, 40] }, owner.cookie), path: '/api/desk/gift-cards/' });
    expect(await put.json()).toEqual({ amounts: [40, 300], changed: true });
    const read = await callRoute(handleGiftCardAmountsRead, {}, { method: 'GET', headers: { cookie: owner.cookie }, path: '/api/desk/gift-cards/' });
    expect(await read.json()).toEqual({ amounts: [40, 300] });
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'gift-cards')).orderBy(desc(activityLog.id));
    expect(entry).toMatchObject({ actorId: owner.userId, action: 'changed', summary: 'Gift cards $25, $50, $100, $150, $200, $500 → $40, $300' });
    expect(await saveGiftCardAmounts(db, [300, 40], { userId: owner.userId, name: 'Owner' })).toEqual({ amounts: [40, 300], changed: false });
    expect(await db.select().from(activityLog).where(eq(activityLog.kind, 'gift-cards'))).toHaveLength(1);

    const bad = await callRoute(handleGiftCardAmountsWrite, {}, { ...jsonInit('PUT', { amounts: [20] }, owner.cookie), path: '/api/desk/gift-cards/' });
    expect(bad.status).toBe(422);
    await saveGiftCardAmounts(db, DEFAULT_GIFT_CARD_AMOUNTS, { userId: owner.userId, name: 'Owner' });
  });
});

describe('account credit pays a package first', () => {
  async function customerWithCredit(cents: number) {
    const db = await getDb();
    const customerId = await insertUser(db);
    const [user] = await db.select().from(users).where(eq(users.id, customerId));
    await db.transaction((tx) => grantCredit(tx, { customerId, cents, reason: 'deposit-credited' }));
    return { db, customerId, buyer: { userId: customerId, email: user!.email! } };
  }

  it('moves the credit, up to the total, onto a store gift card applied to the cart, mailed, spent once however often CHECK OUT is pressed', async () => {
    const { deps } = demo();
    const { db, customerId, buyer } = await customerWithCredit(5_000);
    const first = await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
    const again = await startCheckout({ buyer, pvIds: [threeSessions().pvId], checkoutId: first.checkoutId });
    expect(again.checkoutId).toBe(first.checkoutId);
    expect(await creditBalanceCents(db, customerId)).toBe(0);
    const ledger = await db.select().from(accountCredits).where(eq(accountCredits.customerId, customerId)).orderBy(desc(accountCredits.id));
    expect(ledger[0]).toMatchObject({ amountCents: -5_000, reason: 'spent-on-package', giftCardLast4: expect.stringMatching(/^[A-Z2-9]{4}$/) });
    expect(ledger).toHaveLength(2);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toMatch(/credit is on a gift card: \$50\.00$/);
    expect(mail!.text).toContain(ledger[0]!.giftCardLast4!);

    const view = await demoCheckoutView(tokenOf(first.checkoutId), deps);
    expect(view).toMatchObject({ status: 'open', toPayCents: 3_100, giftCards: [{ lastCharacters: ledger[0]!.giftCardLast4, usedCents: 5_000 }] });
    expect(await payDemoCheckout(tokenOf(first.checkoutId), deps)).toMatchObject({ status: 'paid', order: { chargedCents: 3_100 }, outcome: { status: 'credited' } });
  });

  it('pays the whole package when the credit is larger, keeping the rest as credit', async () => {
    demo();
    const { db, customerId, buyer } = await customerWithCredit(10_000);
    await startCheckout({ buyer, pvIds: [threeSessions().pvId] });
    expect(await creditBalanceCents(db, customerId)).toBe(1_900);
  });

  it('goes ahead without the credit at a store that cannot issue gift cards for it (a real store without an admin token)', async () => {
    demo();
    const { db, customerId, buyer } = await customerWithCredit(5_000);
    const other = await customerWithCredit(1);
    await other.db.delete(accountCredits).where(eq(accountCredits.customerId, other.customerId));
    const cart = (await getCart((await startCheckout({ buyer: other.buyer, pvIds: [threeSessions().pvId] })).checkoutId))!;
    expect(cart.appliedGiftCards).toEqual([]);
    expect(await applyAccountCredit(db, cart, buyer, undefined)).toEqual({ cart });
    expect(await creditBalanceCents(db, customerId)).toBe(5_000);
  });

  it('checks out without the credit, which stays in the ledger, when the store cannot issue the card now', async () => {
    demo();
    const { db, customerId, buyer } = await customerWithCredit(5_000);
    const failing = { issue: async () => Promise.reject(new Error('store down')), void: async () => undefined };
    const other = await startGiftCardCheckout({ dollars: 25, email: buyer.email });
    const cart = (await getCart(other.checkoutId))!;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await applyAccountCredit(db, cart, buyer, failing)).toEqual({ cart });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('checking out without it'), expect.any(Error));
    errors.mockRestore();
    expect(await creditBalanceCents(db, customerId)).toBe(5_000);
  });

  it('keeps the card and its mailed code when it cannot be applied to the cart: the customer types it instead', async () => {
    const { shop } = demo();
    const { db, customerId, buyer } = await customerWithCredit(2_000);
    const started = await startGiftCardCheckout({ dollars: 25, email: 'someone@example.com' });
    const cart = (await getCart(started.checkoutId))!;
    const issuer = { issue: async () => ({ code: 'ZZZZYYYYXXXXWWWW' }), void: async () => undefined };
    shop.failNext('network');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const applied = await applyAccountCredit(db, cart, buyer, issuer);
    errors.mockRestore();
    expect(applied.cart).toBe(cart);
    expect(applied.mailId).toEqual(expect.any(Number));
    expect(await creditBalanceCents(db, customerId)).toBe(0);
    expect((await mailsTo(buyer.email))[0]!.text).toContain('ZZZZ YYYY XXXX WWWW');
  });
});

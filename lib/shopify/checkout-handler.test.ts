import { eq } from 'drizzle-orm';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { createSession } from '@/lib/auth/session';
import { sessionCookieName } from '@/lib/auth/cookies';
import { allGroupedPackages, isFirstVisitOffer } from '@/lib/catalog/catalog';
import { appointments } from '@/lib/db/schema';
import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { setShopifyFetchForTests } from './client';
import { forgetCheckoutsForTests } from './checkout';
import { handleCheckoutRequest, handleNewClientRequest } from './checkout-handler';
import { installDemoShop } from './demo/testing';
import { revalidateSkuVariantMap } from './index';

jest.setTimeout(120_000);
createTempDataDir('shop-checkout-');
afterAll(closeDb);

const SITE = 'http://localhost:3000';
const offer = () => allGroupedPackages().find((candidate) => candidate.pvQtyCombined === 3 && candidate.discPrcentage)!;

async function signedIn(): Promise<string> {
  return (await signedInCustomer()).cookie;
}

async function signedInCustomer(): Promise<{ userId: string; cookie: string }> {
  const db = await getDb();
  const userId = await insertUser(db);
  const { token } = await createSession(db, userId);
  return { userId, cookie: `${sessionCookieName()}=${token}` };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api/shop/checkout/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, ...headers },
    body: JSON.stringify(body),
  });
}

let errorLog: jest.SpyInstance;
beforeEach(async () => {
  await forgetCheckoutsForTests();
  revalidateSkuVariantMap();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setShopifyFetchForTests(undefined);
  errorLog.mockRestore();
});

describe('POST /api/shop/checkout/', () => {
  it('answers the cart id to store and the checkout address for a signed-in customer, and reuses the cart next time', async () => {
    installDemoShop();
    const cookie = await signedIn();
    const first = await handleCheckoutRequest(post({ pvIds: [offer().pvId], checkoutId: '' }, { cookie }));
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { checkoutId: string; checkoutUrl: string };
    expect(answer.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/demo-checkout\/[A-Za-z0-9_-]+\/$/);
    await forgetCheckoutsForTests();
    const again = await handleCheckoutRequest(post({ pvIds: [offer().pvId], checkoutId: answer.checkoutId }, { cookie }));
    expect(((await again.json()) as { checkoutId: string }).checkoutId).toBe(answer.checkoutId);
  });

  it('refuses another origin (403) and a visitor who is not signed in (401)', async () => {
    const shop = installDemoShop();
    const cookie = await signedIn();
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, { cookie, origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId] }))).status).toBe(401);
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, { cookie: 'bnp_session=forged' }))).status).toBe(401);
    expect(shop.calls).toHaveLength(0);
  });

  it('answers bad bodies with 4xx and a clear message, never 500', async () => {
    installDemoShop();
    const cookie = await signedIn();
    expect((await handleCheckoutRequest(post({ pvIds: ['nope'] }, { cookie }))).status).toBe(422);
    expect((await handleCheckoutRequest(post({ pvIds: [offer().pvId], checkoutId: '<script>' }, { cookie }))).status).toBe(422);
    const notJson = new Request(`${SITE}/api/shop/checkout/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, cookie }, body: '{' });
    expect((await handleCheckoutRequest(notJson)).status).toBe(400);
  });

  it("fails an empty cart with a clear message and 'Empty booking cart!' in the log; more than one item with the warning", async () => {
    installDemoShop();
    const cookie = await signedIn();
    const empty = await handleCheckoutRequest(post({ pvIds: [] }, { cookie }));
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({ error: { code: 'empty-cart', message: 'Your shopping cart is empty. Add a package or bundle, then check out.' } });
    expect(errorLog).toHaveBeenCalledWith('Empty booking cart!');
    const two = allGroupedPackages().slice(0, 2).map((candidate) => candidate.pvId);
    const many = await handleCheckoutRequest(post({ pvIds: two }, { cookie }));
    expect(await many.json()).toEqual({ error: { code: 'too-many-items', message: 'One item allowed only!' } });
  });

  it('says the shop cannot be reached (503) when it is down, with a sentence for the person', async () => {
    const shop = installDemoShop();
    const cookie = await signedIn();
    shop.failNext('network', 3);
    const down = await handleCheckoutRequest(post({ pvIds: [offer().pvId] }, { cookie }));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      error: { code: 'unreachable', message: 'The shop cannot be reached right now. Your cart is kept; please try again in a minute.' },
    });
  });
});

describe('first-visit offers for new clients only (DESIGN.md)', () => {
  const firstVisit = () => allGroupedPackages().find((candidate) => isFirstVisitOffer(candidate))!;
  const NOT_NEW = 'This first-session offer is for new clients, and you have visited us before. Please remove it: the service’s packages are on its page.';

  it('refuses the offer at checkout (409, a sentence) once the desk marked a visit attended, and says so to GET /api/shop/new-client/', async () => {
    const shop = installDemoShop();
    const db = await getDb();
    const { userId, cookie } = await signedInCustomer();
    const ask = async () => (await handleNewClientRequest(new Request(`${SITE}/api/shop/new-client/`, { headers: { cookie } }))).json();
    expect(await ask()).toEqual({ newClient: true });
    await insertAppointment(db, { customerId: userId, therapistId: 1, start: '2026-11-03T15:00:00Z', minutes: 30 });
    await db.update(appointments).set({ attendance: 'completed' }).where(eq(appointments.customerId, userId));
    const calls = shop.calls.length;
    const refused = await handleCheckoutRequest(post({ pvIds: [firstVisit().pvId] }, { cookie }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'not-new-client', message: NOT_NEW } });
    expect(shop.calls.length).toBe(calls);
    expect(await ask()).toEqual({ newClient: false, message: NOT_NEW });
  });

  it('answers 401 to GET /api/shop/new-client/ without a session', async () => {
    const answer = await handleNewClientRequest(new Request(`${SITE}/api/shop/new-client/`));
    expect(answer.status).toBe(401);
  });
});

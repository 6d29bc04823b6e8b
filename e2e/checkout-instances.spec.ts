import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page, Response } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { signUpByApi } from './support/mail';
import { BUY, PACKAGE_PATH, PASSWORD, unique } from './support/journeys';
import { freshDataDir, portFromE2e, startNextServer, type NextServer } from './support/next-server';

/**
 * Two instances of the site behind one load balancer, as the README promises they may run: two servers of one
 * production build on one PostgreSQL server, sharing one shop (the demo shop's files, as two servers share one
 * Shopify store). One signed-in customer presses CHECK OUT on both at once: one cart. The per-user lock and the last
 * cart live in the database (lib/shopify/checkout.ts); with them in process memory, each server made its own cart.
 *
 * The default server of the run stays on PGlite: scripts/test-all.sh runs the suite inside scripts/with-postgres.sh
 * and hands the throw-away server's URL to this spec only, as E2E_POSTGRES_URL.
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;

// Sign-up hashes a password and two fresh servers open the database: slow on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

let servers: NextServer[] = [];
let dataDir = '';

test.beforeAll(async () => {
  if (!POSTGRES_URL) {
    throw new Error(
      'e2e/checkout-instances.spec.ts needs E2E_POSTGRES_URL (a PostgreSQL server for its two instances): run the suite through ' +
        `scripts/with-postgres.sh, as scripts/test-all.sh does: bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npm run test:e2e'`,
    );
  }
  test.setTimeout(240_000);
  // One folder for both: with DATABASE_URL it holds only the outbox and the demo shop's carts and orders.
  dataDir = freshDataDir('checkout-instances');
  const vars = { DATABASE_URL: POSTGRES_URL, DATA_DIR: dataDir };
  servers = await Promise.all([startNextServer(portFromE2e(40), vars), startNextServer(portFromE2e(41), vars)]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
});

/** The demo shop's carts (one JSON file each, shared by both servers) that belong to a user (note = user id). */
function cartsOf(userId: string): string[] {
  const folder = path.join(dataDir, 'demo-shop');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.cart.json'))
    .filter((file) => (JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { note: string | null }).note === userId);
}

/** A signed-in API session on one server: its Origin on every request, as the site's own pages send. */
async function signedInApi(origin: string, name: string): Promise<{ api: APIRequestContext; userId: string }> {
  const api = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const profile = await signUpByApi(api, { name, email: `${name.toLowerCase()}-${unique()}@example.com`, password: PASSWORD });
  return { api, userId: profile.id };
}

async function pageOn(browser: Browser, storageState: Awaited<ReturnType<APIRequestContext['storageState']>>): Promise<{ a: Page; b: Page; errors: string[] }> {
  // One browser, as one person with two tabs: cookies are per host, not per port, so both servers see the session.
  const context = await browser.newContext({ storageState, timezoneId: 'America/New_York', locale: 'en-US' });
  const errors: string[] = [];
  const a = await context.newPage();
  const b = await context.newPage();
  for (const page of [a, b]) page.on('pageerror', (error) => errors.push(error.message));
  return { a, b, errors };
}

const checkoutAnswer = (page: Page) => page.waitForResponse((response: Response) => new URL(response.url()).pathname === '/api/shop/checkout/' && response.request().method() === 'POST');

test('one signed-in customer presses CHECK OUT on two instances at once: one cart', async ({ browser }) => {
  const [one, two] = servers;
  const { api, userId } = await signedInApi(one!.origin, 'Dee');
  const { a, b, errors } = await pageOn(browser, await api.storageState());

  // The package into the shop cart on the first server; the second sees the same cart cookie.
  await a.goto(`${one!.origin}${PACKAGE_PATH}`);
  await a.getByRole('button', { name: BUY }).first().click();
  const drawerA = a.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(drawerA).toBeVisible();
  await b.goto(`${two!.origin}${PACKAGE_PATH}`);
  await b.getByRole('button', { name: 'Shopping Cart (1)' }).click();
  const drawerB = b.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(drawerB).toBeVisible();

  const answers = Promise.all([checkoutAnswer(a), checkoutAnswer(b)]);
  await Promise.all([drawerA.getByRole('button', { name: 'CHECK OUT' }).click(), drawerB.getByRole('button', { name: 'CHECK OUT' }).click()]);
  const [answerA, answerB] = await answers;
  expect([answerA.status(), answerB.status()]).toEqual([200, 200]);

  // Each tab lands on its own server's checkout page, of one and the same cart.
  const landing = /\/demo-checkout\/([A-Za-z0-9_-]+)\/$/;
  await expect(a).toHaveURL(landing, { timeout: 30_000 });
  await expect(b).toHaveURL(landing, { timeout: 30_000 });
  expect(new URL(a.url()).origin).toBe(one!.origin);
  expect(new URL(b.url()).origin).toBe(two!.origin);
  const token = landing.exec(a.url())![1]!;
  expect(landing.exec(b.url())![1]).toBe(token);
  await expect(b.getByRole('button', { name: 'Pay $81' })).toBeVisible();
  expect(cartsOf(userId)).toEqual([`${token}.cart.json`]);
  expect(errors).toEqual([]);
  await api.dispose();
});

test('three customers, each pressing on both instances at once through the API: one cart each', async () => {
  const [one, two] = servers;
  for (const name of ['Eli', 'Fay', 'Gus']) {
    const { api, userId } = await signedInApi(one!.origin, name);
    // The second server's requests carry its own Origin; the session cookie is the same.
    const other = await playwrightRequest.newContext({ baseURL: two!.origin, extraHTTPHeaders: { origin: two!.origin }, storageState: await api.storageState() });
    const item = await itemId(api);
    const [first, second] = await Promise.all([
      api.post('/api/shop/checkout/', { data: { pvIds: [item], checkoutId: '' } }),
      other.post('/api/shop/checkout/', { data: { pvIds: [item], checkoutId: '' } }),
    ]);
    expect([first.status(), second.status()], `${await first.text()} ${await second.text()}`).toEqual([200, 200]);
    const a = (await first.json()) as { checkoutId: string };
    const b = (await second.json()) as { checkoutId: string };
    expect(b.checkoutId).toBe(a.checkoutId);
    expect(cartsOf(userId)).toHaveLength(1);
    await Promise.all([api.dispose(), other.dispose()]);
  }
});

/** The pvId of the package the journeys buy, read from its page's BUY button. */
async function itemId(api: APIRequestContext): Promise<string> {
  const html = await (await api.get(PACKAGE_PATH)).text();
  const match = /data-pv-id="([0-9a-fA-F-]{36})"/.exec(html);
  expect(match, 'a data-pv-id on the package page').not.toBeNull();
  return match![1]!;
}

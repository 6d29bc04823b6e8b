import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, request as apiRequest, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { formatUsd } from '../lib/catalog/format';
import { decodeSearchIndex } from '../lib/catalog/search';
import { emptyBookingCard } from '../lib/booking/card';
import { bookingCardToCookie } from '../lib/persistence/card';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { addToCard } from '../stores/card-edits';
import { addServiceSql, createDatabase, publishPriceSql, retireServiceSql } from './support/catalog-sql';
import { watchConsole } from './support/console';
import { signUp, unique } from './support/journeys';
import { OWNER_DOMAIN } from '../playwright.config';
import { freshDataDir, portFromE2e, startNextServer, type NextServer } from './support/next-server';

/**
 * A price published on one instance shows on another instance on the same PostgreSQL within 10 seconds, without a
 * restart or a rebuild: the service page (its price and its JSON-LD), the booking page's total and the drawer, while
 * the page stays one cached file for every visitor (s-maxage, no cookie) before and after. Each instance learns of the
 * change from the database (LISTEN, or its poll), never from the request that made it (lib/catalog/live.ts). The change
 * is written as the owner's editor publishes it (e2e/support/catalog-sql.ts); the editor's own journey comes with it.
 *
 * Needs E2E_POSTGRES_URL, as e2e/checkout-instances.spec.ts does; its instances use a database of their own there.
 * Ports: E2E_PORT + 44, and one the system gives (E2E_PORT + 40 to 43 are the other two-instance journeys').
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
const SERVICE = allServiceItems().find((item) => item.moniker === 'womens-brazilian-wax')!;
const PAGE = `/services/${SERVICE.moniker}/`;
const NEW_PRICE = SERVICE.price + 24;
const WITHIN_MS = 10_000;

test.describe.configure({ timeout: 240_000 });

let servers: NextServer[] = [];
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

/** A port nothing listens on now, from the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  // Two production servers, one after the other: the first migrates and seeds the new database.
  test.setTimeout(180_000);
  if (!POSTGRES_URL) {
    throw new Error(
      'e2e/catalog-live.spec.ts needs E2E_POSTGRES_URL: run it through scripts/with-postgres.sh, as scripts/test-all.sh does: ' +
        `bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npm run test:e2e'`,
    );
  }
  database = await createDatabase(POSTGRES_URL, `catalog_live_${process.pid}`);
  const vars = { DATABASE_URL: database.url, DATA_DIR: freshDataDir('catalog-live'), OWNER_EMAILS: OWNER_DOMAIN };
  // One after the other: the first seeds the new database.
  servers.push(await startNextServer(portFromE2e(44), vars));
  servers.push(await startNextServer(await freePort(), vars));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  servers = [];
  await database?.drop();
});

interface ServedPage {
  html: string;
  cacheControl: string;
  setCookie: string | undefined;
  jsonLdPrice: string | undefined;
}

/** The page as a visitor without cookies gets it, with the price its Service JSON-LD offers. */
async function served(api: APIRequestContext, path: string): Promise<ServedPage> {
  const response = await api.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type'?: string; offers?: { price?: string } });
  return {
    html,
    cacheControl: response.headers()['cache-control'] ?? '',
    setCookie: response.headers()['set-cookie'],
    jsonLdPrice: jsonLd.find((data) => data['@type'] === 'Service')?.offers?.price,
  };
}

/** One cached file for every visitor: shared caches may keep it, and it sets no cookie. */
function expectCachedForEveryone(page: ServedPage) {
  expect(page.cacheControl).toMatch(/\bs-maxage=\d+/);
  expect(page.cacheControl).not.toMatch(/private|no-store/);
  expect(page.setCookie).toBeUndefined();
}

/** A browser whose booking cart holds the service, on one instance. */
async function cartOn(browser: Browser, origin: string): Promise<{ page: Page; errors: string[] }> {
  const card = addToCard(emptyBookingCard(), { id: SERVICE.id, areaId: SERVICE.areaId, svcTypeId: SERVICE.svcType, gen: SERVICE.gen, svcId: SERVICE.value, duration: SERVICE.duration }, { location: 1 }).card;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York', locale: 'en-US' });
  await context.addCookies([{ name: COOKIE_NAMES.card, value: bookingCardToCookie(card), url: origin }]);
  const page = await context.newPage();
  return { page, errors: watchConsole(page) };
}

/** The booking page's total, and the booking drawer's line on the service page. */
async function pricesShown(page: Page, origin: string): Promise<{ total: string; drawer: string }> {
  await page.goto(`${origin}/booking/`);
  const total = (await page.getByTestId('summary-total-price').innerText()).trim();
  await page.goto(`${origin}${PAGE}`);
  await page.getByRole('button', { name: 'Booking Cart (1)' }).click();
  const drawer = (await page.getByRole('dialog', { name: 'Booking Cart(1)' }).getByRole('listitem').innerText()).trim();
  return { total, drawer };
}

test('a price published on one instance shows on the other within 10 s: its page, JSON-LD, booking total and drawer, still one cached file', async ({ browser }) => {
  const [a, b] = servers;
  const api = await apiRequest.newContext({ baseURL: b!.origin });
  const { page, errors } = await cartOn(browser, b!.origin);

  // Before: the seed's price, on a page every visitor shares.
  const before = await served(api, PAGE);
  expectCachedForEveryone(before);
  expect(before.html).toContain(formatUsd(SERVICE.price));
  expect(before.jsonLdPrice).toBe(SERVICE.price.toFixed(2));
  expect((await served(api, PAGE)).html).toBe(before.html);
  expect(await pricesShown(page, b!.origin)).toEqual({ total: formatUsd(SERVICE.price), drawer: expect.stringContaining(formatUsd(SERVICE.price)) });

  // The owner's change, published on the database instance A runs on.
  const published = Date.now();
  await publishPriceSql(database!.url, SERVICE.moniker, NEW_PRICE);
  await expect
    .poll(async () => (await served(api, PAGE)).jsonLdPrice, { timeout: WITHIN_MS, intervals: [100] })
    .toBe(NEW_PRICE.toFixed(2));
  const seconds = (Date.now() - published) / 1000;
  console.log(`catalog-live: the new price showed on the other instance's page ${seconds.toFixed(2)} s after it was published`);
  expect(seconds).toBeLessThan(WITHIN_MS / 1000);

  // After: the new price, on a page every visitor still shares.
  const after = await served(api, PAGE);
  expectCachedForEveryone(after);
  expect(after.html).toContain(formatUsd(NEW_PRICE));
  expect((await served(api, PAGE)).html).toBe(after.html);
  expect(await pricesShown(page, b!.origin)).toEqual({ total: formatUsd(NEW_PRICE), drawer: expect.stringContaining(formatUsd(NEW_PRICE)) });
  // The instance whose database it was shows it as well.
  const onA = await apiRequest.newContext({ baseURL: a!.origin });
  expect((await served(onA, PAGE)).jsonLdPrice).toBe(NEW_PRICE.toFixed(2));

  expect(errors).toEqual([]);
  await Promise.all([api.dispose(), onA.dispose(), page.context().close()]);
});

test('a retired service leaves the menu, sitemap and search and its page sends to its menu; a new one has its page at once', async ({ browser }) => {
  const [, b] = servers;
  const api = await apiRequest.newContext({ baseURL: b!.origin });
  const retired = allServiceItems().find((item) => item.moniker === 'womens-bikini-line-wax')!;
  const added = { id: randomUUID(), moniker: 'womens-hollywood-wax', sku: 'WWHR099', name: 'Hollywood', price: 88 };
  const MENU = '/services/womens-wax/';
  const status = async (path: string) => (await api.get(path, { maxRedirects: 0 })).status();
  const searched = async () => decodeSearchIndex(await (await api.get('/catalog-search.json')).json()).map((entry) => entry.href);
  expect(await status(`/services/${retired.moniker}/`)).toBe(200);
  expect(await status(`/services/${added.moniker}/`)).toBe(404);
  expect(await searched()).toContain(`/services/${retired.moniker}/`);

  await retireServiceSql(database!.url, retired.moniker);
  await addServiceSql(database!.url, SERVICE.moniker, added);

  // The retired service's page: a permanent redirect to the menu of its tab and gender, at the same location.
  await expect.poll(() => status(`/services/${retired.moniker}/`), { timeout: WITHIN_MS }).toBe(308);
  expect((await api.get(`/services/${retired.moniker}/`, { maxRedirects: 0 })).headers().location).toContain(MENU);
  expect((await api.get(`/midtown/services/${retired.moniker}/`, { maxRedirects: 0 })).headers().location).toContain(`/midtown${MENU}`);
  const menu = (await served(api, MENU)).html;
  expect(menu).not.toContain(`href="/services/${retired.moniker}/"`);
  expect(menu).toContain(`href="/services/${added.moniker}/"`);
  const sitemap = await (await api.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain(`/services/${retired.moniker}/`);
  expect(sitemap).toContain(`/services/${added.moniker}/`);
  expect(await searched()).not.toContain(`/services/${retired.moniker}/`);
  expect(await searched()).toContain(`/services/${added.moniker}/`);

  // The new service's page, rendered at its first view and then one cached file like the others.
  const page = await served(api, `/services/${added.moniker}/`);
  expectCachedForEveryone(page);
  expect(page.html).toContain(`${added.name} for Women in NYC</h1>`);
  expect(page.jsonLdPrice).toBe(added.price.toFixed(2));
  // An address that names no service is still the whole 404 page, answered before anything renders.
  const unknown = await api.get('/services/womens-no-such-wax/');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('<h1>Error 404 (Not Found)</h1>');

  // A visitor following an old link lands on the menu.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const errors = watchConsole(visitor);
  await visitor.goto(`${b!.origin}/services/${retired.moniker}/`);
  await expect(visitor).toHaveURL(`${b!.origin}${MENU}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText("Women's Waxing");
  expect(errors).toEqual([]);
  await Promise.all([api.dispose(), context.close()]);
});

test("the owner changes the Brazilian wax's price in the menu editor on one instance; the other shows it within 10 s", async ({ browser }) => {
  const [a, b] = servers;
  const price = SERVICE.price + 31;
  const context = await browser.newContext({ baseURL: a!.origin, viewport: { width: 1440, height: 900 } });
  const owner = await context.newPage();
  const errors = watchConsole(owner);
  await signUp(owner, 'Olive Owner', `owner-${unique()}${OWNER_DOMAIN}`, '/desk/menu/');
  await expect(owner).toHaveURL(/\/desk\/menu\/$/);
  const finder = owner.getByRole('search', { name: 'Find a service' });
  await finder.getByLabel('Name or code').fill('brazilian');
  await finder.getByLabel('For').selectOption('women');
  await finder.getByLabel('Tab').selectOption({ label: 'Waxing' });
  await finder.getByRole('button', { name: 'Find' }).click();
  await owner.getByRole('list', { name: 'Services found' }).getByRole('link', { name: 'Brazilian', exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Brazilian' })).toBeVisible();
  const form = owner.getByRole('form', { name: 'Edit Brazilian' });
  await form.getByLabel('Price (USD)').fill(String(price));
  const saved = Date.now();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toContainText('Brazilian is saved');

  const api = await apiRequest.newContext({ baseURL: b!.origin });
  await expect.poll(async () => (await served(api, PAGE)).jsonLdPrice, { timeout: WITHIN_MS, intervals: [100] }).toBe(price.toFixed(2));
  console.log(`catalog-live: the editor's price showed on the other instance ${((Date.now() - saved) / 1000).toFixed(2)} s after Save`);
  const after = await served(api, PAGE);
  expectCachedForEveryone(after);
  expect(after.html).toContain(formatUsd(price));
  const { page, errors: visitorErrors } = await cartOn(browser, b!.origin);
  expect(await pricesShown(page, b!.origin)).toEqual({ total: formatUsd(price), drawer: expect.stringContaining(formatUsd(price)) });
  expect([...errors, ...visitorErrors]).toEqual([]);
  await Promise.all([api.dispose(), context.close(), page.context().close()]);
});

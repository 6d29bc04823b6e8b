import type { Page } from '@playwright/test';
import { expect, request as apiRequest, test } from './support/worker-server';
import { PACKAGE_PATH, PASSWORD, PACKAGE_TITLE, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { expectNoAxeViolations } from './support/axe';
import { runOnOwnServer } from './support/own-server';
import { allGroupedPackages } from '../lib/catalog/catalog';
import { offerPath } from '../lib/content/catalog-pages';
import { formatUsd } from '../lib/catalog/format';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { shopFromCookie, shopToCookie } from '../lib/persistence/lists';

// The shopping cart as a page (/cart/): what the header's Shopping Cart opens before the scripts run, and a cart that
// works without them. Its forms post, as every form of the site does without scripts.
test.describe.configure({ timeout: 120_000 });
// It signs a customer up: on a server of its own, the other journeys' hourly allowance of sign-ups stays theirs.
runOnOwnServer('shop-cart-page', 70);

const bought = allGroupedPackages().find((offer) => offer.pvTitle === PACKAGE_TITLE)!;
const other = allGroupedPackages().find((offer) => offer.pvId !== bought.pvId && offer.pvQtyCombined === 3)!;

/**
 * Failed requests and answers of 400 and above. Not failures: a payload prefetch the page's own form post cancels
 * (the browser leaves the page), and, with JavaScript off, the browser refusing the page's script preloads ('csp').
 */
function watchRequests(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => {
    const { errorText } = request.failure() ?? {};
    const url = new URL(request.url());
    if (errorText === 'net::ERR_ABORTED' && url.searchParams.has('_rsc')) return;
    if (errorText === 'csp' && url.pathname.endsWith('.js')) return;
    failures.push(`failed ${request.url()} ${errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

test('with JavaScript off on a 320 px phone: the cart page lists the cart, Remove takes one out, CHECK OUT signs in and opens the checkout', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 320, height: 700 }, isMobile: true, locale: 'en-US', timezoneId: 'America/New_York' });
  await context.addCookies([{ name: COOKIE_NAMES.shop, value: shopToCookie({ header: { customerId: '', checkoutId: '' }, pvItems: [other.pvId, bought.pvId] }), url: baseURL! }]);
  const page = await context.newPage();
  const failures = watchRequests(page);
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(decodeURIComponent(request.url())));
  const main = page.getByRole('main');

  await page.goto('/cart/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping cart');
  await expect(main.getByRole('listitem')).toHaveCount(2);
  await expect(main.getByRole('listitem').filter({ hasText: other.pvTitle })).toBeVisible();
  await expect(main.getByText('One item allowed only!')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await main.getByRole('button', { name: `Remove ${other.pvTitle}` }).click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(main.getByRole('listitem')).toHaveCount(1);
  await expect(main.getByRole('listitem').filter({ hasText: PACKAGE_TITLE })).toBeVisible();
  await expect(main.getByText('One item allowed only!')).toHaveCount(0);
  await expect(main.getByText(formatUsd(bought.pvPrice)).first()).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE_NAMES.shop)!;
  expect(shopFromCookie(cookie.value)?.pvItems).toEqual([bought.pvId]);

  // Signed out, CHECK OUT asks to sign in first and comes back to the cart.
  await main.getByRole('button', { name: 'CHECK OUT' }).click();
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fcart%2F$/);
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = `cart-${unique()}@example.com`;
  await signUpByApi(api, { name: 'Cara', email, password: PASSWORD });
  await api.dispose();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Carry on where you were' }).click();
  await expect(page).toHaveURL(/\/cart\/$/);

  await main.getByRole('button', { name: 'CHECK OUT' }).click();
  // The shop's own checkout (the demo shop's page here, which says it needs scripts), the shop's cart id kept.
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/);
  const kept = shopFromCookie((await context.cookies()).find((c) => c.name === COOKIE_NAMES.shop)!.value);
  expect(kept?.header.checkoutId).toMatch(/^gid:\/\/shopify\/Cart\//);
  expect(kept?.pvItems).toEqual([bought.pvId]);

  expect(failures).toEqual([]);
  for (const address of addresses) expect(address).not.toContain(PASSWORD);
  await context.close();
});

test('a refusal comes back to the cart page in a sentence, with the scripts running too; another site cannot post its forms', async ({ page, context, baseURL, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const failures = watchRequests(page);
  await context.addCookies([{ name: COOKIE_NAMES.shop, value: shopToCookie({ header: { customerId: '', checkoutId: '' }, pvItems: [bought.pvId] }), url: baseURL! }]);
  await page.goto('/cart/?error=already-bought');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^This first-session offer is for new clients/);
  await expectNoAxeViolations(page, 'the cart page with a refusal');
  await page.goto('/cart/?error=<script>');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping cart');
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  // With the scripts running the form still posts: the page comes back without the item, and the header agrees.
  await page.getByRole('main').getByRole('button', { name: `Remove ${PACKAGE_TITLE}` }).click();
  await expect(page.getByRole('main').getByText('Your shopping cart is empty.')).toBeVisible();
  await expect(page.getByTestId('shop-badge')).toBeHidden();
  const left = (await context.cookies()).find((c) => c.name === COOKIE_NAMES.shop);
  expect(left ? shopFromCookie(left.value)?.pvItems : []).toEqual([]);
  expect(errors).toEqual([]);
  expect(failures).toEqual([]);

  for (const path of ['/cart/remove/', '/cart/checkout/']) {
    const foreign = await request.post(path, { headers: { origin: 'https://evil.example' }, form: { item: bought.pvId }, maxRedirects: 0 });
    expect(foreign.status(), path).toBe(403);
  }
});

test('Buy without scripts puts the package in the cart; with another there, the cart page asks before replacing it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const failures = watchRequests(page);
  const main = page.getByRole('main');
  const cart = async () => shopFromCookie((await context.cookies()).find((c) => c.name === COOKIE_NAMES.shop)?.value)?.pvItems;

  await page.goto(PACKAGE_PATH);
  await main.getByRole('button', { name: `Buy: ${PACKAGE_TITLE}` }).click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(main.getByRole('listitem').filter({ hasText: PACKAGE_TITLE })).toBeVisible();
  expect(await cart()).toEqual([bought.pvId]);

  await page.goto(offerPath(other));
  await main.getByRole('button', { name: `Buy: ${other.pvTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/\\?offer=${other.pvId}$`));
  await expect(main.getByRole('alert')).toHaveText(`One item allowed only! Your shopping cart holds ${PACKAGE_TITLE}. Replace it with ${other.pvTitle}?`);
  expect(await cart()).toEqual([bought.pvId]);
  await main.getByRole('button', { name: `Replace with ${other.pvTitle}` }).click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(main.getByRole('listitem')).toHaveCount(1);
  await expect(main.getByRole('listitem').filter({ hasText: other.pvTitle })).toBeVisible();
  expect(await cart()).toEqual([other.pvId]);
  expect(failures).toEqual([]);
  await context.close();
});

test('Buy tapped before the scripts arrive is not lost: the browser posts it and the cart page shows the package', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Never answered: the page stays as its server HTML.
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, () => undefined);
  await page.goto(PACKAGE_PATH, { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByRole('button', { name: `Buy: ${PACKAGE_TITLE}` }).tap();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: PACKAGE_TITLE })).toBeVisible();
  await context.close();
});

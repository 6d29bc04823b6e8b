import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { authCookieValue } from '@/lib/persistence/auth';
import { watchConsole } from './support/console';

// Catalogue pages are prerendered once for everybody. A visitor with saved state gets the page's twin, rendered per
// request with the cookies read on the server, so the badges, the profile menu and the favourite and booked marks
// are right in the server HTML (issue 4, item 3). Visitors without those cookies keep the prerendered file.
test.describe.configure({ timeout: 90_000 });

const PAGE = '/services/womens-wax/';
const badge = (name: string, count: number) => new RegExp(`data-testid="${name}-badge"[^>]*>${count}<`);

/** Two services booked, one favourite, one package in the shopping cart, made through the pages themselves. */
async function saveSomeState(page: Page) {
  await page.goto('/specials/women/');
  await page.getByRole('button', { name: /^Buy/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart(1)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(PAGE);
  await page.getByRole('button', { name: /^Add to booking/ }).nth(0).click();
  await page.getByRole('button', { name: /^Add to booking/ }).nth(1).click();
  await page.getByRole('button', { name: /^Favourite/ }).nth(2).click();
  await expect(page.locator('[data-testid="favorites-badge"]:visible')).toHaveText('1');
  await expect(page.locator('[data-testid="booking-badge"]:visible')).toHaveText('2');
}

test('with saved state the server HTML has the badges and marks; without it the prerendered file is served', async ({ page, baseURL }) => {
  await saveSomeState(page);

  const personal = await page.request.get(PAGE);
  expect(personal.status()).toBe(200);
  const html = await personal.text();
  expect(html).toMatch(badge('booking', 2));
  expect(html).toMatch(badge('favorites', 1));
  expect(html).toMatch(badge('shop', 1));
  expect(html.match(/aria-label="Remove from booking: /g)).toHaveLength(2);
  expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
  // Sign-in links carry the address the visitor sees, not the twin's.
  expect(html).toContain(`href="/signin/?url=${encodeURIComponent(PAGE)}"`);
  expect(html).not.toContain('with-saved-state/services');
  // Per visitor: never stored by a shared cache.
  expect(personal.headers()['cache-control']).toContain('private');

  const stranger = await playwrightRequest.newContext({ baseURL });
  const prerendered = await stranger.get(PAGE);
  expect(prerendered.status()).toBe(200);
  expect(prerendered.headers()['x-nextjs-postponed']).toBeUndefined();
  expect(prerendered.headers()['cache-control']).not.toContain('private');
  const plain = await prerendered.text();
  expect(plain).not.toContain('-badge"');
  expect(plain).not.toContain('aria-pressed="true"');
  await stranger.dispose();
});

test('the page is right before any JavaScript runs, and hydrates without an error', async ({ page, browser }) => {
  await saveSomeState(page);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const bare = await noScript.newPage();
  await bare.goto(PAGE);
  await expect(bare.locator('[data-testid="booking-badge"]:visible')).toHaveText('2');
  await expect(bare.locator('[data-testid="favorites-badge"]:visible')).toHaveText('1');
  await expect(bare.locator('[data-testid="shop-badge"]:visible')).toHaveText('1');
  await expect(bare.getByRole('button', { name: /^Remove from booking/ })).toHaveCount(2);
  await expect(bare.getByRole('button', { name: /^Favourite/, pressed: true })).toHaveCount(1);
  await noScript.close();

  const errors = watchConsole(page);
  await page.reload();
  await expect(page.locator('[data-testid="booking-badge"]:visible')).toHaveText('2');
  await page.getByRole('button', { name: /^Add to booking/ }).first().click();
  await expect(page.locator('[data-testid="booking-badge"]:visible')).toHaveText('3');
  expect(errors).toEqual([]);
});

test('the profile menu of a signed-in visitor is in the server HTML', async ({ context, page, baseURL }) => {
  await context.addCookies([{ name: 'BnpAuth', value: authCookieValue({ id: '00000000-0000-4000-8000-000000000001', name: 'Ana' }), url: baseURL! }]);
  const html = await (await page.request.get('/about-us/')).text();
  expect(html).toMatch(/Hi, (<!-- -->)?Ana(<!-- -->)?!/);
  expect(html).toContain('Sign out');
  expect(html).not.toContain('>Sign in<');
});

test('client navigation between pages keeps the addresses, the badges, the marks and a working skip link', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(PAGE);
  // Prerendered page first; the first Add saves state, so the next page comes from its twin, by client navigation.
  await page.getByRole('button', { name: /^Add to booking/ }).first().click();
  await page.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Nolita' }).click();
  await expect(page).toHaveURL(/\/nolita\/services\//);
  await expect(page.locator('[data-testid="booking-badge"]:visible')).toHaveText('1');
  // Next.js keeps the page it left in the document, hidden: the skip link must lead to the main content shown.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(PAGE);
  await page.getByRole('button', { name: /^Favourite/ }).first().click();
  await expect(page.locator('[data-testid="favorites-badge"]:visible')).toHaveText('1');
  await page.getByRole('navigation', { name: 'Women or men' }).getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/mens-wax\/$/);
  await expect(page.locator('[data-testid="booking-badge"]:visible')).toHaveText('1');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('button', { name: /^Favourite/, pressed: true })).toHaveCount(1);
  await page.getByRole('link', { name: 'Favorites (1)' }).click();
  await expect(page).toHaveURL(/\/services\/favorites\/$/);
  // Known and left (docs/decisions.md): after the first cookie, the browser may prefetch segments of the prerendered
  // route tree it already holds, which the twin answers with 404. Navigation is unaffected; anything else fails.
  expect(errors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 404'))).toEqual([]);
});

test('with saved state an unknown page still answers 404, and a tampered cookie only empties its own store', async ({ page, context, baseURL }) => {
  await saveSomeState(page);
  const missing = await page.request.get('/services/no-such-service/');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Error 404 (Not Found)');
  expect((await page.request.get('/no-such-page/')).status()).toBe(404);
  expect((await page.request.get('/no/such/page/')).status()).toBe(404);

  await context.addCookies([{ name: 'bnp_card', value: 'eyJ2IjoxLCJoIjoidGFtcGVyZWQifQ', url: baseURL! }]);
  const tampered = await page.request.get(PAGE);
  expect(tampered.status()).toBe(200);
  const html = await tampered.text();
  expect(html).not.toContain('data-testid="booking-badge"');
  expect(html).toMatch(badge('favorites', 1));
});

test('the twin routes are not for search engines', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /with-saved-state/');
});

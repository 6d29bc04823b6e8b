import type { Browser, Page } from '@playwright/test';
import { expect, test, currentBaseURL } from './support/worker-server';
import { allServiceItems, isOfferedAt } from '../lib/catalog/catalog';
import { oftenBookedWith } from '../lib/catalog/often-booked';
import { SEARCH_INDEX_PATH, decodeSearchIndex } from '../lib/catalog/search';
import { CONTROL_CHARACTER_MESSAGE, TOO_LONG_MESSAGE } from '../lib/catalog/search-query';
import { DEFAULT_LOCATION, SITE_NAME } from '../lib/catalog/tables';
import { resolveCatalogPage, type ServicePage } from '../lib/content/catalog-pages';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { favoritesToCookie } from '../lib/persistence/lists';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

// The catalogue search on a phone (issue 13): the island on the services index, and the /search/ page that its form
// sends visitors without JavaScript to.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
test.use(PHONE);

const baseURL = () => currentBaseURL();

/**
 * Every answer of 400 or more, every request that failed outright, and every console error. With JavaScript off,
 * Chromium refuses the page's scripts (reported as 'csp'): that is the point, not a failure.
 */
function watchFailures(page: Page, { javaScript = true } = {}): { console: string[]; requests: string[] } {
  const found = { console: [] as string[], requests: [] as string[] };
  page.on('response', (response) => {
    if (response.status() >= 400) found.requests.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    if (!javaScript && error === 'csp' && request.resourceType() === 'script') return;
    found.requests.push(`${error} ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') found.console.push(message.text());
  });
  page.on('pageerror', (error) => found.console.push(error.message));
  return found;
}

async function phoneWithoutJavaScript(browser: Browser, width = 390) {
  const context = await browser.newContext({ ...PHONE, viewport: { width, height: 844 }, javaScriptEnabled: false, baseURL: baseURL(), locale: 'en-US', timezoneId: 'America/New_York' });
  return { context, page: await context.newPage() };
}

const expectNoHorizontalOverflow = (page: Page) => expectNoSidewaysScroll(page);

async function expectTouchTargets(page: Page, selector: string) {
  const heights = await page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
}

const results = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.getByRole('link', { name: /Women · |Men · / }) }).getByRole('link');

test('on a phone: type braz, see every Brazilian at once, tap one and land on its page', async ({ page }) => {
  const failures = watchFailures(page);
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SEARCH_INDEX_PATH) indexRequests.push(request.url());
  });
  await page.goto('/services/');
  const box = page.getByRole('searchbox', { name: 'Find a service' });
  await box.tap();
  await box.pressSequentially('braz');
  await expect(page.getByRole('status').filter({ hasText: 'services found' })).toHaveText('8 services found');
  await expect(results(page)).toHaveCount(8);
  await expect(results(page).first()).toContainText('Women · Waxing · $75 · 45 min');
  await expectTouchTargets(page, 'main form[role="search"] input, main form[role="search"] button');
  await expectTouchTargets(page, 'main ul a[href^="/services/"][class*="min-h-11"]');

  // Another keystroke narrows the list at once.
  await box.pressSequentially(' wax');
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).nth(1)).toContainText('Brozilian');

  const target = resolveCatalogPage('womens-brazilian-wax') as ServicePage;
  await results(page).first().tap();
  await expect(page).toHaveURL(/\/services\/womens-brazilian-wax\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.h1);
  expect(indexRequests).toHaveLength(1);
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual({ console: [], requests: [] });
});

test("the matcher's code loads on the box's first focus, not with the page, and the first keystrokes find services", async ({ page }) => {
  const failures = watchFailures(page);
  await page.goto('/services/womens-wax/');
  await page.waitForLoadState('networkidle');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const box = page.getByRole('searchbox', { name: 'Find a service' });
  await box.tap();
  await box.pressSequentially('braz');
  // The women's wax menu: the women's Brazilians first, the men's a tap away.
  const womens = allServiceItems().filter((item) => item.gen === 0 && /^Brazilian/.test(item.name)).length;
  await expect(page.getByRole('status').filter({ hasText: 'services found' })).toHaveText(`${womens} services found`);
  await expect(results(page)).toHaveCount(womens);
  // The search code (search-engine.ts) was not part of the page's first load: it arrived with the focus.
  expect(scripts.filter((path) => path.startsWith('/_next/static/chunks/')).length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual({ console: [], requests: [] });
});

const BOOKING_BADGE = '[data-testid="booking-badge"]:visible';
const magnifier = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search services' });
const resultLinks = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('list')
    .filter({ has: page.getByRole('link', { name: /Women · |Men · / }) })
    .getByRole('link');
const genderSwitch = (page: Page) => page.getByRole('group', { name: 'Show services for' });

/** On a service page: its heading, then the header's search opened with a tap, its box focused. */
async function openHeaderSearch(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await magnifier(page).tap();
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Find a service' });
  await expect(box).toBeFocused();
  await expect(magnifier(page)).toHaveAttribute('aria-expanded', 'true');
  return box;
}

test("on a service page the header's magnifier opens the search focused; results follow the page's gender and are added from the list", async ({ page }) => {
  const failures = watchFailures(page);
  const box = await openHeaderSearch(page, '/services/womens-brazilian-wax/');
  await box.pressSequentially('braz');
  await expect(genderSwitch(page).getByRole('button', { pressed: true })).toHaveText(/^Women \(\d+\)$/);
  await expect(resultLinks(page).first()).toBeVisible();
  for (const text of await resultLinks(page).allTextContents()) expect(text).toContain('Women · ');

  // The other gender, one tap away; then all.
  await genderSwitch(page).getByRole('button', { name: /^Men \(\d+\)$/ }).tap();
  await expect(resultLinks(page).first()).toContainText('Men · ');
  for (const text of await resultLinks(page).allTextContents()) expect(text).toContain('Men · ');
  await genderSwitch(page).getByRole('button', { name: 'All (8)' }).tap();
  await expect(resultLinks(page)).toHaveCount(8);
  await genderSwitch(page).getByRole('button', { name: /^Women/ }).tap();

  // A second service added from the list: the search stays open for a third.
  await box.fill('');
  await box.pressSequentially('underarm');
  const underarm = allServiceItems().find((item) => item.gen === 0 && item.moniker === 'womens-underarm-wax')!;
  await page.getByRole('banner').getByRole('button', { name: `Add to booking: ${underarm.name} (Women · Waxing)`, exact: true }).tap();
  await expect(page.getByRole('banner').getByRole('button', { name: `Added to booking: ${underarm.name}, press to remove (Women · Waxing)` })).toBeVisible();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  await expect(box).toBeVisible();

  // Escape twice: the query, then the search; the magnifier has the focus back.
  await box.press('Escape');
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(magnifier(page)).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual({ console: [], requests: [] });
});

test("a result's link in the header's search opens its page and closes the search", async ({ page }) => {
  const box = await openHeaderSearch(page, '/services/mens-wax/');
  await box.pressSequentially('brozilian sug');
  await resultLinks(page).first().tap();
  await expect(page).toHaveURL(/\/services\/mens-brozilian-sugaring\/$/);
  await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0);
  await expect(magnifier(page)).toHaveAttribute('aria-expanded', 'false');
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('the magnifier is in the header too, and its search is keyboard-usable with no axe violations', async ({ page }) => {
    await page.goto('/specials/men/');
    await magnifier(page).click();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Find a service' });
    await expect(box).toBeFocused();
    await page.keyboard.type('braz');
    await expect(genderSwitch(page).getByRole('button', { pressed: true })).toHaveText(/^Men \(\d+\)$/);
    await page.keyboard.press('ArrowDown');
    await expect(resultLinks(page).first()).toBeFocused();
    await expectNoAxeViolations(page, 'header search on /specials/men/, a result focused');
    await expectNoHorizontalOverflow(page);
  });
});

const oftenBooked = (page: Page) => page.getByRole('region', { name: 'Often booked with it' });

test("a service page's 'Often booked with it': four services of its gender, a second service in one tap", async ({ page }) => {
  const failures = watchFailures(page);
  await page.goto('/services/womens-brazilian-wax/');
  const brazilian = allServiceItems().find((item) => item.moniker === 'womens-brazilian-wax')!;
  // The build has no database: its page shows the same menu's services (the co-bookings come with the first render
  // after the start an hour on; lib/catalog/co-bookings.test.ts counts them).
  const expected = oftenBookedWith(brazilian, { coBookings: {}, services: allServiceItems(), offered: (item) => isOfferedAt(DEFAULT_LOCATION, item.svcType) });
  expect(expected).toHaveLength(4);
  const rows = oftenBooked(page).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  for (const [at, item] of expected.entries()) {
    await expect(rows.nth(at).getByRole('link', { name: item.name, exact: true })).toHaveAttribute('href', `/services/${item.moniker}/`);
  }
  // The journey's two taps: the service, then a second one from the list, still in the first screens of a phone.
  await page.getByRole('button', { name: `Add to booking: ${brazilian.name}`, exact: true }).tap();
  const second = rows.first().getByRole('button', { name: `Add to booking: ${expected[0]!.name}` });
  const box = (await second.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 * 1.5);
  await second.tap();
  await expect(rows.first().getByRole('button', { name: `Added to booking: ${expected[0]!.name}, press to remove` })).toBeVisible();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  await expectNoAxeViolations(page, "service page, a second service added from 'Often booked with it'");
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual({ console: [], requests: [] });
});

test("a men's service page lists men's services only", async ({ page }) => {
  await page.goto('/services/mens-brozilian-sugaring/');
  const links = oftenBooked(page).getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(4);
  for (const href of await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))) expect(href).toMatch(/^\/services\/mens-/);
});

test('without JavaScript the form sends the search to /search/, which lists the same services as links', async ({ browser }) => {
  const { context, page } = await phoneWithoutJavaScript(browser);
  const failures = watchFailures(page, { javaScript: false });
  await page.goto('/services/');
  await page.getByRole('searchbox', { name: 'Find a service' }).fill('braz');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\/\?q=braz$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search services');
  await expect(page).toHaveTitle(`Search services | ${SITE_NAME}`);
  const robots = await page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
  expect(robots.length).toBeGreaterThan(0);
  for (const content of robots) expect(content).toContain('noindex');
  await expect(page.getByRole('searchbox', { name: 'Find a service' })).toHaveValue('braz');
  await expect(page.getByRole('heading', { name: '8 services found' })).toBeVisible();
  await expect(results(page)).toHaveCount(8);
  await expectTouchTargets(page, 'main ul a[href^="/services/"]');
  await results(page).and(page.locator('[href="/services/mens-brozilian-sugaring/"]')).click();
  await expect(page).toHaveURL(/\/services\/mens-brozilian-sugaring\/$/);
  expect(failures).toEqual({ console: [], requests: [] });
  await context.close();
});

test('the results page answers an empty, an unmatched and a bad search with a message, never an error', async ({ browser }) => {
  const { context, page } = await phoneWithoutJavaScript(browser);
  const cases: [query: string, text: string][] = [
    ['', 'Type any word of a service’s name'],
    ['?q=', 'Type any word of a service’s name'],
    ['?q=zzzz', 'No service matches “zzzz”.'],
    [`?q=${'a'.repeat(101)}`, TOO_LONG_MESSAGE],
    ['?q=lip%00', CONTROL_CHARACTER_MESSAGE],
    ['?q=%0Abraz', CONTROL_CHARACTER_MESSAGE],
    ['?q=%E0%A4%A', ''],
    ['?q=braz&q=lip', '8 services found'],
  ];
  for (const [search, text] of cases) {
    const response = await page.goto(`/search/${search}`);
    expect(response?.status(), search).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search services');
    if (text) await expect(page.getByRole('main')).toContainText(text);
  }
  await context.close();
});

test('a visitor with saved state gets the same results page (no twin rewrite)', async ({ page, context }) => {
  const someService = allServiceItems()[0]!;
  await context.addCookies([{ name: COOKIE_NAMES.favorites, value: favoritesToCookie([someService.id]), url: baseURL() }]);
  const failures = watchFailures(page);
  const response = await page.goto('/search/?q=lip');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /services found$/ })).toBeVisible();
  await expect(results(page).filter({ hasText: 'Lip Blush' })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual({ console: [], requests: [] });
});

test('the index is one small static JSON file of every service, sent compressed', async ({ request }) => {
  const response = await request.get(SEARCH_INDEX_PATH, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  // server.mjs's keepContentTypeSingle: without it Next.js sent prerendered route handlers uncompressed.
  expect(response.headers()['content-encoding']).toBe('gzip');
  const entries = decodeSearchIndex(await response.json());
  expect(entries).toHaveLength(allServiceItems().length);
});

test('no axe violations (WCAG 2.1 A and AA) with results showing, on the results page and its error', async ({ page }) => {
  await page.goto('/services/');
  const box = page.getByRole('searchbox', { name: 'Find a service' });
  await box.tap();
  await box.pressSequentially('lip');
  await expect(page.getByRole('link', { name: /^See all \d+ services$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'services page, search results showing');
  await page.goto('/search/?q=lip');
  await expectNoAxeViolations(page, 'results page');
  await page.goto(`/search/?q=${'a'.repeat(101)}`);
  await expectNoAxeViolations(page, 'results page, a query too long');
});

test("no axe violations with the header's search open, its switch and results showing", async ({ page }) => {
  const box = await openHeaderSearch(page, '/services/womens-brazilian-wax/');
  await box.pressSequentially('braz');
  await expect(genderSwitch(page)).toBeVisible();
  await expectNoAxeViolations(page, 'header search open on a service page, results showing');
  await expectNoHorizontalOverflow(page);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("a service page with 'Often booked with it' does not scroll sideways", async ({ page }) => {
    await page.goto('/services/womens-brazilian-wax/');
    await expect(oftenBooked(page).getByRole('listitem')).toHaveCount(4);
    await expectNoHorizontalOverflow(page);
  });

  test("the header with its magnifier, and its search with results and Add, do not scroll sideways", async ({ page }) => {
    const box = await openHeaderSearch(page, '/services/womens-brazilian-wax/');
    await expectNoHorizontalOverflow(page);
    await box.pressSequentially('full leg');
    await expect(resultLinks(page).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, 'header [role="group"] button');
  });

  test('the services index with results showing does not scroll sideways', async ({ page }) => {
    await page.goto('/services/');
    const box = page.getByRole('searchbox', { name: 'Find a service' });
    await box.tap();
    await box.pressSequentially('deep tissue');
    await expect(results(page).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await box.fill('');
    await box.pressSequentially('a');
    await expect(page.getByRole('link', { name: /^See all \d+ services$/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // A pasted address or a long unbroken word: the 'No service matches' line wraps it.
    await box.fill('y'.repeat(100));
    await expect(page.getByRole('status').filter({ hasText: 'No service matches' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('the results page does not scroll sideways', async ({ browser }) => {
    const { context, page } = await phoneWithoutJavaScript(browser, 320);
    await page.goto('/search/?q=massage');
    await expect(results(page).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto(`/search/?q=${'a'.repeat(101)}`);
    await expectNoHorizontalOverflow(page);
    await page.goto(`/search/?q=${'y'.repeat(100)}`);
    await expect(page.getByRole('main')).toContainText('No service matches');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});

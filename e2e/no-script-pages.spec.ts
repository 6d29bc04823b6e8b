import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, request as apiRequest, test } from './support/worker-server';
import { resolveCatalogPage, type CatalogPage } from '../lib/content/catalog-pages';
import { allContentPages, contentPage } from '../lib/content/pages';
import { cardToCookie, emptyCard } from '../lib/persistence/card';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { sitemapEntries } from '../lib/seo/sitemap';
import { SALON_PHONE, SALON_PHONE_DISPLAY } from '../lib/site';
import { PASSWORD, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { attr, ServerHtml, textOf, type Element } from './support/server-html';
import { sweep } from './support/sweep';

// Search engines that run no scripts, browsers with scripts blocked and phones whose scripts have not arrived yet
// read the server HTML (issue 19). Every kind of page in the sitemap, every kind of 404 and the personal pages are
// read here twice without running a script: as plain HTTP, parsed like a browser with scripting off, and in
// Chromium with JavaScript disabled.

// Independent page reads: the workers share them instead of one taking the whole file.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const NOT_FOUND_TITLE = 'Error 404 (Not Found)';
const NOT_FOUND_SENTENCE = 'We couldn’t find that page. It may have moved, or the address may be mistyped.';
const LOADING_TEXT = /^(Loading|Preparing|Taking you)\b.*…$/;
const GUID = '00000000-0000-4000-8000-000000000001';

// ---- Which pages ----

/** The kind of a sitemap path, named after the route that serves it (a content page by its own kind). */
function kindOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const catalogue = (page: CatalogPage | undefined) => page?.kind ?? 'unknown';
  const [first, second, third] = segments;
  if (first === undefined) return 'home';
  if (first === 'services') return second === undefined ? 'services index' : `catalogue ${catalogue(resolveCatalogPage(second))}`;
  if (first === 'specials') return second === undefined ? 'specials' : 'specials filter';
  if (first === 'packages') return 'package';
  if (first === 'bundles') return 'bundle';
  if (first === 'gift-cards' && second === undefined) return 'gift cards';
  if (second === 'services') return third === undefined ? 'location services index' : `location ${catalogue(resolveCatalogPage(third, first))}`;
  const content = contentPage(first);
  return content && segments.length === 1 ? `content ${content.kind}` : 'unknown';
}

/** The first sitemap path of each kind (app/sitemap.ts serves these entries). */
const SITEMAP_PAGES = (() => {
  const firstOfKind = new Map<string, string>();
  for (const { path } of sitemapEntries()) if (!firstOfKind.has(kindOf(path))) firstOfKind.set(kindOf(path), path);
  return firstOfKind;
})();

const EXPECTED_KINDS = [
  'home',
  'services index',
  'catalogue menu',
  'catalogue service',
  'specials',
  'specials filter',
  'package',
  'bundle',
  'gift cards',
  'location services index',
  'location menu',
  'location service',
  ...new Set(allContentPages().map((page) => `content ${page.kind}`)),
];

/** Every way of reaching a 404: addresses no route matches, and unknown values of each dynamic route. */
const NOT_FOUND_PATHS = [
  '/no-such-page/',
  '/no/such/page/',
  '/services/not-a-service/',
  '/soho/services/not-a-service/',
  '/nyc-loc/services/',
  '/nyc-loc/services/womens-wax/',
  '/packages/nope/',
  '/bundles/nope/',
  '/specials/nope/',
  '/specials/women/nope/',
  '/account/nope/',
  '/booking/a/b/',
  '/booking/confirmation/a/b/',
  '/checkout/nope/',
  '/demo-checkout/a/b/',
  '/signup/confirm/a/b/',
];

/** The saved state a returning visitor's browser sends: the booking card cookie. */
const SAVED_STATE_COOKIE = { name: COOKIE_NAMES.card, value: cardToCookie(emptyCard({ gender: '1' })) };

interface PersonalPage {
  path: string;
  h1: string;
  /** The start of the <noscript> notice ('Online booking needs JavaScript'), or none where nothing needs scripts. */
  notice?: string;
}

const SIGNED_OUT_PAGES: PersonalPage[] = [
  { path: '/booking/', h1: 'Online booking', notice: 'Online booking' },
  { path: `/booking/${GUID}/`, h1: 'Online booking', notice: 'Online booking' },
  { path: '/cart/', h1: 'Shopping cart' },
  { path: '/checkout/', h1: 'Checkout', notice: 'The checkout' },
  { path: '/demo-checkout/abc/', h1: 'Checkout', notice: 'The checkout' },
  { path: '/signin/', h1: 'Sign in' },
  { path: '/signup/', h1: 'Create an account' },
  { path: '/services/favorites/', h1: 'Your favourite services', notice: 'Your favourites list' },
];

const SIGNED_IN_PAGES: PersonalPage[] = [
  { path: '/account/', h1: 'Your account', notice: 'Your account page' },
  { path: '/booking/', h1: 'Online booking', notice: 'Online booking' },
  { path: '/cart/', h1: 'Shopping cart' },
  { path: '/checkout/', h1: 'Checkout', notice: 'The checkout' },
];

// ---- Plain HTTP ----

async function serverHtml(request: APIRequestContext, path: string, cookie?: string): Promise<{ status: number; page: ServerHtml }> {
  const response = await request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
  return { status: response.status(), page: new ServerHtml(await response.text()) };
}

const byText = (text: string | RegExp) => (element: Element) => (typeof text === 'string' ? textOf(element) === text : text.test(textOf(element)));
const link = (href: string, text?: string) => (element: Element) => element.tagName === 'a' && attr(element, 'href') === href && (text === undefined || textOf(element) === text);

/** A title, and a visible h1 with text: the least any page says without scripts. */
function expectTitleAndHeading(page: ServerHtml): { title: string; h1: string[] } {
  expect(page.html).not.toContain('__next_error__');
  const title = page.title();
  expect(title, 'a <title>').toBeTruthy();
  const h1 = page.visible((element) => element.tagName === 'h1').map(textOf);
  expect(h1.length, 'a visible <h1>').toBeGreaterThan(0);
  for (const text of h1) expect(text).not.toBe('');
  return { title: title!, h1 };
}

function expectFullNotFoundPage(status: number, page: ServerHtml) {
  expect(status).toBe(404);
  const { h1 } = expectTitleAndHeading(page);
  expect(page.title({ inHead: true })).toBe(NOT_FOUND_TITLE);
  expect(h1).toEqual([NOT_FOUND_TITLE]);
  const robots = page.robots();
  expect(robots.length).toBeGreaterThan(0);
  for (const content of robots) expect(content).toContain('noindex');
  // The site's own header (logo home, main navigation, phone) and footer, not a light stand-in.
  const [header] = page.visible((element) => element.tagName === 'header');
  expect(header, 'the header').toBeDefined();
  expect(page.all(link('/'), header)).not.toHaveLength(0);
  expect(page.all((element) => element.tagName === 'nav' && attr(element, 'aria-label') === 'Main', header)).toHaveLength(1);
  expect(page.all(link(`tel:${SALON_PHONE}`), header)).toHaveLength(1);
  expect(page.visible(byText(NOT_FOUND_SENTENCE))).toHaveLength(1);
  expect(page.visible(link('/', 'Back to the home page'))).toHaveLength(1);
  expect(page.visible(link('/services/', 'See the services'))).toHaveLength(1);
  const [footer] = page.visible((element) => element.tagName === 'footer');
  expect(footer, 'the footer').toBeDefined();
  expect(page.all(link('/privacy-policy/'), footer)).toHaveLength(1);
}

/** The <noscript> notice with the phone number, and no loading line that a reader without scripts would see. */
function expectNoScriptNotice(page: ServerHtml, notice: string) {
  const [noscript, ...others] = page.all((element) => element.tagName === 'noscript' && textOf(element).startsWith(`${notice} needs JavaScript`));
  expect(noscript, `a <noscript> starting '${notice} needs JavaScript'`).toBeDefined();
  expect(others).toHaveLength(0);
  expect(page.all(link(`tel:${SALON_PHONE}`, SALON_PHONE_DISPLAY), noscript)).toHaveLength(1);
  expectNoLoadingWithoutScripts(page);
}

function expectNoLoadingWithoutScripts(page: ServerHtml) {
  const styles = page.all((element) => element.tagName === 'noscript', page.tag('head')[0]).map(textOf);
  expect(styles.join(''), 'the head hides what needs scripts when they are off').toMatch(/\[data-needs-script\][^{]*\{display:none!important\}/);
  const loading = page.visible((element) => element.tagName === 'p' && LOADING_TEXT.test(textOf(element)));
  for (const element of loading) expect(attr(element, 'data-needs-script'), textOf(element)).toBe('');
}

function expectPersonalPage(status: number, page: ServerHtml, expected: PersonalPage) {
  expect(status).toBe(200);
  const { h1 } = expectTitleAndHeading(page);
  expect(h1).toContain(expected.h1);
  if (expected.notice) expectNoScriptNotice(page, expected.notice);
  else expectNoLoadingWithoutScripts(page);
}

/** A new customer, signed in: the API context holds the session cookie. */
async function signedInApi(baseURL: string): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signUpByApi(api, { name: 'Nora', email: `nora-${unique()}@example.com`, password: PASSWORD });
  return api;
}

async function cookieHeader(api: APIRequestContext): Promise<string> {
  return (await api.storageState()).cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

test.describe('plain HTTP', () => {
  test('the sitemap has exactly the kinds of page read below', () => {
    expect([...SITEMAP_PAGES.keys()].sort()).toEqual([...EXPECTED_KINDS].sort());
  });

  for (const [kind, path] of SITEMAP_PAGES) {
    test(`sitemap ${kind}: ${path}`, async ({ request }) => {
      const { status, page } = await serverHtml(request, path);
      expect(status).toBe(200);
      const { title } = expectTitleAndHeading(page);
      expect(title).not.toBe(NOT_FOUND_TITLE);
    });
  }

  for (const path of NOT_FOUND_PATHS) {
    test(`404 ${path}`, async ({ request }) => {
      const { status, page } = await serverHtml(request, path);
      expectFullNotFoundPage(status, page);
    });

    test(`404 ${path} with saved state`, async ({ request }) => {
      const { status, page } = await serverHtml(request, path, `${SAVED_STATE_COOKIE.name}=${SAVED_STATE_COOKIE.value}`);
      expectFullNotFoundPage(status, page);
    });
  }

  for (const expected of SIGNED_OUT_PAGES) {
    test(`signed out ${expected.path}`, async ({ request }) => {
      const { status, page } = await serverHtml(request, expected.path);
      expectPersonalPage(status, page, expected);
    });
  }

  test('signed out /account/ says where it sends the visitor, and that page reads without scripts', async ({ request }) => {
    const { status, page } = await serverHtml(request, '/account/');
    expectPersonalPage(status, page, { path: '/account/', h1: 'Your account', notice: 'Your account page' });
    // Decided inside a streamed part, so Next.js answers with a refresh tag (browsers follow it without scripts).
    const refresh = page.all((element) => element.tagName === 'meta' && attr(element, 'http-equiv') === 'refresh').map((meta) => attr(meta, 'content'));
    expect(refresh).toEqual(['1;url=/signin/?url=%2Faccount%2F']);
    const signIn = await serverHtml(request, '/signin/?url=%2Faccount%2F');
    expectPersonalPage(signIn.status, signIn.page, { path: '/signin/', h1: 'Sign in' });
  });

  test('signed in, the personal pages say what needs scripts and show no endless loading line', async ({ request, baseURL }) => {
    const api = await signedInApi(baseURL!);
    const cookie = await cookieHeader(api);
    await api.dispose();
    for (const expected of SIGNED_IN_PAGES) {
      await test.step(expected.path, async () => {
        const { status, page } = await serverHtml(request, expected.path, cookie);
        expectPersonalPage(status, page, expected);
      });
    }
  });
});

// ---- Chromium with JavaScript disabled ----

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function withoutJavaScript(browser: Browser, baseURL: string, storageState?: StorageState): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'en-US', timezoneId: 'America/New_York', storageState });
  return { context, page: await context.newPage() };
}

async function expectVisibleTitleAndHeading(page: Page): Promise<string> {
  const title = await page.title();
  expect(title).not.toBe('');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return title;
}

async function expectFullNotFoundInBrowser(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(NOT_FOUND_TITLE);
  const robots = await page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content') ?? ''));
  expect(robots.length).toBeGreaterThan(0);
  for (const content of robots) expect(content).toContain('noindex');
  const banner = page.getByRole('banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TITLE);
  await expect(page.getByText(NOT_FOUND_SENTENCE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('main').getByRole('link', { name: 'See the services' })).toHaveAttribute('href', '/services/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
}

async function expectPersonalPageInBrowser(page: Page, expected: PersonalPage) {
  const response = await page.goto(expected.path);
  expect(response?.status()).toBe(200);
  await expectVisibleTitleAndHeading(page);
  await expect(page.getByRole('heading', { level: 1, name: expected.h1 })).toBeVisible();
  if (expected.notice) {
    const notice = page.getByRole('main').locator('div', { hasText: `${expected.notice} needs JavaScript` }).last();
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: SALON_PHONE_DISPLAY })).toHaveAttribute('href', `tel:${SALON_PHONE}`);
  }
  await expect(page.getByText(LOADING_TEXT).filter({ visible: true })).toHaveCount(0);
}

test.describe('Chromium with JavaScript disabled', () => {
  test('every kind of page in the sitemap', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    await sweep([...SITEMAP_PAGES], ([kind, path]) => `sitemap ${kind}: ${path}`, async ([, path]) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await expectVisibleTitleAndHeading(page)).not.toBe(NOT_FOUND_TITLE);
    });
    await context.close();
  });

  test('the 404 page at every kind of missing address', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    await sweep(NOT_FOUND_PATHS, (path) => `404 ${path}`, (path) => expectFullNotFoundInBrowser(page, path));
    await context.close();
  });

  test('the 404 page at every kind of missing address, with saved state', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    await context.addCookies([{ ...SAVED_STATE_COOKIE, url: baseURL! }]);
    await sweep(NOT_FOUND_PATHS, (path) => `404 ${path} with saved state`, (path) => expectFullNotFoundInBrowser(page, path));
    await context.close();
  });

  test('a menu, a service page and specials show no control that needs scripts, say how to book instead, and keep a way to every page', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, notice] of [
      ['/services/womens-wax/', 'Online booking'],
      ['/services/womens-brazilian-wax/', 'Online booking'],
      ['/specials/women/', null],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        // Playwright's text and role queries skip <noscript>, so these look for the elements themselves.
        const notices = page.getByRole('main').locator('div', { hasText: /needs JavaScript/ });
        if (notice) await expect(notices.filter({ hasText: `${notice} needs JavaScript` }).last()).toBeVisible();
        else await expect(notices).toHaveCount(0);
        // Nothing to tap in vain: the buttons shown are forms that post without scripts, the search's and Buy.
        const buttons = await page.getByRole('button').filter({ visible: true }).allTextContents();
        expect(buttons.filter((name) => name.trim() !== 'Search' && name.trim() !== 'Buy')).toEqual([]);
        if (!notice) {
          expect(buttons.filter((name) => name.trim() === 'Buy').length).toBeGreaterThan(0);
          await expect(page.locator('form[method="post"][action="/cart/add/"]').first()).toBeAttached();
        }
        const menu = page.locator('header a[href="/site-map/"]', { hasText: 'Menu: every page of the site' });
        await expect(menu).toBeVisible();
      });
    }
    await context.close();
  });

  test('signed out, the personal pages read without scripts', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    for (const expected of SIGNED_OUT_PAGES) await test.step(expected.path, () => expectPersonalPageInBrowser(page, expected));
    await context.close();
  });

  test('signed out, /account/ leads to the sign-in page without scripts', async ({ browser, baseURL }) => {
    const { context, page } = await withoutJavaScript(browser, baseURL!);
    await page.goto('/account/');
    await expect(page).toHaveURL(/\/signin\/\?url=%2Faccount%2F$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await context.close();
  });

  test('signed in, the personal pages say what needs scripts and show no endless loading line', async ({ browser, baseURL }) => {
    const api = await signedInApi(baseURL!);
    const storageState = await api.storageState();
    await api.dispose();
    const { context, page } = await withoutJavaScript(browser, baseURL!, storageState);
    for (const expected of SIGNED_IN_PAGES) await test.step(expected.path, () => expectPersonalPageInBrowser(page, expected));
    await context.close();
  });
});

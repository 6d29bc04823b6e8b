import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { WAX_MENU } from './support/saved-state';

// A first visit's page carries the stylesheet in its HTML (lib/server/inline-stylesheet.mjs, issue 38): on a phone
// the first paint waits for the page alone, not for the page and then the stylesheet. Once the stylesheet file has
// arrived in the browser's cache a cookie says so, and the next page is sent with the plain link, 13 KB lighter.
test.describe.configure({ timeout: 90_000 });

const COOKIE = 'bnp_css';

/** Whether the site's own rules apply: the page's layout and sticky header come from the stylesheet. */
async function styled(page: Page) {
  return page.evaluate(() => ({
    body: getComputedStyle(document.querySelector('.site-body')!).display,
    head: getComputedStyle(document.querySelector('.site-head')!).position,
  }));
}

/** Failed requests and answers of 400 and above. */
function watchRequests(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => {
    // Prefetches and chunks the browser drops because the test loads another page are no failure anybody sees.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failures.push(`failed ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

test('a first visit paints styled before the stylesheet file arrives; the next page comes with the plain link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const failures = watchRequests(page);
  // The stylesheet file is held back: what shows comes from the page's own HTML.
  let releaseStylesheet = () => {};
  const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
  await page.route(/\/_next\/static\/.*\.css$/, async (route) => {
    await stylesheetHeld;
    await route.continue();
  });

  const first = await page.goto(WAX_MENU, { waitUntil: 'domcontentloaded' });
  const html = await first!.text();
  expect(html).toMatch(/<style data-inline-href="\/_next\/static\/[^"]+\.css">/);
  // Nothing in the head holds the paint: the only link to the file is the one that fills the cache.
  expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"( data-precedence="next")?\/>/);
  expect(await styled(page)).toEqual({ body: 'flex', head: 'sticky' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === COOKIE)).toBeUndefined();

  releaseStylesheet();
  await page.waitForLoadState('load');
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === COOKIE)?.value).toBeTruthy();
  const remembered = (await context.cookies()).find((cookie) => cookie.name === COOKIE)!;
  expect(remembered.path).toBe('/');
  expect(remembered.sameSite).toBe('Lax');
  expect(remembered.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

  // A tap to another page: the client reads its payload, the styles stay.
  await page.getByRole('link', { name: /Brazilian/i }).first().click();
  await expect(page).not.toHaveURL(new RegExp(`${WAX_MENU}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await styled(page)).toEqual({ body: 'flex', head: 'sticky' });

  // The next page load: the plain link, no text in the HTML.
  const again = await page.goto('/', { waitUntil: 'load' });
  const plain = await again!.text();
  expect(plain).not.toContain('data-inline-href');
  expect(plain).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css" data-precedence="next"\/>/);
  expect(await styled(page)).toEqual({ body: 'flex', head: 'sticky' });

  expect(errors).toEqual([]);
  expect(failures).toEqual([]);
  await context.close();
});

test('with JavaScript off every page is styled from its own HTML, no cookie set', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  for (const path of [WAX_MENU, '/booking/']) {
    const answer = await page.goto(path);
    expect(await answer!.text(), path).toContain('data-inline-href');
    await expect(page.locator('.site-head'), path).toHaveCSS('position', 'sticky');
    await expect(page.locator('.site-body'), path).toHaveCSS('display', 'flex');
  }
  expect((await context.cookies()).find((cookie) => cookie.name === COOKIE)).toBeUndefined();
  await context.close();
});

test('the two forms of a page are kept apart: their validators differ and each is compressed', async ({ playwright, baseURL }) => {
  const stranger = await playwright.request.newContext({ baseURL });
  const firstVisit = await stranger.get(WAX_MENU, { headers: { 'accept-encoding': 'br' } });
  const html = await firstVisit.text();
  const cookie = /document\.cookie='(bnp_css=[^;]+);/.exec(html)?.[1];
  expect(cookie).toBeTruthy();
  expect(firstVisit.headers()['content-encoding']).toBe('br');
  // gzip too: Next.js's own gzip is off under server.mjs, or it would encode the page before the head is rewritten.
  const firstVisitGzip = await stranger.get(WAX_MENU, { headers: { 'accept-encoding': 'gzip' } });
  expect(firstVisitGzip.headers()['content-encoding']).toBe('gzip');
  expect(await firstVisitGzip.text()).toBe(html);
  const returning = await stranger.get(WAX_MENU, { headers: { 'accept-encoding': 'gzip', cookie: cookie! } });
  expect(returning.headers()['content-encoding']).toBe('gzip');
  const plain = await returning.text();
  expect(plain).not.toContain('data-inline-href');
  expect(returning.headers().etag).toBeTruthy();
  expect(firstVisit.headers().etag).toBe(`${returning.headers().etag!.slice(0, -1)}-css"`);
  // The same title and body either way: only the head's stylesheet differs.
  expect(html.split('</head>')[1]).toBe(plain.split('</head>')[1]);
  await stranger.dispose();
});

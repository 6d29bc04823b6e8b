import type { Page } from '@playwright/test';
import { expect, request, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { savedStateCookies, type SavedState } from './support/saved-state';
import { PASSWORD, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';

// Issue 13, item 3: no page scrolls sideways on a phone, in any saved state (WCAG 1.4.10), and the header keeps its
// controls on screen. Runs in the 'phone' project (playwright.config.ts).
// The tests are independent (each has its own context), so the workers share them instead of one taking all.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

const PAGES = [
  '/',
  '/services/',
  '/services/womens-wax/',
  '/williamsburg/services/womens-laser/',
  '/services/womens-brazilian-wax/',
  '/services/mens-full-back-wax/',
  '/packages/womens-brazilian-wax-x3/',
  '/bundles/brazilian-and-underarm-wax-bundle/',
  '/specials/',
  '/specials/women/',
  '/specials/women/wax/',
  '/services/favorites/',
  '/locations/',
  '/about-us/',
  '/waxing-hair-removal-tips/',
  '/booking/',
  '/signin/',
  '/signup/',
  '/no-such-page/',
  '/no/such/page/',
];

const STATES: [string, SavedState][] = [
  ['nothing saved', {}],
  ['every badge, signed out', { booking: 3, favorites: 12, shop: 2 }],
  ['every badge, signed in with a long name', { booking: 12, favorites: 25, shop: 10, name: 'Maximiliana Alexandra Wolfeschlegelsteinhausen-Bergerdorff' }],
];

const WIDTHS = [390, 375, 320];

// Measured against the width the phone was given, not innerWidth: a phone's layout viewport widens to fit content
// wider than the screen (a 402 px card made innerWidth 418 at 320 px), so scrollWidth <= innerWidth always held.
async function overflow(page: Page, width: number) {
  return page.evaluate((innerWidth) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 1 && getComputedStyle(element).position !== 'fixed')
      .filter((element) => !element.closest('.chip-row'))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    // Every visible link and button of the header lies within the viewport.
    const controls = [...(document.querySelector('header')?.querySelectorAll('a, button') ?? [])]
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ control, box }) => box.width > 0 && box.height > 0 && control.checkVisibility({ visibilityProperty: true }));
    const headerControlsOffScreen = controls
      .filter(({ box }) => box.left < 0 || box.right > innerWidth + 1)
      .map(({ control }) => control.getAttribute('aria-label') ?? control.textContent);
    return { scrollWidth: document.documentElement.scrollWidth, layoutWidth: window.innerWidth, wide, headerControls: controls.length, headerControlsOffScreen };
  }, width);
}

for (const [state, saved] of STATES) {
  test(`no page scrolls sideways at 320, 375 and 390 px: ${state}`, async ({ page, context, baseURL }) => {
    await context.addCookies(savedStateCookies(saved, baseURL!));
    const errors = watchConsole(page);
    for (const path of PAGES) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        const measured = await overflow(page, width);
        expect(measured.scrollWidth, `${path} at ${width} px (${state}): ${measured.wide.join(', ')}`).toBeLessThanOrEqual(width);
        expect(measured.layoutWidth, `${path} at ${width} px (${state}): the layout viewport`).toBe(width);
        expect(measured.headerControls, `${path} at ${width} px: the header's visible links and buttons`).toBeGreaterThan(0);
        expect(measured.headerControlsOffScreen, `${path} at ${width} px: header controls off screen`).toEqual([]);
      }
    }
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
}

test('the header fits tablets and small desktops too, signed in with a long name and every badge', async ({ page, context, baseURL }) => {
  await context.addCookies(savedStateCookies(STATES[2]![1], baseURL!));
  for (const path of ['/', '/services/womens-wax/']) {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const width of [768, 820, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 1024 });
      const measured = await overflow(page, width);
      expect(measured.scrollWidth, `${path} at ${width} px: ${measured.wide.join(', ')}`).toBeLessThanOrEqual(width);
      expect(measured.headerControlsOffScreen, `${path} at ${width} px: header controls off screen`).toEqual([]);
    }
  }
});

test('the phone drawer shows the signed-in name, the account page and Sign out; signed out, Sign In', async ({ page, context, baseURL }) => {
  await context.addCookies(savedStateCookies({ name: 'Ana' }, baseURL!));
  await page.goto('/specials/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByText('Signed in as Ana')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Your account and appointments' })).toHaveAttribute('href', '/account/');
  await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeHidden();
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await context.clearCookies();
  await page.reload();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin/?url=%2Fspecials%2F');
  await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeHidden();
});

test("at 320 px the bar shows the count and the total whole, and 'Added' has room after its last letter", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/services/womens-wax/');
  const add = page.getByRole('button', { name: /^Add to booking/ });
  const added = page.getByRole('button', { name: /^Added to booking/ });
  await add.first().click();
  await expect(added).toHaveCount(1);
  await add.first().click();
  await expect(added).toHaveCount(2);
  const bar = page.locator('.booking-bar');
  await expect(bar.getByTestId('booking-bar-total')).toHaveText(/ · \$\d+/);
  const summary = bar.locator('.truncate');
  expect(await summary.evaluate((element) => element.scrollWidth - element.clientWidth), 'the summary is clipped').toBeLessThanOrEqual(0);
  const room = await added.first().evaluate((button) => {
    const text = [...button.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return button.getBoundingClientRect().right - parseFloat(getComputedStyle(button).borderRightWidth) - range.getBoundingClientRect().right;
  });
  expect(room).toBeGreaterThanOrEqual(6);
});

test("the 404 document's header on a phone: the mark and the phone number on one line, the links on the next", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/no/such/page/');
  const header = page.getByRole('banner');
  const mark = (await header.getByRole('link', { name: 'Bare & Polished NYC' }).boundingBox())!;
  const phone = (await header.getByRole('link', { name: '(212) 555-0148' }).boundingBox())!;
  const services = (await header.getByRole('link', { name: 'Services' }).boundingBox())!;
  expect(Math.abs(mark.y + mark.height / 2 - (phone.y + phone.height / 2))).toBeLessThan(4);
  expect(services.y).toBeGreaterThan(mark.y + mark.height - 1);
});

test("adding shows the bar: '1 service · $… · Book now'; removing the last hides it", async ({ page }) => {
  await page.goto('/services/womens-wax/');
  const bar = page.locator('.booking-bar');
  await expect(bar).toBeHidden();
  await page.getByRole('button', { name: /^Add to booking/ }).first().click();
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('button', { name: /Your booking cart: 1 service/ })).toBeVisible();
  await expect(bar.getByTestId('booking-bar-total')).toHaveText(/ · \$\d+/);
  // The bar never covers the last row or the footer: the page makes room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = (await bar.boundingBox())!;
  const lastFooterLine = (await page.locator('footer p').last().boundingBox())!;
  expect(lastFooterLine.y + lastFooterLine.height).toBeLessThanOrEqual(barBox.y);
  await page.getByRole('button', { name: /^Added to booking/ }).click();
  await expect(bar).toBeHidden();
});

test('the service page shows name, price, duration and Add in the first screen at 390 x 844', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services/womens-brazilian-wax/');
  for (const target of [page.getByRole('heading', { level: 1 }), page.getByText('45 min'), page.getByText('$75').first(), page.getByRole('button', { name: 'Add to booking: Brazilian', exact: true })]) {
    const box = (await target.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  }
});

test("the women's wax menu is under 4,000 CSS px tall at 390 px, with jump links to its groups", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services/womens-wax/');
  // Its real height: the footer rendered, not its estimate.
  await page.addStyleTag({ content: '.site-foot { content-visibility: visible !important }' });
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4000);
  const jump = page.getByRole('navigation', { name: 'Jump to' });
  await jump.getByRole('link', { name: 'Lower Body' }).click();
  await expect(page).toHaveURL(/#bp-16$/);
  const heading = (await page.getByRole('heading', { level: 2, name: 'Lower Body' }).boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  // Below the sticky header, not under it.
  expect(heading.y).toBeGreaterThanOrEqual(header.height - 1);
});

test('far below the first screen, offers and the footer wait to render, at about their real height', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // An element with content-visibility: auto skips its contents, not itself: look at its first child.
  const skipped = (selector: string) => page.evaluate((s) => [...document.querySelectorAll(s)].map((element) => !element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true })), selector);
  const waiting = (selector: string) => page.evaluate((s) => [...document.querySelectorAll(s)].map((element) => getComputedStyle(element).contentVisibility === 'auto'), selector);
  for (const path of ['/services/womens-laser/', '/specials/women/']) {
    await page.goto(path);
    expect(await skipped('.site-foot')).toEqual([true]);
    if (path.startsWith('/specials/')) {
      // The first six offers (two rows on a desktop, six screens on a phone) render with the page; later ones when near.
      const offers = await waiting('.offer');
      expect(offers.slice(0, 6)).toEqual([false, false, false, false, false, false]);
      expect(offers.slice(6).every(Boolean)).toBe(true);
      expect((await skipped('.offer')).at(-1)).toBe(true);
    }
    // The estimates keep the page's height, and so the scrollbar, within 3% of the rendered one.
    const estimated = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.locator('.site-foot').scrollIntoViewIfNeeded();
    await expect.poll(() => skipped('.site-foot')).toEqual([false]);
    await page.addStyleTag({ content: '.offer, .site-foot { content-visibility: visible !important }' });
    const rendered = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(estimated - rendered) / rendered).toBeLessThan(0.03);
  }
  expect(errors).toEqual([]);
});

test('signed in with a name of one 100-letter word, the booking page wraps it at 320 px instead of scrolling sideways', async ({ browser, baseURL }) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const name = `W${'o'.repeat(98)}f`;
  await signUpByApi(api, { name, email: `long-${unique()}@example.com`, password: PASSWORD });
  const context = await browser.newContext({ baseURL, storageState: await api.storageState(), viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/booking/');
  await expect(page.getByText(/^Booking as W/)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the booking page');
  await context.close();
  await api.dispose();
});

import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { allServiceItems } from '@/lib/catalog/catalog';
import { watchConsole } from './support/console';
import { bookingCartNames } from './support/journeys';
import { axeBuilder } from './support/axe';

const BOOKING_BADGE = '[data-testid="booking-badge"]:visible';
const FAVORITES_BADGE = '[data-testid="favorites-badge"]:visible';

// Journeys of several page loads on a slow shared machine.
test.describe.configure({ timeout: 90_000 });

async function addFirst(page: Page, count = 1) {
  const buttons = page.getByRole('button', { name: /^Add to booking/ });
  for (let i = 0; i < count; i += 1) {
    await buttons.first().click();
    await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(i + 1);
  }
}


test('a first visit loads no cookie code until the first tap, and that tap is saved before it shows', async ({ page, context }) => {
  const errors = watchConsole(page);
  // A string only the cookie code (stores/saved-state/persistence.ts, with zod) carries.
  const cookieCode: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('Could not save the')) cookieCode.push(response.url());
  });
  for (const path of ['/services/womens-wax/', '/services/womens-brazilian-wax/', '/specials/women/', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/services/mens-wax/');
  await page.waitForLoadState('networkidle');
  expect(cookieCode).toEqual([]);
  await addFirst(page, 1);
  await expect.poll(() => cookieCode.length).toBe(1);
  const saved = (await context.cookies()).map((cookie) => cookie.name);
  expect(saved).toContain('bnp_card');
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  expect(errors).toEqual([]);
});

test('the booking cart: two areas, badge, reload and new tab, remove until the badge hides', async ({ page, context }) => {
  const errors = watchConsole(page);
  await page.goto('/services/womens-wax/');
  await expect(page.locator(BOOKING_BADGE)).toHaveCount(0);
  await addFirst(page, 2);
  await page.goto('/services/womens-brow-touch/');
  await addFirst(page, 1);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('3');

  const dialogNames = await bookingCartNames(page);
  expect(dialogNames).toHaveLength(3);

  // The page is the same prerendered file with the cart's cookie; the count is marked on <html> before paint
  // (e2e/first-paint.spec.ts).
  const personal = await (await page.request.get('/services/womens-wax/')).text();
  expect(personal).not.toMatch(/data-testid="booking-badge"[^>]*>3</);
  await expect(page.locator('html')).toHaveAttribute('data-bk', '3');

  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('3');
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(1);

  const tab = await context.newPage();
  await tab.goto('/services/womens-wax/');
  await expect(tab.locator(BOOKING_BADGE)).toHaveText('3');
  await expect(tab.getByRole('button', { name: /^Added to booking/ })).toHaveCount(2);
  await tab.close();

  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Booking Cart(3)' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'BOOK NOW' })).toHaveAttribute('href', '/booking/');
  for (const left of [2, 1, 0]) {
    await dialog.getByRole('button', { name: /^Remove/ }).first().click();
    await expect(page.getByRole('dialog', { name: `Booking Cart(${left})` })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator(BOOKING_BADGE)).toHaveCount(0);
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveCount(0);
  expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
});

test('the drawer is a labelled dialog that traps focus and closes on Esc', async ({ page }) => {
  await page.goto('/services/womens-wax/');
  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Cart(0)' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('favourites: badge, marks after hydration, reload, remove until the badge hides', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/services/womens-wax/');
  await expect(page.locator(FAVORITES_BADGE)).toHaveCount(0);
  const favourites = page.getByRole('button', { name: /^Favourite/ });
  await favourites.nth(0).click();
  await favourites.nth(1).click();
  await expect(page.locator(FAVORITES_BADGE)).toHaveText('2');
  // One file for everybody: the marks come from the stores after hydration, not from the server.
  const html = await (await page.request.get('/services/womens-wax/')).text();
  expect(html).not.toContain('aria-pressed="true"');

  await page.reload();
  await expect(page.locator(FAVORITES_BADGE)).toHaveText('2');
  await expect(page.getByRole('button', { name: /^Favourite/, pressed: true })).toHaveCount(2);
  await page.getByRole('link', { name: 'Favorites (2)' }).click();
  await expect(page).toHaveURL(/\/services\/favorites\/$/);
  await page.goto('/services/womens-wax/');
  await page.getByRole('button', { name: /^Favourite/, pressed: true }).first().click();
  await expect(page.locator(FAVORITES_BADGE)).toHaveText('1');
  await page.getByRole('button', { name: /^Favourite/, pressed: true }).first().click();
  await expect(page.locator(FAVORITES_BADGE)).toHaveCount(0);
  await page.reload();
  await expect(page.locator(FAVORITES_BADGE)).toHaveCount(0);
  expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
});

test("a service of the other gender replaces the booking cart only when the customer says so, and Undo brings it back", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/services/womens-wax/');
  await addFirst(page, 2);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  const womens = await bookingCartNames(page);
  await page.getByRole('navigation', { name: 'Women or men' }).getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/mens-wax\/$/);

  // By keyboard: the question takes the focus (on the answer that keeps the cart); Escape keeps it; the focus comes back.
  const add = page.getByRole('button', { name: /^Add to booking/ }).first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace('Add to booking: ', '');
  await add.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Replace your booking cart?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText(`Your booking cart holds 2 women's services, and one booking is for one gender. Replace them with ${name} (men's)?`);
  await expect(question.getByRole('button', { name: 'Keep my booking cart' })).toBeFocused();
  const results = await axeBuilder(page).include('[role="alertdialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(add).toBeFocused();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');

  // Asked again, Replace: the men's service only, a notice saying what was taken out, and its Undo.
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: `Replace with ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(page.getByRole('button', { name: `Added to booking: ${name}, press to remove` })).toBeFocused();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  const taken = page.getByRole('status').filter({ hasText: `${name} (men's) replaced your 2 women's services in your booking cart.` });
  await expect(taken).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toHaveCount(0);
  await taken.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  expect(await bookingCartNames(page)).toEqual(womens);
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  expect(errors).toEqual([]);
});

test("a location switch only shows that location's menu: the booking cart stays as it is (e2e/location-browsing.spec.ts)", async ({ page }) => {
  await page.goto('/services/womens-wax/');
  await addFirst(page, 1);
  await page.goto('/services/womens-brow-touch/');
  // Eyelashes (32) are offered in SoHo only; brows (64) everywhere but Williamsburg.
  const lashes = allServiceItems().find((item) => item.gen === 0 && item.svcType === 32)!;
  await page.getByRole('button', { name: `Add to booking: ${lashes.name}`, exact: true }).click();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  await page.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Nolita' }).click();
  await expect(page).toHaveURL(/\/nolita\/services\//);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  await page.goto('/williamsburg/services/womens-wax/');
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
});

test('a tampered cookie resets only its store and the page still answers 200', async ({ page, context, baseURL }) => {
  await page.goto('/services/womens-wax/');
  await page.getByRole('button', { name: /^Favourite/ }).first().click();
  await expect(page.locator(FAVORITES_BADGE)).toHaveText('1');
  const url = baseURL!;
  await context.addCookies([
    { name: 'bnp_card', value: 'eyJ2IjoxLCJoIjoidGFtcGVyZWQifQ', url },
    { name: 'bnp_shop', value: 'A'.repeat(3900), url },
    { name: 'bnp_loc', value: '9', url },
  ]);
  const response = await page.goto('/services/womens-wax/');
  expect(response?.status()).toBe(200);
  await expect(page.locator(FAVORITES_BADGE)).toHaveText('1');
  await expect(page.locator(BOOKING_BADGE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Shopping Cart/ })).toHaveCount(0);
  await addFirst(page, 1);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies.bnp_card).not.toBe('eyJ2IjoxLCJoIjoidGFtcGVyZWQifQ');
  // Refused and empty: the location cookie is removed rather than rewritten.
  expect(cookies.bnp_loc).toBeUndefined();
  expect(cookies.bnp_shop).toBeUndefined();
});

test('the shopping cart: Buy, badge, prices, one item at checkout, sign-in first', async ({ page }) => {
  await page.goto('/specials/women/');
  const buy = page.getByRole('button', { name: /^Buy/ });
  await buy.nth(0).click();
  const dialog = page.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Cart Subtotal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Shopping Cart (1)' })).toBeVisible();
  // A second item is not added: one item at checkout, so the drawer offers it in place of the first.
  await buy.nth(1).click();
  await expect(dialog.getByText('One item allowed only!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog.getByText('One item allowed only!')).toHaveCount(0);
  await page.getByRole('button', { name: 'CHECK OUT' }).click();
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fcheckout%2F$/);
});

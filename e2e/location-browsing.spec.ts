import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { allServiceItems, isOfferedAt } from '@/lib/catalog/catalog';
import { watchConsole } from './support/console';
import { bookingCartNames } from './support/journeys';

// Issue 13 item 5: looking at another location's menu never changes the booking cart; choosing a location for
// booking moves it, names what does not fit there and offers an Undo.

const BOOKING_BADGE = '[data-testid="booking-badge"]:visible';
// Eyelashes (32) are booked online in SoHo only; a wax (1) everywhere but Williamsburg, which books nothing online (and
// so is never offered for booking). Both on the brows & lashes tab and the wax tab of the women's menu.
const lashes = allServiceItems().find((item) => item.gen === 0 && item.svcType === 32)!;
const wax = allServiceItems().find((item) => item.gen === 0 && item.svcType === 1)!;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(() => {
  expect(isOfferedAt(1, lashes.svcType) && !isOfferedAt(2, lashes.svcType) && !isOfferedAt(3, lashes.svcType)).toBe(true);
  expect(isOfferedAt(2, wax.svcType) && !isOfferedAt(3, wax.svcType) && isOfferedAt(4, wax.svcType) && !isOfferedAt(4, lashes.svcType)).toBe(true);
});

/** Console errors, page errors and answers of 400 and above: a journey here has none. */
function watch(page: Page) {
  const errors = watchConsole(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A prefetch or RSC fetch the router cancels on leaving a page is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  return { errors, failed };
}

async function add(page: Page, name: string) {
  await page.getByRole('button', { name: `Add to booking: ${name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Added to booking: ${name}, press to remove`, exact: true })).toBeVisible();
}


async function cartOf(page: Page) {
  return { badge: await page.locator(BOOKING_BADGE).textContent(), names: (await bookingCartNames(page)).sort() };
}

test("another location's menu leaves the cart alone; choosing it for booking names what goes, and Undo brings it back", async ({ page }) => {
  const { errors, failed } = watch(page);
  await page.goto('/services/womens-wax/');
  await add(page, wax.name);
  await page.goto('/services/womens-brow-touch/');
  await add(page, lashes.name);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  const before = await cartOf(page);
  expect(before).toEqual({ badge: '2', names: [lashes.name, wax.name].sort() });

  // Midtown's menu, through the location switch: it has no lashes, and the cart keeps them.
  await page.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Midtown' }).click();
  await expect(page).toHaveURL(/\/midtown\/services\/womens-brow-touch\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Midtown');
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  expect(await cartOf(page)).toEqual(before);

  await page.goBack();
  await expect(page).toHaveURL(/\/services\/womens-brow-touch\/$/);
  await expect(page.getByRole('button', { name: `Added to booking: ${lashes.name}, press to remove`, exact: true })).toBeVisible();
  expect(await cartOf(page)).toEqual(before);
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  expect(await cartOf(page)).toEqual(before);

  // Choosing Midtown for booking is what moves the cart.
  await page.goto('/booking/');
  const locations = page.getByRole('group', { name: 'Location' });
  await expect(locations.getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
  await locations.getByRole('button', { name: 'Midtown' }).click();
  const notice = page.getByRole('alert').filter({ hasText: `${lashes.name} is not offered in Midtown and was taken out of your booking.` });
  await expect(notice).toBeVisible();
  await expect(locations.getByRole('button', { name: 'Midtown' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  await expect(page.getByRole('button', { name: `Remove ${lashes.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${wax.name}` })).toBeVisible();

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is back at SoHo, as it was.' })).toBeVisible();
  await expect(locations.getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Remove ${lashes.name}` })).toBeVisible();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  expect(await cartOf(page)).toEqual(before);
  // The cookie holds the restored cart.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Location' }).getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

test('in the booking drawer: Williamsburg, which books nothing online, is not offered; a move names what goes, and Undo by keyboard restores it', async ({ page }) => {
  const { errors, failed } = watch(page);
  await page.goto('/services/womens-wax/');
  await add(page, wax.name);
  await page.goto('/services/womens-brow-touch/');
  await add(page, lashes.name);
  await page.goto('/williamsburg/services/womens-wax/');
  await expect(page.getByRole('heading', { name: 'Not bookable online at Williamsburg' })).toBeVisible();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');

  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Booking Cart(2)' })).toBeVisible();
  const locations = page.getByRole('dialog').getByRole('group', { name: 'Location' });
  // Not even from Williamsburg's menu: it books none of the cart (nor anything) online.
  await expect(locations.getByRole('button')).toHaveText(['SoHo', 'Midtown', 'Nolita']);
  await locations.getByRole('button', { name: 'Nolita' }).click();
  await expect(page.getByRole('dialog', { name: 'Booking Cart(1)' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: `${lashes.name} is not offered in Nolita and was taken out of your booking.` });
  await expect(notice).toBeVisible();
  // The pressed button keeps the focus; the notice's Undo is two stops on (after the wax's Remove).
  await expect(locations.getByRole('button', { name: 'Nolita' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('dialog').getByRole('button', { name: `Remove ${wax.name}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Booking Cart(2)' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: `Remove ${lashes.name}` })).toBeVisible();
  await expect(locations.getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

test('on the booking page Williamsburg is not offered: it books nothing online', async ({ page }) => {
  const { errors, failed } = watch(page);
  await page.goto('/services/womens-wax/');
  await add(page, wax.name);
  await page.goto('/booking/');
  const locations = page.getByRole('group', { name: 'Location' });
  await expect(locations.getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(locations.getByRole('button')).toHaveText(['SoHo', 'Midtown', 'Nolita']);
  await expect(locations.getByRole('button', { name: 'Williamsburg' })).toHaveCount(0);

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

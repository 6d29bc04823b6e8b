import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';

// Catalogue pages load the cookie code (codecs and zod) with import() after hydration; until then the header shows
// the first-paint marks and the buttons what they say without the saved state. These journeys hold every chunk the
// page did not name in its HTML, click while it is held, and check that the click waited instead of being lost or
// overwritten by the saved state. A reload waits only for the response: hydration may ask for a held chunk before the
// load event, which would then never come.
test.describe.configure({ timeout: 90_000 });

const BOOKING_BADGE = '[data-testid="booking-badge"]:visible';

/** Holds the chunks loaded after the first paint until release(); `requested` settles when hydration asked for one. */
async function holdLazyChunks(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  // Named in the HTML's tags or in its payload (a page's own client components): everything hydration needs.
  const firstLoad = new Set([...html.matchAll(/(\/_next\/static\/[^"\\?]+)/g)].map((match) => match[1]!));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const lazyRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    if (firstLoad.has(new URL(route.request().url()).pathname)) return route.continue();
    requested();
    await released;
    return route.continue();
  });
  return { release, requested: lazyRequested };
}

test('Add before the saved state arrives waits for it and adds to the saved cart', async ({ page }) => {
  await page.goto('/services/womens-wax/');
  const add = page.getByRole('button', { name: /^Add to booking/ });
  const remove = page.getByRole('button', { name: /^Added to booking/ });
  await add.first().click();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');

  const held = await holdLazyChunks(page, '/services/womens-wax/');
  await page.reload({ waitUntil: 'commit' });
  await held.requested;
  // Hydrated, cookie code held: the header shows the first-paint mark, the buttons know nothing yet.
  await expect(page.locator('html')).toHaveAttribute('data-bk', '1');
  await expect(page.locator(BOOKING_BADGE)).toBeVisible();
  await expect(remove).toHaveCount(0);
  await add.nth(1).click();
  await expect(remove).toHaveCount(0);
  held.release();
  await expect(remove).toHaveCount(2);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');

  await page.unrouteAll();
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  await expect(remove).toHaveCount(2);
});

test('Buy and favourite before the saved state arrives wait for it', async ({ page }) => {
  await page.goto('/specials/women/');
  await page.getByRole('button', { name: /^Buy/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart(1)' })).toBeVisible();
  await page.keyboard.press('Escape');

  const held = await holdLazyChunks(page, '/specials/women/');
  await page.reload({ waitUntil: 'commit' });
  await held.requested;
  await expect(page.locator('html')).toHaveAttribute('data-sh', '1');
  await expect(page.getByRole('button', { name: 'Shopping Cart' })).toBeVisible();
  await page.getByRole('button', { name: /^Buy/ }).nth(1).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  held.release();
  // The press waited for the saved item, so it is asked whether to replace it (one item allowed), not dropped.
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(drawer).toContainText('One item allowed only!');
  await expect(drawer.getByRole('button', { name: /^Replace with / })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.unrouteAll();
  await page.goto('/services/womens-wax/');
  const favourite = page.getByRole('button', { name: /^Favourite/ });
  await favourite.first().click();
  await expect(page.locator('[data-testid="favorites-badge"]:visible')).toHaveText('1');
  const heldAgain = await holdLazyChunks(page, '/services/womens-wax/');
  await page.reload({ waitUntil: 'commit' });
  await heldAgain.requested;
  // Not known yet: the button says 'not a favourite', so a click asks to keep it, which the saved state already does.
  await expect(favourite.first()).toHaveAttribute('aria-pressed', 'false');
  await favourite.first().click();
  await favourite.nth(1).click();
  heldAgain.release();
  await expect(favourite.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="favorites-badge"]:visible')).toHaveText('2');
  await page.unrouteAll();
  await page.reload();
  await expect(page.locator('[data-testid="favorites-badge"]:visible')).toHaveText('2');
  await expect(favourite.first()).toHaveAttribute('aria-pressed', 'true');
});

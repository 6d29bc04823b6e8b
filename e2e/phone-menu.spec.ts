import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';

// Issue 13, item 8: the phone menu's drawer (its dialog and links) is neither in the page's HTML nor in its
// first-load JavaScript; it loads at the first press of the menu button, which says it is busy until then.

test('the phone menu loads its drawer at the first press: the button is busy until it opens, the press is not lost', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/specials/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('dialog')).toHaveCount(0);

  // Every script the page has not loaded yet is held: the drawer's code is on a slow network.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/_next/static/chunks/**', async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();

  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expect(drawer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin/?url=%2Fspecials%2F');
  await expect(button).not.toHaveAttribute('aria-busy');
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog')).toHaveCount(0);

  // Loaded now: the next press opens it at once.
  await button.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Locations', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/$/);
  await expect(page.locator('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

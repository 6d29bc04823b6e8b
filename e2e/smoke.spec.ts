import { expect, test } from '@playwright/test';

test('the home page lists the service areas with links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const waxLink = page.getByRole('link', { name: /Women \(\d+ services\)/ }).first();
  await expect(waxLink).toHaveAttribute('href', '/services/womens-wax/');
  await expect(page.getByRole('heading', { name: 'Laser Hair Removal' })).toBeVisible();
});

test('an unknown path answers the 404 page with noindex and a link home', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Error 404 (Not Found)');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { signUp, unique } from './support/journeys';

/**
 * The front desk is for staff only: a visitor is sent to sign in, a signed-in customer gets the 404 page and nothing
 * of the desk, and a staff member (STAFF_EMAILS) gets the desk, marked noindex.
 */
test('a visitor is asked to sign in and comes back to the desk', async ({ page }) => {
  const response = await page.goto('/desk/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fdesk%2F$/);
});

test('a signed-in customer gets the 404 page and no desk', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, 'Cara Customer', `cara-${unique()}@example.com`);
  const response = await page.goto('/desk/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  expect(await response!.text()).not.toContain('Front desk');
  // The 404 status itself is the one console line a browser writes for this page.
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test('a staff member gets the desk, which search engines are told to leave alone', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  await expect(page.getByRole('heading', { level: 1, name: 'Front desk' })).toBeVisible();
  await expect(page.getByText('Signed in as Dana Desk.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(errors).toEqual([]);
});

import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { signUp, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';

runOnOwnServer('desk-access', 60);

/**
 * The front desk is for staff only: a visitor is sent to sign in (a real redirect, so it works without scripts), a
 * signed-in customer gets the 404 page's content and nothing of the desk, and a staff member (STAFF_EMAILS) gets the
 * desk, marked noindex.
 */
test('a visitor is redirected to sign in and comes back to the desk', async ({ page, request }) => {
  const direct = await request.get('/desk/?date=2026-12-01', { maxRedirects: 0 });
  expect(direct.status()).toBe(307);
  expect(direct.headers().location).toMatch(/\/signin\/\?url=%2Fdesk%2F%3Fdate%3D2026-12-01$/);
  await page.goto('/desk/');
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fdesk%2F$/);
});

test('a visitor whose session has ended is asked to sign in, without scripts too', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([{ name: 'bnp_session', value: 'x'.repeat(43), url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/desk/');
  await expect(page.getByRole('heading', { level: 1, name: 'Please sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  await context.close();
});

test('a signed-in customer gets the 404 page and no desk, without scripts too', async ({ page, browser }) => {
  const errors = watchConsole(page);
  await signUp(page, 'Cara Customer', `cara-${unique()}@example.com`);
  await expect(page).toHaveURL(/\/services\/$/);
  await page.goto('/desk/');
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Signed in as');
  expect(errors).toEqual([]);

  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto('/desk/');
  await expect(plainPage.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  await plain.close();
});

test('a staff member gets the desk, which search engines are told to leave alone', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  await expect(page.getByRole('heading', { level: 1, name: 'Front desk' })).toBeVisible();
  await expect(page.getByText('Signed in as Dana Desk.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(errors).toEqual([]);
});

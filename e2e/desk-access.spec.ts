import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { signUp, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';

runOnOwnServer('desk-access', 60);

/** Each desk page's address, its dynamic segments filled with well-formed values. */
function deskPagePaths(): string[] {
  const root = path.join(process.cwd(), 'app/(desk)');
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('page.tsx'));
  const values: Record<string, string> = { location: 'soho', date: '2026-12-01', id: '00000000-0000-4000-8000-000000000000' };
  return pages.map((file) => `/${path.dirname(file).replace(/\[(\w+)\]/g, (_, name: string) => values[name] ?? 'x')}/`);
}

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
  // Every desk page, found in app/(desk) so that a new one is asked too: the 404 page, nothing of the desk, noindex.
  // (The status stays 200: a page rendered per request streams, so its status is sent before the layout decides.)
  for (const path of deskPagePaths()) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    expect(html, path).toMatch(/<meta name="robots" content="noindex/);
    expect(html, path).toContain('Error 404 (Not Found)');
    expect(html, path).not.toContain('aria-label="Front desk"');
  }

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

import { expect, test } from './support/worker-server';

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
  // One robots tag, Next.js's own noindex for a 404 (the page's metadata no longer adds a second).
  const robots = await page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
  expect(robots).toEqual(['noindex']);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
});

test('the site has an icon, so browsers find one instead of a 404 in the console', async ({ page, request }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await page.waitForLoadState('networkidle');
  // Known and left for issue 13 (docs/decisions.md): late in a full run, segment prefetches of prerendered pages
  // (`?_rsc=`) may answer 404 even without saved-state cookies; navigation is unaffected. Anything else fails.
  expect(failed.filter((line) => !/^404 .*\?_rsc=/.test(line))).toEqual([]);
});

import type { Locator, Page } from '@playwright/test';
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
  await expect(page).not.toHaveTitle('Error 404 (Not Found)');
});

test('every way on from a 404 opens its page once the scripts have run: the page, the logo, the header, the footer', async ({ page }) => {
  // The App Router does not navigate out of the 404 document: a click changed the address and left the 404 on screen.
  const ways: [string, (at: Page) => Locator, string, RegExp][] = [
    ['/no-such-page/', (at) => at.getByRole('main').getByRole('link', { name: 'Back to the home page' }), '/', /./],
    ['/no/such/page/', (at) => at.getByRole('main').getByRole('link', { name: 'See the services' }), '/services/', /services/i],
    ['/no/such/page/', (at) => at.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Specials' }), '/specials/', /specials/i],
    ['/no-such-page/', (at) => at.getByRole('banner').getByRole('link').first(), '/', /./],
    ['/services/no-such-service/', (at) => at.getByRole('contentinfo').getByRole('link', { name: 'Locations' }).first(), '/locations/', /location/i],
  ];
  for (const [from, link, to, heading] of ways) {
    expect((await page.goto(from))?.status()).toBe(404);
    // What the bug needed: the page's scripts loaded and its router running before the tap.
    await page.waitForLoadState('networkidle');
    await link(page).click();
    await expect(page, `${from} -> ${to}`).toHaveURL(new RegExp(`^https?://[^/]+${to}$`));
    await expect(page, `${from} -> ${to}`).not.toHaveTitle('Error 404 (Not Found)');
    await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true }), `${from} -> ${to}`).toHaveText(heading);
  }
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

import type { Locator, Page } from '@playwright/test';
import { watchConsole } from './support/console';
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
  // The App Router does not navigate out of the 404 document: a click changed the address and left the 404 on screen,
  // while the page's prefetches hung.
  const ways: [number, string, (at: Page) => Locator, string, RegExp][] = [
    [1280, '/no-such-page/', (at) => at.getByRole('main').getByRole('link', { name: 'Back to the home page' }), '/', /./],
    [390, '/no/such/page/', (at) => at.getByRole('main').getByRole('link', { name: 'See the services' }), '/services/', /services/i],
    [320, '/no/such/page/', (at) => at.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Specials' }), '/specials/', /specials/i],
    [390, '/no-such-page/', (at) => at.getByRole('banner').getByRole('link').first(), '/', /./],
    [1280, '/services/no-such-service/', (at) => at.getByRole('contentinfo').getByRole('link', { name: 'Locations' }).first(), '/locations/', /location/i],
  ];
  const errors = watchConsole(page);
  for (const [width, from, link, to, heading] of ways) {
    await page.setViewportSize({ width, height: 800 });
    expect((await page.goto(from))?.status()).toBe(404);
    // What the bug needed: the page's scripts loaded and its router running before the tap. Its hung prefetches
    // also held this wait past the test's time.
    await page.waitForLoadState('networkidle');
    await link(page).click();
    const step = `${from} -> ${to} at ${width} px`;
    await expect(page, step).toHaveURL(new RegExp(`^https?://[^/]+${to}$`));
    await expect(page, step).not.toHaveTitle('Error 404 (Not Found)');
    await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true }), step).toHaveText(heading);
  }
  // The 404 documents' own status is the only error. (Leaving a page cuts off its prefetches: those are not counted.)
  expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
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

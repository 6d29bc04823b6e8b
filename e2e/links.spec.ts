import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';

// The site's links (components/ui/AppLink.tsx, not next/link): client navigation, the routes in view prefetched,
// clicks the browser should handle left to it.

test('a link navigates on the client, prefetches the routes in view, and leaves a ctrl-click to the browser', async ({ page, context }) => {
  const errors = watchConsole(page);
  const prefetched: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/services/womens-wax/');
  await page.waitForLoadState('networkidle');
  // The gender chips are in view and prefetched (their links carry no prefetch={false}).
  await expect.poll(() => prefetched).toContain('/services/mens-wax/');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole('navigation', { name: 'Women or men' }).getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/mens-wax\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/men/i);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  const opened = context.waitForEvent('page');
  await page.getByRole('navigation', { name: 'Women or men' }).getByRole('link', { name: 'Women', exact: true }).click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  // A new tab starts at about:blank, then loads the link's address.
  await tab.waitForURL((url) => url.pathname === '/services/womens-wax/');
  await tab.close();
  await expect(page).toHaveURL(/\/services\/mens-wax\/$/);
  expect(errors).toEqual([]);
});

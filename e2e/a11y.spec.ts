import { expect, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { offersOfKind } from '../lib/content/catalog-pages';
import { expectNoAxeViolations } from './support/axe';
import { sweep } from './support/sweep';

// Independent page reads: the workers share them instead of one taking the whole file.
test.describe.configure({ mode: 'parallel' });

const item = allServiceItems().find((candidate) => candidate.mid) ?? allServiceItems()[0]!;

/** One page of every type: zero axe violations (WCAG 2.1 A and AA), one h1, and the landmarks. */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['services index', '/services/'],
  ['service menu', '/services/womens-wax/'],
  ['men\u2019s service menu', '/services/mens-laser/'],
  ['location service menu', '/nolita/services/womens-laser/'],
  ['location without the service', '/williamsburg/services/womens-wax/'],
  ['service page', `/services/${item.moniker}/`],
  ['favourites', '/services/favorites/'],
  ['specials', '/specials/'],
  ['specials by gender and tab', '/specials/men/wax/'],
  ['package page', `/packages/${offersOfKind('package')[0]!.moniker}/`],
  ['bundle page', `/bundles/${offersOfKind('bundle')[0]!.moniker}/`],
  ['locations', '/locations/'],
  ['location page', '/soho/'],
  ['tips page', '/laser-hair-removal-tips/'],
  ['how-it-is-done page', '/how-hydrafacial-is-done/'],
  ['legal page', '/privacy-policy/'],
  ['site map', '/site-map/'],
  ['404', '/no-such-page/'],
  ['404 of an address no route matches', '/no/such/page/'],
];

// In two halves, one per worker; each half's pages one after another in one browser page (e2e/support/sweep.ts).
for (const [index, pages] of [PAGES.slice(0, 10), PAGES.slice(10)].entries()) {
  test(`every page type has no axe violations, one h1 and the landmarks (${index + 1} of 2)`, async ({ page }) => {
    await sweep(pages, ([name, path]) => `${name} (${path})`, async ([name, path]) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expectNoAxeViolations(page, name);
    });
  });
}

test('narrow screen with the drawer open has no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/services/womens-wax/');
  await expectNoAxeViolations(page, 'service menu at 390 px');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectNoAxeViolations(page, 'service menu at 390 px, the drawer open');
});

test('keyboard: the skip link comes first and moves focus to the main content; focus is visible', async ({ page }) => {
  await page.goto('/services/womens-wax/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).not.toBe('none');
});

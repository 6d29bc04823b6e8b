import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { addToBooking, area, nextWeekday, scrollToSignInStep, timesPerService, unique } from './support/journeys';
import { mailedCode } from './support/mail';

/**
 * Next.js keeps up to three pages per route level that it navigated away from in the document, hidden (cacheComponents,
 * React's <Activity>), so that Back shows them as they were (issue 32, item 5). A customer moves between a menu, the
 * specials, the booking page, sign-in and sign-up in the browser, and comes back: at every painted frame the ids of
 * the document are unique, the e-mail box is named 'E-mail' once (not 'E-mail E-mail'), and the focus lands on the
 * next thing to do: the booking page's content after BOOK NOW in the drawer, the code field after 'Send me a code',
 * the confirmation's heading after BOOK.
 */

/** Every id twice or more in the document, checked at each frame the browser draws from the first one on. */
async function watchIds(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { duplicateIds: string[] }).duplicateIds = seen;
    const check = () => {
      const counts = new Map<string, number>();
      for (const element of document.querySelectorAll('[id]')) counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
      for (const [id, count] of counts) if (count > 1 && !seen.includes(`${id} x${count} at ${location.pathname}`)) seen.push(`${id} x${count} at ${location.pathname}`);
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function expectUniqueIds(page: Page, step: string) {
  // One more frame, so the last change has been drawn and checked.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { duplicateIds: string[] }).duplicateIds), `${step}: ids used twice`).toEqual([]);
  // The pages kept hidden are not in the accessibility tree: one main landmark, and one <main> not marked hidden.
  await expect(page.getByRole('main'), step).toHaveCount(1);
  await expect(page.locator('main:not([hidden])'), step).toHaveCount(1);
}

/** The e-mail box of the page's form, named by its own label only. */
async function expectEmailNamedOnce(page: Page, step: string) {
  const box = page.getByRole('main').getByRole('textbox', { name: /E-mail/ });
  await expect(box, step).toHaveCount(1);
  await expect(box, step).toHaveAccessibleName('E-mail');
}

test('moving between pages keeps ids unique and names single; the focus lands on the next thing to do', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchConsole(page);
  await watchIds(page);

  await addToBooking(page, '/services/womens-wax/');
  await page.getByRole('banner').getByRole('link', { name: 'Specials' }).click();
  await expect(page).toHaveURL(/\/specials\/$/);
  await expectUniqueIds(page, 'specials');

  // BOOK NOW in the booking drawer: the drawer closes, the page it was opened on is hidden with its cart button, and
  // the booking page's content takes the focus.
  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  await page.getByRole('dialog', { name: /^Booking Cart/ }).getByRole('link', { name: 'BOOK NOW' }).click();
  await expect(page).toHaveURL(/\/booking\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();
  await expectUniqueIds(page, 'booking');
  // The sign-in step's form loads as its place nears the screen (or at the page's first tap).
  await scrollToSignInStep(page);
  await expectEmailNamedOnce(page, 'booking');

  await page.getByRole('button', { name: 'Sign in to book with a password' }).click();
  await expect(page).toHaveURL(/\/signin\/\?url=/);
  await expectUniqueIds(page, 'sign-in');
  await expectEmailNamedOnce(page, 'sign-in');

  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\/\?url=/);
  await expectUniqueIds(page, 'sign-up');
  await expectEmailNamedOnce(page, 'sign-up');

  // Back twice: the hidden booking page is shown again, with its ids; the skip link leads to its content.
  await page.goBack();
  await expect(page).toHaveURL(/\/signin\/\?url=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\/$/);
  await expectUniqueIds(page, 'booking again');
  await expectEmailNamedOnce(page, 'booking again');
  const skipTarget = await page.getByRole('link', { name: 'Skip to main content' }).getAttribute('href');
  await expect(page.locator(skipTarget!)).toBeVisible();

  // 'Send me a code': the e-mail step gives way to the code step, and its field has the focus.
  await timesPerService(page);
  const wax = area(page, 'Hair Removal');
  await wax.getByLabel('Date for Hair Removal').fill(nextWeekday(2, 8));
  const times = wax.getByRole('group', { name: 'Time for Hair Removal' });
  await times.locator('label').first().click();
  const email = `hidden-pages-${unique()}@example.com`;
  const step = page.getByRole('region', { name: 'Sign in to book' });
  await step.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await step.getByRole('button', { name: 'Send me a code' }).click();
  const code = step.getByRole('textbox', { name: 'Code from the e-mail' });
  await expect(code).toBeFocused();
  // The code's sixth digit sends it; a new address is asked for its name, and the field has the focus.
  await code.fill(await mailedCode(email));
  const name = step.getByRole('textbox', { name: 'Your name' });
  await expect(name).toBeFocused();
  await name.fill('Hana Reyes');
  await step.getByRole('button', { name: 'Create my account and sign in' }).click();

  // Signed in, the visit books itself: the confirmation's heading has the focus, so it is what is read first.
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeFocused();
  await expectUniqueIds(page, 'confirmation');
  expect(errors).toEqual([]);
});

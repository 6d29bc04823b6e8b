import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { fillSignUp, followSignUpLink, PASSWORD, signUp, unique, warmUpDatabase } from './support/journeys';
import { allGroupedPackages, isFirstVisitOffer } from '../lib/catalog/catalog';
import { offerPath } from '../lib/content/catalog-pages';

// Sign-up hashes a password (scrypt) and the journey crosses several pages: slow on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(({ request }) => warmUpDatabase(request));

const OFFER = allGroupedPackages().find((offer) => isFirstVisitOffer(offer))!;
const OFFER_PATH = offerPath(OFFER);
const BOUGHT_BEFORE = 'This first-session offer is for new clients, and you have bought a first-session offer before. Please remove it: the service’s packages are on its page.';

/** Buy on the offer's page, then CHECK OUT in the drawer; `said`: a sentence the drawer shows first. */
async function buyAndCheckOut(page: Page, said?: string) {
  await page.goto(OFFER_PATH);
  await page.getByRole('button', { name: `Buy: ${OFFER.pvTitle}` }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(drawer).toBeVisible();
  if (said) await expect(drawer).toContainText(said);
  await drawer.getByRole('button', { name: 'CHECK OUT' }).click();
}

/** Counts the page's POSTs to the checkout route from now on. */
function countCheckoutPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/shop/checkout/') posts += 1;
  });
  return () => posts;
}

test('a refused checkout is asked once, says why, and each way out works: remove the item, sign in with another account', async ({ page, browser }) => {
  const errors = watchConsole(page);
  await signUp(page, 'Flo', `flo-${unique()}@example.com`, OFFER_PATH);
  await expect(page).toHaveURL(new RegExp(`${OFFER_PATH}$`), { timeout: 30_000 });

  // The first one is sold to her: a new client.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(/Thank you! Order #D\d+ is paid\./)).toBeVisible();

  // Again: the checkout refuses it, once, and says why.
  const posts = countCheckoutPosts(page);
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/checkout\/$/);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(BOUGHT_BEFORE);
  await page.waitForTimeout(5_000);
  expect(posts()).toBe(1);
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  // Way out 1: remove the item; the cart is empty and says where to go on.
  await alert.getByRole('button', { name: 'Remove it from my cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your shopping cart is empty.');
  await expect(page.getByRole('link', { name: 'See packages and specials' })).toBeFocused();
  await expect(page.locator('[data-testid="shop-badge"]:visible')).toHaveCount(0);
  expect(posts()).toBe(1);

  // Another account, signed up on another device.
  const other = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const otherPage = await other.newPage();
  const otherEmail = `gus-${unique()}@example.com`;
  await otherPage.goto('/signup/?url=%2Faccount%2F');
  await fillSignUp(otherPage, 'Gus', otherEmail);
  await followSignUpLink(otherPage, otherEmail);
  await other.close();

  // Way out 2: the offer again (the drawer says already that it would be refused), refused again (once), then signing
  // in with the other account, who is a new client.
  await buyAndCheckOut(page, BOUGHT_BEFORE);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(BOUGHT_BEFORE);
  await page.getByRole('link', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fcheckout%2F$/);
  await page.getByLabel('E-mail', { exact: true }).fill(otherEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await expect(page.getByRole('cell', { name: OFFER.pvTitle })).toBeVisible();
  expect(posts()).toBe(3);

  // The refusals are 409 answers the page shows; nothing else failed.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

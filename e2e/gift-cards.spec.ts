import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { expectNoAxeViolations } from './support/axe';
import { watchConsole } from './support/console';
import { signInAsOwner } from './support/desk';
import { buyAndCheckOut, PACKAGE_TITLE, signUp, unique, warmUpDatabase } from './support/journeys';
import { mailTextTo } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';

/**
 * Issue 37, item 4 and item 6's last journey, on a 390 px phone: a gift card bought on /gift-cards/ without an account,
 * paid on the demo checkout, its code mailed; then the code pays a $81 package in full and the next one in part,
 * the rest of the card kept between them. And the owner's amounts are what the page sells. Customers and an owner sign
 * up here, so the file runs on a server of its own.
 */
runOnOwnServer('gift-cards', 83);
test.describe.configure({ timeout: 180_000 });
test.beforeAll(({ request }) => warmUpDatabase(request));

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'America/New_York', locale: 'en-US', baseURL });
  return context.newPage();
}

/** The code in the gift-card mail to `email`, as typed on a checkout ('ABCD EFGH JKLM NPQR'). */
async function mailedGiftCardCode(email: string): Promise<string> {
  const text = await mailTextTo(email, /gift card: \$/);
  return /Its code is:\s+([A-Z0-9]{4}(?: [A-Z0-9]{4}){3})/.exec(text)![1]!;
}

test('a gift card bought without an account, then used to pay a package in full and the next one in part', async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL);
  const errors = watchConsole(page);
  const giver = `giver-${unique()}@example.com`;

  await page.goto('/gift-cards/');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to use a gift card' })).toBeVisible();
  await expectNoAxeViolations(page, 'gift cards');
  await expectNoSidewaysScroll(page, '/gift-cards/');
  const amounts = page.getByRole('group', { name: 'Amount' }).getByRole('radio');
  await expect(amounts).toHaveCount(6);

  // A mistyped address is answered on the form, the chosen amount kept.
  await page.getByRole('radio', { name: '$100' }).check();
  await page.getByLabel('Your e-mail address').fill('giver@');
  await page.getByRole('button', { name: 'Buy a gift card' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByRole('radio', { name: '$100' })).toBeChecked();
  // Each answer comes over a redirect: axe runs once the page that arrived has its title.
  await expect(page).toHaveTitle(/Gift cards/);
  await expectNoAxeViolations(page, 'gift cards, refused address');

  await page.getByLabel('Your e-mail address').fill(giver);
  await page.getByRole('button', { name: 'Buy a gift card' }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await expect(page.getByRole('cell', { name: 'Gift card $100' })).toBeVisible();
  // A gift card does not pay for a gift card: no code field here.
  await expect(page.getByLabel('Gift card code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page.getByText(/Thank you! Order #D\d+ is paid\./)).toBeVisible();
  await expect(page.getByText(`The gift card code is on its way to ${giver}`)).toBeVisible();
  await expect(page).toHaveTitle(/Checkout/);
  await expectNoAxeViolations(page, 'gift card paid');
  const code = await mailedGiftCardCode(giver);

  // The person given the card signs up and buys a $81 package: the card pays it all.
  await signUp(page, 'Gia', `gia-${unique()}@example.com`, '/services/');
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.getByLabel('Gift card code').fill('AAAA BBBB CCCC DDDD');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#gift-card-refusal')).toHaveText('That gift card code is not valid. Check it against the mail and try again.');
  await expect(page).toHaveTitle(/Checkout/);
  await expectNoAxeViolations(page, 'checkout, refused code');
  await page.getByLabel('Gift card code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ending ${code.slice(-4)} ($19.00 stays on it)`)).toBeVisible();
  await expect(page.getByTestId('checkout-to-pay')).toHaveText('$0.00');
  await expect(page).toHaveTitle(/Checkout/);
  await expectNoAxeViolations(page, 'checkout, card applied');
  await expectNoSidewaysScroll(page, 'checkout, card applied');
  await page.getByRole('button', { name: 'Pay $0' }).click();
  await expect(page.getByText(/Thank you! Order #D\d+ is paid\./)).toBeVisible();
  await expect(page.getByText('of which gift cards paid $81.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText(`${PACKAGE_TITLE}: 3 of 3 sessions left`);

  // The next package: the $19 left on the card pays part, the rest is to pay.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ending ${code.slice(-4)} ($0.00 stays on it)`)).toBeVisible();
  await expect(page.getByTestId('checkout-to-pay')).toHaveText('$62.00');
  await page.getByRole('button', { name: 'Pay $62' }).click();
  await expect(page.getByText('of which gift cards paid $19.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText(`${PACKAGE_TITLE}: 6 of 6 sessions left`);

  // Spent: the card is refused on the next checkout.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#gift-card-refusal')).toHaveText('That gift card has no balance left.');
  expect(errors).toEqual([]);
});

test("the owner's amounts are the ones /gift-cards/ sells, and a wrong list is refused with a sentence", async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL);
  await signInAsOwner(page, 'Olive Owner', '/desk/gift-cards/');
  const field = page.getByLabel('Amounts in dollars');
  await expect(field).toHaveValue('25, 50, 100, 150, 200, 500');
  await field.fill('30, 33');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(page.getByText('Amounts go in steps of $5.')).toBeVisible();
  await expect(page).toHaveTitle(/Gift cards/);
  await expectNoAxeViolations(page, 'owner, refused amounts');
  await page.getByLabel('Amounts in dollars').fill('$40, 75, 300');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await expect(page.getByText('Saved: /gift-cards/ sells these amounts now.')).toBeVisible();
  await expect(page.getByText('GIFT-CARD-75')).toBeVisible();

  await page.goto('/gift-cards/');
  await expect(page.getByRole('group', { name: 'Amount' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: '$75' })).toBeVisible();
  await page.goto('/desk/activity/?kind=gift-cards');
  await expect(page.getByText('Gift cards $25, $50, $100, $150, $200, $500 → $40, $75, $300')).toBeVisible();
});

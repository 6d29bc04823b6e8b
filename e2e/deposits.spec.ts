import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { SERVICE_ITEMS } from '../lib/catalog/data';
import { formatHeldUntil } from '../components/booking/deposit-hold';
import { depositRuleSentence } from '../lib/deposits/rule';
import { menuServicePath } from '../lib/menu/paths';
import { OWNER_DOMAIN } from '../playwright.config';
import { expectNoAxeViolations } from './support/axe';
import { watchConsole } from './support/console';
import { bookToCheckout, serviceAtAFreeTime, signInByCode } from './support/deposits';
import { mailTextTo } from './support/mail';
import { signUp, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';

/**
 * Issue 37's deposits on a 390 px phone: the owner setting one in the menu editor (item 1), and item 6's journeys: a microblading visit (the seed asks $100) booked through the
 * demo checkout, the confirmation page waiting for the payment and then confirming; and one abandoned at the checkout,
 * its times still held on the way back and released once the hold ran out. The server's clock can be moved forward
 * (e2e/support/movable-clock.cjs) so that the 10-minute hold runs out at once.
 */
const CLOCK_FILE = path.resolve(process.env.DATA_DIR ?? '.data/e2e', 'deposits-clock.txt');
mkdirSync(path.dirname(CLOCK_FILE), { recursive: true });
writeFileSync(CLOCK_FILE, '0');
runOnOwnServer('deposits', 89, {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.resolve('e2e/support/movable-clock.cjs')}`.trim(),
  E2E_CLOCK_FILE: CLOCK_FILE,
});

const PHONE = { width: 390, height: 844 };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MICROBLADING = SERVICE_ITEMS.find((item) => item.value === 'WMBL001')!;

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

async function check(page: Page, step: string) {
  await expectNoAxeViolations(page, step);
  await expectNoSidewaysScroll(page, step);
}

test('a deposit visit: the summary says the deposit and its rule, BOOK opens the demo checkout, the confirmation waits for the payment and then confirms', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await phone(browser);
  const email = await signInByCode(page, 'Dana Reyes');
  const time = await serviceAtAFreeTime(page, MICROBLADING);

  const visit = page.getByRole('region', { name: 'Your visit' });
  await expect(visit.getByTestId('summary-deposit')).toHaveText('$100.00');
  await expect(visit.getByTestId('summary-deposit-rule')).toHaveText(depositRuleSentence(10000));
  await check(page, 'booking page with a deposit');

  const deposit = await bookToCheckout(page, 10000);
  const checkout = page.getByRole('table', { name: 'Order summary' });
  await expect(checkout.getByRole('row', { name: /Deposit/ })).toContainText('100');
  await expect(page.getByTestId('checkout-total')).toHaveText('$100');
  await check(page, 'demo checkout of the deposit');

  // The confirmation page, open before the payment, waits for it with its progress line.
  const waiting = await context.newPage();
  const waitingErrors = watchConsole(waiting);
  await waiting.goto(`/booking/confirmation/${deposit.id}/`);
  await expect(waiting.getByRole('heading', { level: 1, name: 'Waiting for your deposit' })).toBeVisible();
  await expect(waiting.getByTestId('deposit-progress')).toContainText('Waiting for the shop to confirm your deposit of $100.00…');
  await check(waiting, 'confirmation waiting for the deposit');

  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/confirmation/${deposit.id}/$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('confirmation-deposit')).toHaveText('Deposit paid: $100.00. It is taken off the price at the salon.');
  await expect(page.getByRole('region', { name: 'Your visit' }).getByRole('listitem')).toContainText(`${time} ·`);
  await check(page, 'confirmation after the deposit');

  // The waiting page saw the payment by itself.
  await expect(waiting.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 15_000 });
  await expect(waiting.getByTestId('confirmation-deposit')).toBeVisible();
  // The booking cart the visit came from is empty now.
  await expect(page.getByRole('complementary', { name: 'Booking cart summary' })).toHaveCount(0);
  expect(await mailTextTo(email, /booking is confirmed/)).toContain('Deposit paid: $100.00. It is taken off the price at the salon.');
  expect(errors).toEqual([]);
  expect(waitingErrors).toEqual([]);
  await context.close();
});

test('an abandoned deposit: back from the checkout the visit and its time are still there; once the hold runs out the times are released and the page says so', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await phone(browser);
  await signInByCode(page, 'Lena Ortiz');
  const time = await serviceAtAFreeTime(page, MICROBLADING);
  const deposit = await bookToCheckout(page, 10000);

  // Back from the checkout: the booking page, the visit and its time as they were, BOOK ready again.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\//);
  await expect(page.getByRole('region', { name: 'Your visit' })).toContainText(MICROBLADING.name);
  await expect(page.getByRole('region', { name: 'Your visit' })).toContainText(time);
  await expect(page.getByRole('button', { name: 'BOOK', exact: true })).toBeVisible();
  // It says until when the times are held, and leads back to the checkout.
  const held = page.getByTestId('deposit-held');
  await expect(held).toContainText(`Your times are held until ${formatHeldUntil(Date.parse(deposit.expiresAt))} while the deposit is not paid.`);
  await expect(held.getByRole('link', { name: 'Back to the checkout' })).toHaveAttribute('href', deposit.checkoutUrl);
  await check(page, 'booking page back from the checkout');

  // Eleven minutes later on the server's clock, nothing paid: the hold has run out.
  writeFileSync(CLOCK_FILE, String(11 * 60_000));
  try {
    await page.goto(`/booking/confirmation/${deposit.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your held times were released' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('The deposit was not paid within the 10 minutes the times were held, so nothing is booked.');
    await check(page, 'confirmation of a released deposit');
    const answer = await page.request.get(`/api/deposits/${deposit.id}/`);
    expect(((await answer.json()) as { deposit: { status: string } }).deposit.status).toBe('released');
    await page.getByRole('link', { name: 'Choose a time again' }).click();
    await expect(page).toHaveURL(/\/booking\/$/);
    await expect(page.getByRole('region', { name: 'Your visit' })).toContainText(MICROBLADING.name);
  } finally {
    writeFileSync(CLOCK_FILE, '0');
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("the owner sets a service's deposit on a phone: a mistake changes nothing, then the booking page asks for it", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await phone(browser);
  const wax = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
  const editor = menuServicePath(wax.id);
  await signUp(page, 'Olga Marsh', `owner-${unique()}${OWNER_DOMAIN}`, editor);
  await expect(page).toHaveURL(new RegExp(`${editor}$`));
  const form = page.locator('#edit-service');
  const deposit = form.getByRole('group', { name: 'Deposit for online booking' });
  await expect(deposit).toContainText('Now: no deposit.');
  await expect(deposit.getByRole('radio', { name: 'No deposit' })).toBeChecked();
  await check(page, "the menu editor's deposit");

  await deposit.getByRole('radio', { name: 'A fixed amount, in whole dollars:' }).check();
  await deposit.getByLabel('Deposit amount in dollars').fill('20.50');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toContainText('Nothing was saved: please correct the marked fields.');
  await expect(form.getByRole('group', { name: 'Deposit for online booking' })).toContainText('Enter the deposit in whole dollars, from $1 to $10,000, like 50.');
  await expect(form.getByRole('group', { name: 'Deposit for online booking' })).toContainText('Now: no deposit.');

  await form.getByRole('group', { name: 'Deposit for online booking' }).getByLabel('Deposit amount in dollars').fill('20');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toContainText('Brazilian is saved: new bookings get it now.');
  await expect(form.getByRole('group', { name: 'Deposit for online booking' })).toContainText("Now: $20.00, $20.00 at today's price.");
  await check(page, 'the menu editor after saving a deposit');

  // The cancellation policy lists the deposits from the catalogue: the new one too, and the seed's microblading.
  await page.goto('/cancellation-policy/');
  const deposits = page.getByTestId('policy-deposits');
  await expect(deposits.getByRole('row', { name: new RegExp(`^${escapeRegExp(wax.title.replace(/,? in NYC$/, ''))} \\$20\\.00$`) })).toBeVisible();
  await expect(deposits.getByRole('row', { name: 'Microblading $100.00', exact: true })).toBeVisible();
  await check(page, 'the cancellation policy with the deposits');

  await page.goto(`/services/${wax.moniker}/`);
  await page.getByRole('button', { name: `Add to booking: ${wax.name}`, exact: true }).click();
  await page.goto('/booking/');
  await expect(page.getByRole('region', { name: 'Your visit' }).getByTestId('summary-deposit')).toHaveText('$20.00');
  expect(errors).toEqual([]);
  await context.close();
});

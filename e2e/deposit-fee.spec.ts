import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { SERVICE_ITEMS } from '../lib/catalog/data';
import { profileFromAuthCookie } from '../lib/persistence/auth';
import { expectNoAxeViolations } from './support/axe';
import { watchConsole } from './support/console';
import { bookAndPay, serviceAtAFreeTime, signInByCode } from './support/deposits';
import { signInAsStaff } from './support/desk';
import { buyAndCheckOut, PACKAGE_TITLE, warmUpDatabase } from './support/journeys';
import { mailTextTo } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';

/**
 * Issue 37, item 3 and item 6's fee journeys, on a 390 px phone. Every visit is booked as a customer books it: BOOK on
 * the booking page, the deposit paid on the demo checkout, the confirmation. Then: cancelled a day or more ahead (the
 * deposit becomes credit, shown on the account page, which pays the next booking's deposit and then a package);
 * cancelled late through the desk (kept); a no-show marked at the desk (kept) then waived. 'Late' and 'missed' are
 * reached by moving the server's clock forward (e2e/support/movable-clock.cjs), as the deposits journeys let a hold run
 * out: the visits stay where the booking put them. Own server, offset 24.
 */
const CLOCK_FILE = path.resolve(process.env.DATA_DIR ?? '.data/e2e', 'deposit-fee-clock.txt');
mkdirSync(path.dirname(CLOCK_FILE), { recursive: true });
writeFileSync(CLOCK_FILE, '0');
runOnOwnServer('deposit-fee', 24, {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.resolve('e2e/support/movable-clock.cjs')}`.trim(),
  E2E_CLOCK_FILE: CLOCK_FILE,
});
test.describe.configure({ timeout: 240_000 });
test.beforeAll(({ request }) => warmUpDatabase(request));
test.afterEach(() => writeFileSync(CLOCK_FILE, '0'));

const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
// The seed's deposits (lib/catalog/data/deposits.ts): $100, $50, and 25% of $85 rounded up to the dollar.
const MICROBLADING = SERVICE_ITEMS.find((item) => item.value === 'WMBL001')!;
const TATTOO = SERVICE_ITEMS.find((item) => item.value === 'WTTR002')!;
const LAMINATION = SERVICE_ITEMS.find((item) => item.value === 'WBRW006')!;

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

async function check(page: Page, step: string) {
  await expectNoAxeViolations(page, step);
  await expectNoSidewaysScroll(page, step);
}

/** The booked visit's appointment (the desk's visit page is by appointment) and its start, from the customer's own list. */
async function appointmentOf(page: Page, bookingId: string): Promise<{ id: string; start: number }> {
  const profile = profileFromAuthCookie((await page.context().cookies()).find((cookie) => cookie.name === 'BnpAuth')?.value);
  const customerId = profile!.customerId.replace(/[{}]/g, '').toLowerCase();
  const answer = await page.request.get(`/api/appointments/${customerId}/`);
  expect(answer.status()).toBe(200);
  const { cards } = (await answer.json()) as { cards: { header: { aptId: string }; appointments: { id: string; start: string }[] }[] };
  const appointment = cards.find((card) => card.header.aptId.replace(/[{}]/g, '').toLowerCase() === bookingId)!.appointments[0]!;
  return { id: appointment.id, start: Date.parse(appointment.start) };
}

/** The server's clock moved so that it reads `at` now (forward only: the journeys never go back in time). */
function serverClockAt(at: number) {
  writeFileSync(CLOCK_FILE, String(at - Date.now()));
}

test('cancelled a day or more ahead: the deposit becomes account credit, which pays the next deposit and then a package', async ({ browser }) => {
  const { context, page, errors } = await phone(browser);
  const email = await signInByCode(page, 'Ana Lima');
  // The third day with free times is two or more days ahead: cancelling is 24 hours or more before the visit.
  await serviceAtAFreeTime(page, MICROBLADING, 2);
  await bookAndPay(page, 10_000);

  await page.goto('/account/');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  expect(await mailTextTo(email, /cancelled/)).toContain('Your $100.00 deposit is now account credit: your next deposit or package uses it first.');
  await page.reload();
  const credit = page.getByRole('region', { name: 'Account credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('$100.00');
  await expect(credit).toContainText('Deposit of a visit cancelled in time, +$100.00');
  await check(page, 'account with credit');

  // The next booking's $50 deposit: the credit covers it, so BOOK books at once, with no checkout.
  await serviceAtAFreeTime(page, TATTOO, 2);
  await page.getByRole('button', { name: 'BOOK', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/, { timeout: 30_000 });
  await expect(page.getByTestId('confirmation-deposit')).toHaveText('Deposit paid: $50.00, from your account credit. It is taken off the price at the salon.');
  await check(page, 'confirmation of a deposit paid from credit');
  await page.goto('/account/');
  await expect(credit.getByTestId('credit-balance')).toHaveText('$50.00');
  await expect(credit).toContainText('Used for a deposit, −$50.00');

  // Then a package: the rest of the credit, as a gift card the store issued for it, pays $50 of the $81.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await expect(page.getByText(/^Gift card ending [A-Z2-9]{4} \(\$0\.00 stays on it\)$/)).toBeVisible();
  await expect(page.getByTestId('checkout-to-pay')).toHaveText('$31.00');
  expect(await mailTextTo(email, /credit is on a gift card: \$50\.00/)).toMatch(/If you leave the checkout before paying, the card keeps the amount/);
  await page.getByRole('button', { name: 'Pay $31' }).click();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText(`${PACKAGE_TITLE}: 3 of 3 sessions left`);
  await page.goto('/account/');
  await expect(credit.getByTestId('credit-balance')).toHaveText('$0.00');
  await expect(credit).toContainText('Used for a package, −$50.00');
  expect(errors).toEqual([]);
  await context.close();
});

test('cancelled late through the desk (kept), and a no-show marked at the desk (kept), then waived', async ({ browser }) => {
  const customer = await phone(browser);
  const email = await signInByCode(customer.page, 'Bo Chen');
  const booked: { cents: number; id: string; start: number }[] = [];
  // The first time of a day for one, the last for the other: never both at once, even on the same day.
  for (const [service, cents, which] of [
    [TATTOO, 5_000, 'first'],
    [LAMINATION, 2_200, 'last'],
  ] as const) {
    await serviceAtAFreeTime(customer.page, service, 1, which);
    booked.push({ cents, ...(await appointmentOf(customer.page, await bookAndPay(customer.page, cents))) });
  }
  // The earlier visit is cancelled late, the later one missed: the server's clock only moves forward.
  const [late, missed] = booked.sort((a, b) => a.start - b.start) as [(typeof booked)[number], (typeof booked)[number]];
  const lateAmount = `$${(late.cents / 100).toFixed(2)}`;
  const missedAmount = `$${(missed.cents / 100).toFixed(2)}`;

  const desk = await phone(browser);
  await signInAsStaff(desk.page, 'Dana Desk');
  const page = desk.page;

  // Three hours before the first visit, Bo calls: the desk cancels it, and the deposit is kept as the fee.
  serverClockAt(late.start - 3 * HOUR);
  await page.goto(`/desk/appointments/${late.id}/`);
  await expect(page.getByTestId('visit-deposit')).toHaveText(`${lateAmount}, paid online, held for this visit`);
  await expect(page.getByTestId('visit-left-to-pay')).toContainText(`− deposit ${lateAmount}`);
  await check(page, 'desk visit with a deposit');
  await page.getByRole('button', { name: 'Cancel visit…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the visit' }).click();
  await expect(page.getByTestId('visit-deposit')).toHaveText(`${lateAmount}, kept as the fee (late cancellation or no-show)`);
  expect(await mailTextTo(email, /cancelled/)).toContain(`the ${lateAmount} deposit is kept as the late-cancellation fee`);

  // An hour after the other visit began, Bo has not come: a no-show keeps its deposit; the desk waives it.
  serverClockAt(missed.start + HOUR);
  await page.goto(`/desk/appointments/${missed.id}/`);
  await page.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(page.getByTestId('visit-deposit')).toHaveText(`${missedAmount}, kept as the fee (late cancellation or no-show)`);
  expect(await mailTextTo(email, /We missed you/)).toContain(`the ${missedAmount} deposit is kept as the fee for a missed appointment`);
  await page.getByRole('button', { name: `Waive the fee (credit ${missedAmount})` }).click();
  await expect(page.getByText('Fee waived: the deposit is now the customer’s account credit.')).toBeVisible();
  await expect(page.getByTestId('visit-deposit')).toHaveText(`${missedAmount}, fee waived: credited to the customer’s account`);
  await check(page, 'desk visit, fee waived');

  await customer.page.goto('/account/');
  const credit = customer.page.getByRole('region', { name: 'Account credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText(missedAmount);
  await expect(credit).toContainText(`Late-cancellation fee waived by the salon, +${missedAmount}`);
  expect(customer.errors).toEqual([]);
  expect(desk.errors).toEqual([]);
  await Promise.all([customer.context.close(), desk.context.close()]);
});

import type { Page } from '@playwright/test';
import { expect } from './worker-server';
import type { ServiceItem } from '../../lib/catalog/schema';
import { mailedCode } from './mail';
import { unique } from './journeys';

/** A new customer signed in by an e-mail code (the name typed on the same screen); answers the address. */
export async function signInByCode(page: Page, name: string): Promise<string> {
  const email = `deposit-${unique()}@example.com`;
  await page.goto('/signin/?method=code&url=%2Faccount%2F');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Code from the e-mail').fill(await mailedCode(email));
  await expect(page).toHaveURL(/\/account\/$/);
  return email;
}

/**
 * The service in the booking cart, the booking page, and the first free time (or the `last`) of a day with times: the
 * first such day by default, or the `day`-th (0 first), which is at least that many days after today. Answers the
 * time's label.
 */
export async function serviceAtAFreeTime(page: Page, service: ServiceItem, day = 0, which: 'first' | 'last' = 'first'): Promise<string> {
  await page.goto(`/services/${service.moniker}/`);
  await page.getByRole('button', { name: `Add to booking: ${service.name}`, exact: true }).click();
  await page.getByRole('complementary', { name: 'Booking cart summary' }).getByRole('link', { name: 'Book now' }).click();
  // The booking page is rendered with the day's free times: through a front (proxy-mode.spec.ts) that is a call to its
  // upstream, which took over 5 s on two busy cores (2026-12-01).
  await expect(page).toHaveURL(/\/booking\/$/, { timeout: 15_000 });
  const when = page.getByRole('region', { name: /^(One time for your whole visit|Day and time)$/ });
  const days = when.getByRole('group', { name: 'Day of your visit' }).getByRole('button', { name: /: \d+ times?$/ });
  await expect(days.first()).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  if (day > 0) {
    await days.nth(day).click();
    await expect(days.nth(day)).toHaveAttribute('aria-pressed', 'true');
  }
  const radio = which === 'first' ? when.getByRole('radio').first() : when.getByRole('radio').last();
  const label = when.locator(`label[for="${await radio.getAttribute('id')}"]`);
  await label.click();
  await expect(radio).toBeChecked();
  return (await label.innerText()).trim();
}

export interface StartedDeposit {
  id: string;
  checkoutUrl: string;
  amountCents: number;
  expiresAt: string;
}

/** BOOK: the answer (read on its way, since the page leaves at once) names the deposit; the browser goes to its checkout. */
export async function bookToCheckout(page: Page, cents: number): Promise<StartedDeposit> {
  let answer: { status: number; body: { deposit: StartedDeposit } } | undefined;
  const booking = /\/api\/appointments\/[0-9a-f-]{36}\/$/;
  await page.route(booking, async (route) => {
    const response = await route.fetch();
    answer = { status: response.status(), body: await response.json() };
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'BOOK', exact: true }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.unroute(booking);
  expect(answer?.status).toBe(202);
  expect(answer!.body.deposit.amountCents).toBe(cents);
  return answer!.body.deposit;
}

/** BOOK, then Pay on the demo checkout: the confirmation says the visit is booked. Answers the booking's id. */
export async function bookAndPay(page: Page, cents: number): Promise<string> {
  const deposit = await bookToCheckout(page, cents);
  await page.getByRole('button', { name: `Pay $${cents / 100}` }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/confirmation/${deposit.id}/$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 15_000 });
  // The confirmation empties the booking cart once its scripts run (ClearBookedCard). Leaving before that kept the
  // booked service in the cart, so the next booking held it too (a busy run, 2026-11-30): the header says it is done.
  await expect(page.locator('html')).not.toHaveAttribute('data-bk', { timeout: 15_000 });
  return deposit.id;
}

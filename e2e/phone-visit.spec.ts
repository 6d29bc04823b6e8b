import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { formatDuration, formatUsd } from '../lib/catalog/format';
import { CANCELLATION_RULE } from '../lib/booking/visit-summary';
import { watchConsole } from './support/console';
import { signUpFromBooking, toMinutes } from './support/journeys';
import { mailTextTo } from './support/mail';
import { axeBuilder, expectNoAxeViolations } from './support/axe';
import { runOnOwnServer } from './support/own-server';

// Its own server, and so its own count of sign-ups from 127.0.0.1 (30 an hour): the phone's journeys run last, and on
// a worker's server the count was spent by then (CI, 2026-11-29: 'Too many attempts' at the sign-up).
runOnOwnServer('phone-visit', 68);

async function noAxeViolations(page: Page, step: string) {
  await expectNoAxeViolations(page, step);
  // Label in name (WCAG 2.5.3, the day buttons' names begin with what they show): axe keeps the rule among its
  // experimental ones, so it is asked for by name.
  const labelInName = await axeBuilder(page).withRules(['label-content-name-mismatch']).analyze();
  expect(labelInName.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Adds the first service of a menu and returns its name, read from the button ('Add to booking: Eyebrows'). */
async function addFirst(page: Page, menu: string): Promise<string> {
  await page.goto(menu);
  const button = page.getByRole('button', { name: /^Add to booking: / }).first();
  const name = (await button.getAttribute('aria-label'))?.replace(/^Add to booking: /, '') ?? (await button.innerText());
  await button.click();
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(1);
  return name;
}

const fromMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

test('a new customer on a phone books two services in two areas as one visit, with the total checked before and after BOOK', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const failed: string[] = [];
  // A request the browser aborted because the page moved on (a prefetch, a superseded navigation) is not a failure.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const waxName = await addFirst(page, '/services/womens-wax/');
  const facialName = await addFirst(page, '/services/womens-skin-care/');
  const wax = allServiceItems().find((i) => i.name === waxName && i.gen === 0 && i.areaId === 1)!;
  const facial = allServiceItems().find((i) => i.name === facialName && i.gen === 0 && i.areaId === 3)!;
  expect(wax && facial).toBeTruthy();

  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  await page.getByRole('dialog', { name: 'Booking Cart(2)' }).getByRole('link', { name: 'BOOK NOW' }).click();
  await expect(page).toHaveURL(/\/booking\/$/);

  // One time for the whole visit: the next 14 days from one request, the days with a time marked. It starts below the
  // services on a phone: a bar leads there, and goes once it is in view.
  const when = page.getByRole('region', { name: 'One time for your whole visit' });
  const chooseTime = page.getByRole('complementary', { name: 'Next step' }).getByRole('link', { name: 'Choose a time' });
  await expect(chooseTime).toBeInViewport();
  await chooseTime.click();
  await expect(when.getByRole('heading', { level: 2 })).toBeInViewport();
  await expect(chooseTime).toHaveCount(0);
  await expect(when).toContainText('Your services follow each other: Hair Removal, then Skincare.');
  const strip = when.getByRole('group', { name: 'Day of your visit' });
  await expect(strip.getByRole('button')).toHaveCount(14);
  const summary = page.getByRole('region', { name: 'Your visit' });
  await expect(summary.getByText('Time not chosen yet', { exact: false })).toHaveCount(2);
  await noAxeViolations(page, 'booking, no time yet');
  await noSidewaysScroll(page);

  // A day after today with a time (the first enabled button from the second on).
  const days = strip.getByRole('button');
  let chosenDay = -1;
  for (let i = 1; i < 14 && chosenDay < 0; i++) if (await days.nth(i).isEnabled()) chosenDay = i;
  expect(chosenDay).toBeGreaterThan(0);
  const dayButton = days.nth(chosenDay);
  await dayButton.click();
  await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
  // The button is named as it reads ('Mon 30 Nov: 38 times'); the times' heading writes the day out ('Monday, November 30').
  const [weekday, day, month] = (await dayButton.getAttribute('aria-label'))!.split(':')[0]!.split(' ');
  await expect(when.getByText(new RegExp(`^Start times on ${weekday}\\w*, ${month}\\w* ${day}$`))).toBeVisible();
  // Times come grouped by part of the day; pick the first of the afternoon (or of the first group there is).
  const groups = when.getByRole('group').filter({ has: page.getByRole('radio') });
  const afternoon = when.getByRole('group', { name: 'Afternoon' });
  const group = (await afternoon.count()) > 0 ? afternoon : groups.first();
  const first = group.getByRole('radio').first();
  const time = (await group.locator('label').first().innerText()).trim();
  await group.locator('label').first().click();
  await expect(first).toBeChecked();
  await expect(page).toHaveURL(/t1=\d\d%3A\d\d/);
  await expect(page).toHaveURL(/t3=\d\d%3A\d\d/);
  await noAxeViolations(page, 'booking, visit time chosen');
  // The summary and the sign-in step are below the time grid: a bar leads a visitor to sign in (just under the
  // summary), and goes once it is in view.
  const nextStep = page.getByRole('complementary', { name: 'Next step' }).getByRole('link', { name: 'Sign in to book' });
  await expect(nextStep).toBeInViewport();
  await nextStep.click();
  await expect(page.getByRole('region', { name: 'Sign in to book' }).getByRole('button', { name: 'Send me a code' })).toBeInViewport();
  await expect(nextStep).toHaveCount(0);

  // The summary: each service at its time (the facial right after the wax), the totals and the rule.
  const facialTime = fromMinutes(toMinutes(time) + wax.duration);
  const lines = summary.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(wax.name);
  await expect(lines.nth(0)).toContainText(`${time} ·`);
  await expect(lines.nth(0)).toContainText('Hair Removal · any therapist');
  await expect(lines.nth(0)).toContainText(formatUsd(wax.price));
  await expect(lines.nth(1)).toContainText(facial.name);
  await expect(lines.nth(1)).toContainText(`${facialTime} ·`);
  await expect(lines.nth(1)).toContainText(formatUsd(facial.price));
  const totalPrice = formatUsd(wax.price + facial.price);
  const totalTime = formatDuration(wax.duration + facial.duration);
  await expect(summary.getByTestId('summary-total-price')).toHaveText(totalPrice);
  await expect(summary.getByTestId('summary-total-time')).toHaveText(totalTime);
  await expect(summary).toContainText(CANCELLATION_RULE);

  // A new customer signs up on the way; the visit time comes back with them.
  const email = await signUpFromBooking(page, 'Vita');
  const back = page.getByRole('region', { name: 'One time for your whole visit' });
  await expect(back.getByRole('radio', { name: time, exact: true })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Your visit' }).getByTestId('summary-total-price')).toHaveText(totalPrice);
  // Signed in, the bar leads to the summary and BOOK.
  const review = page.getByRole('complementary', { name: 'Next step' }).getByRole('link', { name: 'Review and book' });
  await expect(review).toBeInViewport();
  await review.click();
  await expect(page.getByRole('heading', { name: 'Your visit' })).toBeInViewport();
  await expect(review).toHaveCount(0);
  await noAxeViolations(page, 'booking, signed in');
  await page.setViewportSize({ width: 320, height: 740 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'BOOK', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  // BOOK went with the booking page: the focus is on the confirmation's heading, and Tab goes on inside its content.
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  const confirmed = page.getByRole('region', { name: 'Your visit' });
  await expect(confirmed.getByRole('listitem')).toHaveCount(2);
  await expect(confirmed.getByRole('listitem').nth(0)).toContainText(`${time} ·`);
  await expect(confirmed.getByRole('listitem').nth(1)).toContainText(`${facialTime} ·`);
  await expect(confirmed.getByTestId('summary-total-price')).toHaveText(totalPrice);
  await expect(confirmed.getByTestId('summary-total-time')).toHaveText(totalTime);
  await expect(confirmed).toContainText(CANCELLATION_RULE);
  await noAxeViolations(page, 'confirmation');
  await noSidewaysScroll(page);

  // The mail says the same.
  const mail = await mailTextTo(email, /booking is confirmed/);
  // Each time with its zone, as the other mails write it ('at 10:00 AM EST').
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(mail).toMatch(new RegExp(`at ${literal(time)} E[SD]T: ${literal(wax.name)} \\(Hair Removal\\)`));
  expect(mail).toMatch(new RegExp(`at ${literal(facialTime)} E[SD]T: ${literal(facial.name)} \\(Skincare\\)`));
  expect(mail).toContain(`Total: ${totalPrice} for ${totalTime}`);
  expect(mail).toContain(CANCELLATION_RULE);

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

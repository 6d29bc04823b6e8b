import type { APIRequestContext, Page } from '@playwright/test';
import { currentBaseURL, expect, test } from './worker-server';
import { federalHolidays } from '@/lib/desk/holidays';
import { signUpLinkFor } from './mail';

/** Steps the journeys share: signing up and driving the booking page and the shop cart like a customer. */

export const PASSWORD = 'violet-canal-58-ferry';

export const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/**
 * The next given weekday (0 Sunday) at least `minDays` from today, in New York, as 'YYYY-MM-DD', passing over the
 * holidays the salon closes on (a journey run in late December would otherwise land on New Year's Day).
 */
export function nextWeekday(weekday: number, minDays: number): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + minDays));
  const closed = (iso: string) => federalHolidays(Number(iso.slice(0, 4))).some((holiday) => holiday.date === iso);
  while (date.getUTCDay() !== weekday || closed(date.toISOString().slice(0, 10))) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** '2:30 PM' -> minutes after midnight. */
export function toMinutes(label: string): number {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label.trim())!;
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
}

/**
 * Adds the first service of a service menu (or a service page's own) to the booking cart. A service page's 'Often
 * booked with it' may list services already in the cart: only the one added is waited for.
 */
export async function addToBooking(page: Page, menu: string) {
  await page.goto(menu);
  const add = page.getByRole('button', { name: /^Add to booking: / }).first();
  const name = (await add.getAttribute('aria-label'))!.replace(/^Add to booking: /, '');
  await add.click();
  await expect(page.getByRole('button', { name: `Added to booking: ${name}, press to remove`, exact: true }).first()).toBeVisible();
}

export const CHECK_YOUR_MAIL = 'Check your e-mail: we have sent you a link to finish creating your account.';

/** Fills in the sign-up form on the current page and sends it. */
export async function fillSignUp(page: Page, name: string, email: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * After the sign-up form was sent: the page says to check the mail; the mailed link's page creates the account with
 * its button, signs in and goes to the sign-up's return path.
 */
export async function followSignUpLink(page: Page, email: string) {
  await expect(page.getByRole('main').getByRole('status')).toContainText(CHECK_YOUR_MAIL);
  await page.goto(await signUpLinkFor(email));
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Done when the account exists and the page has moved on: a goto before that would cut the request off.
  await page.waitForURL((url) => !url.pathname.startsWith('/signup/confirm/'));
}

/**
 * Signs up from the signed-out booking page ('Create an account'), follows the mailed link and comes back to it.
 * Returns the address used.
 */
export async function signUpFromBooking(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\/\?url=/);
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  await fillSignUp(page, name, email);
  await followSignUpLink(page, email);
  await expect(page).toHaveURL(/\/booking\//);
  return email;
}

/** Signs up from the sign-up form reached with ?url=returnTo and follows the mailed link (which goes to returnTo). */
export async function signUp(page: Page, name: string, email: string, returnTo = '/services/') {
  await page.goto(`/signup/?url=${encodeURIComponent(returnTo)}`);
  await fillSignUp(page, name, email);
  await followSignUpLink(page, email);
}

/** One area's section of the booking page ('Hair Removal', 'Skincare'), not the closing drawer's. */
export function area(page: Page, name: string) {
  return page.getByRole('main').getByRole('region', { name });
}

/** Leaves 'one time for the whole visit' for a day and time per area (`times=each`, kept in the address). */
export async function timesPerService(page: Page) {
  const perService = page.getByRole('button', { name: 'Choose times per service' });
  const oneTime = page.getByRole('button', { name: 'Choose one time for the whole visit' });
  // Either shows once the page has hydrated; only then is the absence of the first meaningful.
  await expect(perService.or(oneTime)).toBeVisible({ timeout: 15_000 });
  if (await perService.isVisible()) await perService.click();
  await expect(oneTime).toBeVisible();
}

/** Picks a date in an area and its first free time from `after` minutes; returns the time's label ('11:00 AM'). */
export async function pickFirstTime(page: Page, areaName: string, date: string, after = 0): Promise<string> {
  await timesPerService(page);
  const section = area(page, areaName);
  await section.getByLabel(`Date for ${areaName}`).fill(date);
  const times = section.getByRole('group', { name: `Time for ${areaName}` });
  await expect(times).toBeVisible();
  const labels = await times.locator('label').allTextContents();
  const nth = labels.findIndex((l) => toMinutes(l) >= after);
  expect(nth).toBeGreaterThanOrEqual(0);
  const first = times.locator('label').nth(nth);
  const label = (await first.textContent()) ?? '';
  await first.click();
  await expect(times.getByRole('radio', { name: label, exact: true })).toBeChecked();
  return label;
}

// A three-session package of the catalogue ('3 sessions for $81, 10% off') and the service it covers.
export const PACKAGE_PATH = '/packages/womens-eyebrows-wax-x3/';
export const PACKAGE_TITLE = 'Eyebrows Wax, 3 sessions';
export const BUY = /^Buy\s*:\s*Eyebrows Wax, 3 sessions$/;

/** Puts the three-session package in the shop cart and presses CHECK OUT in the drawer. */
export async function buyAndCheckOut(page: Page) {
  await page.goto(PACKAGE_PATH);
  await page.getByRole('button', { name: BUY }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart(1)' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'CHECK OUT' }).click();
}

/** The services listed in the booking drawer, which is closed again. */
export async function bookingCartNames(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Booking Cart\(\d+\)$/ });
  await expect(dialog).toBeVisible();
  const names = await dialog.locator('li span.font-semibold').allTextContents();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return names;
}

/**
 * The first request that needs the database migrates and seeds a new data folder: a spec's beforeAll makes it (a
 * wrong sign-in) before its tests' clocks run.
 */
export async function warmUpDatabase(request: APIRequestContext) {
  test.setTimeout(120_000);
  const warm = await request.post('/api/auth/signin/', {
    headers: { origin: new URL(currentBaseURL()).origin },
    data: { email: 'nobody@example.com', password: 'not-the-password' },
    timeout: 110_000,
  });
  expect(warm.status()).toBeLessThan(500);
}

/**
 * Scrolls the booking page's sign-in step into view, which loads its form. The step's region is replaced while its
 * code loads (the placeholder, Suspense's fallback, then the form: components/booking/LazyBookingSignIn.tsx), so an
 * element that went away in the middle of the scroll is found again and scrolled to.
 */
export async function scrollToSignInStep(page: Page): Promise<void> {
  await expect(async () => {
    await page.getByRole('region', { name: 'Sign in to book' }).scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

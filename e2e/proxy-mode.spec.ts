import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { profileFromAuthCookie } from '../lib/persistence/auth';
import { watchConsole } from './support/console';
import { resetLinkFor } from './support/mail';
import { addToBooking, area, buyAndCheckOut, nextWeekday, PACKAGE_TITLE, PASSWORD, pickFirstTime, signUp, toMinutes, unique } from './support/journeys';
import { freshDataDir, portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';
import { addVirtualAuthenticator, asLocalhost, holdAutofill } from './support/passkeys';
import { expectNoAxeViolations } from './support/axe';
import { bookToCheckout, serviceAtAFreeTime, signInByCode } from './support/deposits';
import { SERVICE_ITEMS } from '../lib/catalog/data';

/**
 * The site as a front to a separate salon API (docs/deploy.md, 'Running as a front to a salon API instance'): two
 * servers of one production build, an upstream on the embedded backend and a front with SALON_API_URL pointing at it.
 * A real browser uses the front only; accounts, bookings, mail and packages must land in the upstream, and the front
 * must never open a database of its own.
 */

// The customer's own appointments are at those times now: the upstream's 416 says so (customer_busy).
const CUSTOMER_BUSY = 'You already have an appointment at that time. Please choose another time.';
// Shared by both sides: the upstream's orders/paid webhook checks it on the orders the front forwards.
const WEBHOOK_SECRET = 'e2e-proxy-webhook-secret-0123456789';
const NEW_PASSWORD = 'amber-bridge-93-lantern';

// Sign-up and sign-in hash passwords (scrypt) and the journey crosses many pages: slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

let upstream: NextServer;
let front: NextServer;
let upstreamDir = '';
let frontDir = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  upstreamDir = await seededDataDir('proxy-upstream');
  frontDir = freshDataDir('proxy-front');
  const frontOrigin = `http://127.0.0.1:${portFromE2e(20)}`;
  [upstream, front] = await Promise.all([
    // Its SITE_URL is the front's: the links it mails must open the front, and the front vouches with that Origin.
    // TRUST_PROXY=1: the front's X-Forwarded-For names the client (for the upstream's rate limits).
    startNextServer(portFromE2e(10), { DATA_DIR: upstreamDir, SITE_URL: frontOrigin, TRUST_PROXY: '1', SHOPIFY_WEBHOOK_SECRET: WEBHOOK_SECRET, DATABASE_URL: undefined }),
    startNextServer(portFromE2e(20), { DATA_DIR: frontDir, SALON_API_URL: `http://127.0.0.1:${portFromE2e(10)}`, SHOPIFY_WEBHOOK_SECRET: WEBHOOK_SECRET, DATABASE_URL: undefined }),
  ]);
  expect(front.origin).toBe(frontOrigin);
});

test.afterAll(async () => {
  await Promise.all([front?.kill(), upstream?.kill()]);
});

/**
 * The requests of the page that failed or answered 4xx/5xx. Aborted ones are left out: a navigation cancels the
 * prefetches and the requests of the page it leaves, and a download ends its own request.
 */
function watchRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    if (error !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return failed;
}

async function signIn(page: Page, email: string, password: string, returnTo: string) {
  await page.goto(`/signin/?url=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the desk is not on a front: its pages are 404s with the 404 title, with a session cookie or without, and the front opens no database', async ({ browser }) => {
  // The staff use the upstream's own address (docs/deploy.md): a front has no database to read a role from.
  const context = await browser.newContext({ baseURL: front.origin, javaScriptEnabled: false });
  for (const cookie of [undefined, 'a'.repeat(43)]) {
    if (cookie) await context.addCookies([{ name: 'bnp_session', value: cookie, url: front.origin }]);
    for (const path of ['/desk/', '/desk/rosters/', '/desk/customers/00000000-0000-4000-8000-000000000000/']) {
      const answer = await context.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), `${path} ${cookie ? 'with' : 'without'} a session cookie`).toBe(404);
      expect(await answer.text()).toContain('<title>Error 404 (Not Found)</title>');
    }
  }
  const page = await context.newPage();
  expect((await page.goto('/desk/time-off/'))!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  await context.close();
  expect(existsSync(path.join(frontDir, 'pglite'))).toBe(false);
});

// Before the next journey, which stops the upstream at its end to read its database.
test('a passkey added at the front signs in at the front: the upstream keeps it and checks it for the front’s address', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: asLocalhost(front.origin) });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const authenticator = await addVirtualAuthenticator(context, page);
  await signUp(page, 'Pilar', `pilar-${unique()}@example.com`, '/account/');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);

  await context.clearCookies();
  await holdAutofill(page);
  await page.goto('/signin/?url=%2Faccount%2F');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText(/Last used/);
  expect(errors).toEqual([]);
  await context.close();
});

test('a deposit booked through the front: the upstream holds the times and keeps the deposit, the front waits for it and lets the times go', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: front.origin, viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInByCode(page, 'Vera Stone');
  await serviceAtAFreeTime(page, SERVICE_ITEMS.find((item) => item.value === 'WMBL001')!);
  // BOOK reaches the upstream, which decides the deposit, holds the times and opens the cart (202, the front's address).
  const deposit = await bookToCheckout(page, 10_000);
  expect(deposit.checkoutUrl.startsWith(`${front.origin}/demo-checkout/`)).toBe(true);
  // With the demo shop that cart is in the upstream's demo store, which the front's demo checkout does not read: it
  // says so, not a 5xx (a real store's checkout is Shopify's own page, the same for both: docs/deploy.md).
  await expect(page.getByText('This checkout has ended or does not exist.')).toBeVisible();

  // The front's confirmation asks the upstream for the deposit and waits for it.
  await page.goto(`/booking/confirmation/${deposit.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your deposit' })).toBeVisible();
  await expectNoAxeViolations(page, 'proxy: confirmation waiting for the deposit');
  const waiting = await page.request.get(`/api/deposits/${deposit.id}/`);
  expect(waiting.status()).toBe(200);
  expect(((await waiting.json()) as { deposit: { status: string } }).deposit.status).toBe('awaiting_payment');
  // 'Let the times go' goes through the front to the upstream, which ends the deposit.
  await page.getByRole('button', { name: 'Let the times go' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your held times were released' })).toBeVisible();
  const released = await page.request.get(`/api/deposits/${deposit.id}/`);
  expect(((await released.json()) as { deposit: { status: string } }).deposit.status).toBe('released');
  expect(errors).toEqual([]);
  await context.close();
});

test('a customer uses the front only; everything lands in the upstream', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: front.origin, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const failed = watchRequests(page);
  const email = `uma-${unique()}@example.com`;

  // Sign up through the front: the upstream mails the link (to the front's address), the front's page finishes it.
  await signUp(page, 'Uma', email, '/services/');
  await expect(page).toHaveURL(`${front.origin}/services/`);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Uma!/ })).toBeVisible();
  const cookies = await context.cookies(front.origin);
  expect(cookies.find((cookie) => cookie.name === 'bnp_session')?.httpOnly).toBe(true);
  const profileCookie = cookies.find((cookie) => cookie.name === 'BnpAuth');
  expect(profileCookie?.domain).toBe('127.0.0.1');
  const customerId = profileFromAuthCookie(profileCookie?.value)!.customerId.replace(/[{}]/g, '').toLowerCase();
  expect(customerId).toMatch(/^[0-9a-f-]{36}$/);

  // Sign out and in again; a wrong password is the upstream's 401 with its sentence.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  // Signing out goes on to the home page: the next page.goto must not race that navigation.
  await expect(page).toHaveURL(`${front.origin}/`);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('bnp_session');
  await signIn(page, email, 'not-the-password', '/services/womens-wax/');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/services\/womens-wax\/$/);

  // Browse, and book two areas.
  await addToBooking(page, '/services/womens-wax/');
  await addToBooking(page, '/services/womens-skin-care/');
  await page.goto('/booking/');
  await expect(page.getByText('Booking as Uma.')).toBeVisible();
  const day = nextWeekday(2, 7);
  const waxTime = await pickFirstTime(page, 'Hair Removal', day);
  await pickFirstTime(page, 'Skincare', day, toMinutes(waxTime) + 120);
  // The same customer in another browser keeps the same choices to book them again later (another context: the tabs
  // of one browser share the booking cart and would see it emptied by the booking).
  const elsewhere = await browser.newContext({ baseURL: front.origin, timezoneId: 'America/New_York', locale: 'en-US', storageState: await context.storageState() });
  const stale = await elsewhere.newPage();
  const staleErrors = watchConsole(stale);
  await stale.goto(page.url());
  await expect(area(stale, 'Hair Removal').getByRole('radio', { name: waxTime, exact: true })).toBeChecked();
  // The times come with the page; once alive it asks for them again. That answer must be in before the first browser
  // books, or this one rightly says the times are gone instead of sending them.
  await expect(area(stale, 'Hair Removal').getByRole('radio', { name: waxTime, exact: true })).toBeEnabled();
  await stale.waitForLoadState('networkidle');

  await page.getByRole('button', { name: 'BOOK', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/, { timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Your 2 appointments are booked. We sent a confirmation to ${email}.`);
  await expect(page.getByText(`at ${waxTime}`).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to Apple Calendar / Outlook' }).click();
  const ics = readFileSync((await (await download).path())!, 'utf8');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);

  // The same times again from the other browser: the upstream's 416 reaches the page with its code and sentence.
  const refused = stale.waitForResponse((response) => /\/api\/appointments\//.test(response.url()) && response.request().method() === 'POST');
  await stale.getByRole('button', { name: 'BOOK', exact: true }).click();
  expect((await refused).status()).toBe(416);
  await expect(stale.getByRole('alert').filter({ hasText: CUSTOMER_BUSY }).first()).toBeVisible();
  expect(staleErrors.filter((line) => !/status of 416/.test(line))).toEqual([]);
  await elsewhere.close();

  // The account page lists both; move the wax, cancel the facial.
  await page.getByRole('link', { name: 'Your appointments' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await expect(upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(2);
  const waxItem = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Hair Removal/ }) });
  await waxItem.getByRole('button', { name: 'Reschedule' }).click();
  const later = nextWeekday(2, 21);
  await waxItem.getByLabel('Date for Hair Removal').fill(later);
  await waxItem.getByRole('group', { name: 'Time for Hair Removal' }).locator('label').nth(2).click();
  await waxItem.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByText('Your appointment was moved.')).toBeVisible();
  const [y, m, d] = later.split('-').map(Number) as [number, number, number];
  const laterText = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  await expect(upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Hair Removal/ }) })).toContainText(laterText);
  const facialItem = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Skincare/ }) });
  await facialItem.getByRole('button', { name: 'Cancel appointment' }).click();
  await facialItem.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your appointment was cancelled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Past and cancelled appointments' }).getByText('Cancelled', { exact: true })).toBeVisible();

  // Reset the password through the upstream's outbox; the link opens the front.
  await page.goto('/resetemail/');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/resetconfirmation\/$/);
  await page.goto(await resetLinkFor(email));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/signin\/\?reset=done$/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The reset ended every session upstream (the readable profile cookie stays): wait for the new one.
  await expect(page).toHaveURL(`${front.origin}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Uma!/ })).toBeVisible();

  // Buy a package through the shop checkout (the demo's) and pay: the upstream credits it.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay $81' }).click();
  await expect(page.getByText(/Thank you! Order #D\d+ is paid\./)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText(`${PACKAGE_TITLE}: sessions left`);

  // The upstream's own API, asked directly with the same session cookie (cookies are per host, not per port).
  const list = await context.request.get(`${upstream.origin}/api/appointments/${customerId}/`);
  expect(list.status()).toBe(200);
  const answer = (await list.json()) as { cards: { appointments: { status: string }[] }[]; pkgAvailable: { isPkgUsed: boolean }[] };
  expect(answer.cards.flatMap((card) => card.appointments.map((a) => a.status)).sort()).toEqual(['booked', 'cancelled']);
  expect(answer.pkgAvailable).toEqual([expect.objectContaining({ isPkgUsed: false })]);

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
  await context.close();

  // The front never opened a database or kept mail; the upstream holds the account, bookings, mail and package.
  expect(existsSync(path.join(frontDir, 'pglite'))).toBe(false);
  expect(existsSync(path.join(frontDir, 'outbox'))).toBe(false);
  await upstream.kill();
  const db = await PGlite.create(path.join(upstreamDir, 'pglite'), { extensions: { btree_gist, pg_trgm } });
  try {
    const users = await db.query<{ id: string }>('select id from users where email = $1', [email]);
    expect(users.rows.map((row) => row.id)).toEqual([customerId]);
    // The browser's Idempotency-Key reached the upstream with the booking.
    const bookings = await db.query<{ key: string | null }>('select idempotency_key as key from bookings where customer_id = $1', [customerId]);
    expect(bookings.rows).toEqual([{ key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,128}$/) }]);
    const appointments = await db.query<{ status: string }>('select a.status from appointments a join bookings b on b.id = a.booking_id where b.customer_id = $1 order by a.status', [customerId]);
    expect(appointments.rows.map((row) => row.status)).toEqual(['booked', 'cancelled']);
    const packages = await db.query<{ sessions_total: number }>('select sessions_total from customer_packages where customer_id = $1', [customerId]);
    expect(packages.rows.map((row) => row.sessions_total)).toEqual([3]);
  } finally {
    await db.close();
  }
});

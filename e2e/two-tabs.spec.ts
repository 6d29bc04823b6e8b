import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { bookingCartNames, signUp, unique } from './support/journeys';
import { cardFromCookie, cardServiceIds, emptyCard } from '../lib/persistence/card';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { readStamp } from '../lib/persistence/stamp';

// Two pages of one browser context share the cookies, as two tabs of one browser do.
const BOOKING_BADGE = '[data-testid="booking-badge"]:visible';
test.describe.configure({ timeout: 90_000 });

async function addFirst(page: Page) {
  const before = await page.getByRole('button', { name: /^Added to booking/ }).count();
  await page.getByRole('button', { name: /^Add to booking/ }).first().click();
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(before + 1);
}

test('a change in one tab shows in the other at once, both ways, and a removal too', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  const logs = [watchConsole(a), watchConsole(b)];
  await a.goto('/services/womens-wax/');
  await b.goto('/services/womens-skin-care/');
  await expect(b.locator(BOOKING_BADGE)).toHaveCount(0);

  await addFirst(a);
  await expect(b.locator(BOOKING_BADGE)).toHaveText('1');
  await addFirst(b);
  await expect(a.locator(BOOKING_BADGE)).toHaveText('2');
  expect((await bookingCartNames(a)).sort()).toEqual((await bookingCartNames(b)).sort());

  // Removed in b's drawer: gone from a, and not brought back by a's next save.
  await b.getByRole('button', { name: /^Booking Cart/ }).click();
  const dialog = b.getByRole('dialog', { name: 'Booking Cart(2)' });
  await dialog.getByRole('button', { name: /^Remove/ }).first().click();
  await expect(b.getByRole('dialog', { name: 'Booking Cart(1)' })).toBeVisible();
  await b.keyboard.press('Escape');
  await expect(a.locator(BOOKING_BADGE)).toHaveText('1');
  await a.getByRole('button', { name: /^Add to booking/ }).nth(1).click();
  await expect(a.locator(BOOKING_BADGE)).toHaveText('2');
  await expect(b.locator(BOOKING_BADGE)).toHaveText('2');
  await a.reload();
  await expect(a.locator(BOOKING_BADGE)).toHaveText('2');
  expect(logs.flat()).toEqual([]);
});

test('each save raises the cookie\'s version stamp; a cart saved before stamps is read and stamped again', async ({ context, baseURL }) => {
  const page = await context.newPage();
  const logs = watchConsole(page);
  const saved = async () => (await context.cookies()).find((cookie) => cookie.name === COOKIE_NAMES.card)?.value ?? '';
  await page.goto('/services/womens-wax/');
  await addFirst(page);
  const first = readStamp(await saved());
  expect(first.stamp).toBeGreaterThan(0);
  // The same cart as a browser kept it before stamps: the body alone.
  await context.addCookies([{ name: COOKIE_NAMES.card, value: first.body, url: baseURL! }]);
  await page.reload();
  await expect(page.locator(BOOKING_BADGE)).toHaveText('1');
  // Read from the old cookie into the stores, not only the first-paint mark.
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(1);
  await addFirst(page);
  await expect(page.locator(BOOKING_BADGE)).toHaveText('2');
  // Stamped again from 0 up, with both services.
  await expect.poll(async () => cardServiceIds(cardFromCookie(await saved()) ?? emptyCard())).toHaveLength(2);
  expect(readStamp(await saved()).stamp).toBeGreaterThan(0);
  expect(logs).toEqual([]);
});

test('a tab that missed the other\'s change merges it when it saves instead of overwriting it', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  // Tab b hears nothing from a (a browser without BroadcastChannel, or a tab asleep): only the merge on save helps it.
  await b.addInitScript(() => {
    delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
  });
  const logs = [watchConsole(a), watchConsole(b)];
  await a.goto('/services/womens-wax/');
  await b.goto('/services/womens-skin-care/');
  await expect(b.getByRole('button', { name: /^Add to booking/ }).first()).toBeEnabled();

  await addFirst(a);
  // b still shows the cart as it was, then adds: its save keeps a's service.
  await expect(b.locator(BOOKING_BADGE)).toHaveCount(0);
  await addFirst(b);
  await expect(b.locator(BOOKING_BADGE)).toHaveText('2');
  await expect(a.locator(BOOKING_BADGE)).toHaveText('1');
  // a's next save takes in b's service too.
  await a.getByRole('button', { name: /^Add to booking/ }).nth(1).click();
  await expect(a.locator(BOOKING_BADGE)).toHaveText('3');
  expect(await bookingCartNames(a)).toHaveLength(3);
  const fresh = await context.newPage();
  await fresh.goto('/services/womens-brow-touch/');
  await expect(fresh.locator(BOOKING_BADGE)).toHaveText('3');
  expect(logs.flat()).toEqual([]);
});

test('a tab with nothing saved greets the customer who signed in in another tab as soon as it is looked at again', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  const logs = [watchConsole(a), watchConsole(b)];
  await a.goto('/services/womens-wax/');
  await expect(a.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  const email = `bea-${unique()}@example.com`;
  await signUp(b, 'Bea', email);
  await expect(b.getByRole('banner').getByRole('link', { name: /^Hi, Bea!/ })).toBeVisible();
  await a.bringToFront();
  // Headless Chromium fires no focus on bringToFront: the event a phone's browser sends on switching tabs.
  await a.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(a.getByRole('banner').getByRole('link', { name: /^Hi, Bea!/ })).toBeVisible();
  await expect(a.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(logs.flat()).toEqual([]);
});

test("a personal page filled from the server's reading merges what another tab saved before it hydrated", async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  const logs = [watchConsole(a), watchConsole(b)];
  const saved = async () => cardServiceIds(cardFromCookie((await context.cookies()).find((cookie) => cookie.name === COOKIE_NAMES.card)?.value) ?? emptyCard());
  await a.goto('/services/womens-wax/');
  await addFirst(a);
  // b's booking page is rendered from the one-service cart; its scripts are held back until a has saved a second.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await b.route(/\/_next\/static\/.*\.js(\?|$)/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await b.goto('/booking/', { waitUntil: 'commit' });
  await expect(b.getByRole('heading', { level: 1 })).toBeVisible();
  await addFirst(a);
  await expect.poll(saved).toHaveLength(2);
  expect(held).toBeGreaterThan(0);
  release();
  // b fills its stores from the server's one-service reading; its binding finds a's newer cookie and merges it.
  await expect(b.locator(BOOKING_BADGE)).toHaveText('2');
  expect((await bookingCartNames(b)).sort()).toEqual((await bookingCartNames(a)).sort());
  expect(await saved()).toHaveLength(2);
  expect(logs.flat()).toEqual([]);
});

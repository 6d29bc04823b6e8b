import type { Locator, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

// Its own server: the journeys sign up staff and customers, and the shared servers' sign-up allowance (30 an hour
// from one address) belongs to the other journeys.
runOnOwnServer('desk-book', 78);

/**
 * Booking from the desk's day view without leaving it (issue 34, items 3 and 4): a phone booking of two services in
 * two areas for an existing customer and for a new caller, each tap and typed field counted against the budget (at
 * most 6 taps after the customer is found; a new caller at most 8 plus the typed fields), on a touch tablet and a
 * phone; the free gap's link without scripts; the new routes' refusals.
 */

const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Every tap and every filled field of a journey, counted as the desk would feel them. */
class Counter {
  taps = 0;
  typed = 0;
  async tap(target: Locator) {
    await target.tap();
    this.taps += 1;
  }
  async type(target: Locator, text: string) {
    await target.fill(text);
    this.typed += 1;
  }
}

/** A weekday some weeks ahead, different from run to run, inside the 180-day booking window. */
function dayAhead(): string {
  const n = Math.floor(Math.random() * 1000);
  return nextWeekday(1 + (n % 5), 8 + 7 * (n % 23));
}

interface DeskService {
  id: string;
  name: string;
  kind: string;
  areaId: number;
  gen: number;
  duration: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const serviceButton = (page: Page, service: DeskService) =>
  page.getByRole('button', { name: new RegExp(`^${escape(service.name)} ${escape(service.kind)} \\d+ min`) }).filter({ visible: true });
const panel = (page: Page) => page.getByRole('complementary', { name: 'New booking' });
const block = (page: Page, name: string) => page.locator('[data-appointment]').filter({ hasText: name, visible: true });

/**
 * Two women's services the desk books at SoHo in two areas (hair removal, then skincare), and a therapist free at 1 PM
 * on `date` who does the first: the visit engine's own answer, so the test taps a gap the chain can keep.
 */
async function twoServices(page: Page, date: string): Promise<{ first: DeskService; second: DeskService; areaNames: [string, string]; therapistId: number }> {
  const answer = await (await page.request.get('/api/desk/services/soho/')).json();
  const area = (id: number) => answer.areas.find((a: { id: number }) => a.id === id);
  // A women's service whose name and kind no other service of its area shares, so its button is found by them.
  const pick = (id: number): DeskService => {
    const services: DeskService[] = area(id).services;
    return services.find((s) => s.gen === 0 && services.filter((o) => o.name === s.name && o.kind === s.kind).length === 1)!;
  };
  const first = pick(1);
  const second = pick(3);
  const visits = await (await page.request.get(`/api/visits/soho/?areas=1:0:${first.duration}&services=${first.id}&from=${date}&date=${date}&days=1`)).json();
  const one = visits.times.find((t: { time: string }) => t.time === '13:00');
  expect(one, 'someone who does the first service is free at 1 PM').toBeTruthy();
  return { first, second, areaNames: [area(1).name, area(3).name], therapistId: one.legs[0].therapistIds[0] };
}

test.describe('on a 1024 x 768 touch tablet', () => {
  test.use(TABLET);

  test('an existing caller: two services in two areas booked from a free gap in at most 6 taps after the customer is found', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const date = dayAhead();
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const ann = `Ann ${unique().slice(-6)}`;
    await signUpByApi(api, { name: ann, email: `ann-${unique()}@example.com`, password: PASSWORD });
    const errors = watchConsole(page);
    await signInAsStaff(page, 'Dana Desk');
    const { first, second, areaNames, therapistId } = await twoServices(page, date);
    await page.goto(`/desk/day/soho/${date}/`);
    const therapist = (await page.locator(`[data-therapist="${therapistId}"]`).first().innerText()).split('\n')[0]!.trim();

    const before = new Counter();
    await before.tap(page.getByRole('link', { name: `Book 1:00 PM with ${therapist}` }));
    await expect(panel(page)).toBeVisible();
    await expect(panel(page)).toContainText(`From 1:00 PM with ${therapist}.`);
    await before.type(panel(page).getByLabel('Find the customer'), ann);
    await before.tap(panel(page).getByRole('button', { name: new RegExp(`^${ann}`) }));

    const after = new Counter();
    await after.tap(panel(page).getByRole('button', { name: areaNames[0], exact: true }));
    await after.tap(serviceButton(page, first));
    await after.tap(panel(page).getByRole('button', { name: areaNames[1], exact: true }));
    await after.tap(serviceButton(page, second));
    // Both legs chained back to back and drawn on the grid before BOOK: the first with the therapist tapped.
    const chain = page.getByTestId('booking-chain');
    await expect(chain).toContainText(`1:00 PM–`);
    await expect(chain).toContainText(`${first.name} with ${therapist}`);
    await expect(page.locator('[data-draft-block]')).toHaveCount(2);
    await expect(page.locator(`[data-draft-block]`).first()).toContainText(`New: ${first.name}`);
    await expectNoAxeViolations(page, 'new booking for an existing caller, two services drawn on the grid, tablet');
    await expectNoSidewaysScroll(page);
    await after.tap(panel(page).getByRole('button', { name: 'Book', exact: true }));

    // The grid shows both visits at once (before the next 5-second poll) and the panel closes with a sentence.
    await expect(block(page, ann)).toHaveCount(2, { timeout: 2_500 });
    await expect(page.getByText(new RegExp(`^Booked: ${ann} at 1:00 PM with ${escape(therapist)}, then \\d+:\\d\\d [AP]M with .+\\.$`))).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(page.locator('[data-draft-block]')).toHaveCount(0);
    expect(after.taps, `taps after the customer is found (before: ${before.taps} taps, ${before.typed} typed)`).toBeLessThanOrEqual(6);
    console.log(`desk-book existing caller: ${before.taps + after.taps} taps and ${before.typed} typed in all; ${after.taps} after the customer was found`);
    expect(errors).toEqual([]);
  });

  test('Walk-in and New booking open the panel; a walk-in is booked for today only', async ({ page }) => {
    const errors = watchConsole(page);
    await signInAsStaff(page, 'Dana Desk');
    const date = dayAhead();
    await page.goto(`/desk/day/soho/${date}/`);
    await page.getByRole('button', { name: 'Walk-in' }).tap();
    await expect(page.getByRole('complementary', { name: 'New booking' }).getByRole('heading', { name: 'Walk-in' })).toBeVisible();
    await expect(page.getByText('A walk-in is booked for today.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open today' })).toHaveAttribute('href', /^\/desk\/day\/soho\/\d{4}-\d{2}-\d{2}\/$/);
    // A walk-in may give a name only: the new walk-in form asks no e-mail address.
    await page.getByRole('button', { name: 'New walk-in' }).tap();
    await expect(panel(page).getByLabel('Name')).toBeVisible();
    await expect(panel(page).getByLabel('Phone (if they give one)')).toBeVisible();
    await expect(panel(page).getByLabel('E-mail')).toHaveCount(0);
    await expectNoAxeViolations(page, 'new walk-in form, tablet');
    await page.getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('button', { name: 'New booking' }).tap();
    await expect(panel(page)).toContainText('At the first free time of the day.');
    expect(errors).toEqual([]);
  });
});

test.describe('on a 390 px phone', () => {
  test.use(PHONE);

  test('a new caller: created inline and booked for two services in at most 8 taps plus the typed fields', async ({ page }) => {
    test.setTimeout(90_000);
    const date = dayAhead();
    const errors = watchConsole(page);
    await signInAsStaff(page, 'Dana Desk');
    const { first, second, areaNames, therapistId } = await twoServices(page, date);
    await page.goto(`/desk/day/soho/${date}/`);
    const therapist = (await page.locator(`[data-therapist="${therapistId}"]`).first().innerText()).split('\n')[0]!.trim();
    const caller = `Nina ${unique().slice(-6)}`;
    const phone = `212555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

    const journey = new Counter();
    await journey.tap(page.getByRole('link', { name: `Book 1:00 PM with ${therapist}` }));
    await journey.tap(panel(page).getByRole('button', { name: 'New customer' }));
    await journey.type(panel(page).getByLabel('Name'), caller);
    await journey.type(panel(page).getByLabel('Phone'), phone);
    await journey.tap(panel(page).getByRole('button', { name: areaNames[0], exact: true }));
    await journey.tap(serviceButton(page, first));
    await journey.tap(panel(page).getByRole('button', { name: areaNames[1], exact: true }));
    await journey.tap(serviceButton(page, second));
    await expect(page.getByTestId('booking-chain')).toContainText(`${first.name} with ${therapist}`);
    await expectNoAxeViolations(page, 'new caller booking two services, phone');
    await expectNoSidewaysScroll(page);
    await journey.tap(panel(page).getByRole('button', { name: 'Book', exact: true }));

    await expect(page.getByText(new RegExp(`^Booked: ${caller} at 1:00 PM with `))).toBeVisible();
    await expect(block(page, caller)).toHaveCount(2, { timeout: 2_500 });
    expect(journey.taps).toBeLessThanOrEqual(8);
    console.log(`desk-book new caller: ${journey.taps} taps and ${journey.typed} typed fields`);
    // The caller is a customer of the desk now, found by the number they gave.
    const found = await (await page.request.get(`/api/desk/customers/?q=${phone}`)).json();
    expect(found.customers.map((c: { name: string }) => c.name)).toEqual([caller]);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});

test("without scripts a free gap's link still opens the desk's booking page", async ({ browser, page, baseURL }) => {
  await signInAsStaff(page, 'Dana Desk');
  const date = dayAhead();
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  await plain.goto(`/desk/day/soho/${date}/`);
  await plain.getByRole('link', { name: /^Book 1:00 PM with / }).first().click();
  await expect(plain).toHaveURL(new RegExp(`/desk/book/\\?location=soho&date=${date}&time=13%3A00&therapist=\\d+$`));
  await expect(plain.getByRole('heading', { level: 1, name: 'Book for a customer' })).toBeVisible();
  await context.close();
});

test('the desk booking routes refuse a visitor (401), a customer (403) and malformed input (4xx)', async ({ page, baseURL }) => {
  const walkIn = { location: 'soho', customer: { name: 'Walter Walk' }, services: ['00000000-0000-4000-8000-000000000000'] };
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await visitor.get('/api/desk/services/soho/')).status()).toBe(401);
  expect((await visitor.post('/api/desk/walk-ins/', { data: walkIn })).status()).toBe(401);
  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await signUpByApi(customer, { name: 'Cara Customer', email: `cara-${unique()}@example.com`, password: PASSWORD });
  expect((await customer.get('/api/desk/services/soho/')).status()).toBe(403);
  expect((await customer.post('/api/desk/walk-ins/', { data: walkIn })).status()).toBe(403);

  await signInAsStaff(page, 'Dana Desk');
  const staff = page.request;
  const origin = { origin: baseURL! };
  expect((await staff.get('/api/desk/services/PARIS/')).status()).toBe(400);
  expect((await staff.get('/api/desk/services/paris/')).status()).toBe(404);
  for (const [body, status] of [
    ['{"location":', 400],
    [JSON.stringify({ ...walkIn, services: [] }), 422],
    [JSON.stringify({ ...walkIn, customer: { name: '' } }), 422],
    [JSON.stringify({ ...walkIn, customer: { id: 'nope' } }), 422],
    [JSON.stringify({ ...walkIn, location: 'paris' }), 404],
    [JSON.stringify(walkIn), 422],
  ] as const) {
    const answer = await staff.post('/api/desk/walk-ins/', { headers: { ...origin, 'content-type': 'application/json' }, data: Buffer.from(body) });
    expect(answer.status(), body).toBe(status);
    expect((await answer.json()).error.message, body).toMatch(/\w/);
  }
});

import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { cardFromCookie } from '../lib/persistence/card';
import { watchConsole } from './support/console';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/sideways';
import { BUY, nextWeekday, PACKAGE_PATH, PACKAGE_TITLE, PASSWORD, unique } from './support/journeys';
import { mailTextTo, signUpByApi } from './support/mail';
import { runOnOwnServer } from './support/own-server';

// Signs customers up: on a server of its own, so the journeys' sign-up allowance per address is not used up.
runOnOwnServer('book-again', 85);
test.describe.configure({ timeout: 150_000 });

/**
 * After a visit (issue 36, items 5, 7 and 8): the confirmation's calendar and directions links, 'Book again' on a
 * cancelled visit (with and without scripts) and 'Book a session' of a bought package, each one tap to the booking page.
 */

/** No sideways scroll at 390 and 320 px. */
async function fitsPhones(page: Page) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
  }
}

/** Every failed request and every answer of 400 or more (a browser-aborted prefetch is not a failure). */
function watchRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

/** A customer signed up through the API, whose session the browser context shares. */
async function customer(baseURL: string, context: BrowserContext, name: string): Promise<{ api: APIRequestContext; id: string; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  const { id } = await signUpByApi(api, { name, email, password: PASSWORD });
  await context.addCookies((await api.storageState()).cookies);
  return { api, id, email };
}

interface Item {
  id: string;
  name: string;
  duration: number;
  svcType: number;
  gen: number;
}

/** The cart as its cookie holds it. */
async function cartIn(context: BrowserContext) {
  const raw = (await context.cookies()).find((c) => c.name === 'bnp_card')?.value;
  return cardFromCookie(raw);
}

const THERAPIST = 1;

test('the confirmation adds to calendars and shows the way; Book again puts a cancelled visit back in the cart, scripts or not', async ({ page, context, browser, baseURL }) => {
  const errors = watchConsole(page);
  const failed = watchRequests(page);
  const ann = await customer(baseURL!, context, 'Ann');

  // A two-service visit with a named therapist, booked through the API as the booking page books it.
  const locations = await (await ann.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const waxes: Item[] = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems;
  const [first, second] = waxes;
  const date = nextWeekday(2, 7);
  const slots = await (await ann.api.get(`/api/slots/1/1/${THERAPIST}/${date}/${first!.duration + second!.duration}/`)).json();
  const area = {
    areaId: 1,
    svcTherapist: THERAPIST,
    svcDate: slots.slots[0].start as string,
    svcNote: '',
    svcTypes: [{ svcTypeId: 1, svcArray: [first!, second!].map((item) => ({ id: item.id, serviceTypeId: item.svcType, gen: item.gen, areaId: 1 })) }],
  };
  const booked = await ann.api.post(`/api/appointments/${ann.id}/`, { data: { header: { location: '1', gender: '0' }, svcAreas: [area] } });
  expect(booked.status(), await booked.text()).toBe(201);
  const cid: string = (await booked.json()).header.aptId;

  // The confirmation: Google Calendar's event, the .ics for Apple Calendar and Outlook, directions to the salon.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/booking/confirmation/${cid}/`);
  const google = page.getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
  const href = new URL((await google.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://calendar.google.com/calendar/render');
  expect(href.searchParams.get('text')).toBe(`${first!.name}, ${second!.name} at Bare & Polished NYC`);
  expect(href.searchParams.get('dates')).toMatch(new RegExp(`^${date.replace(/-/g, '')}T\\d{6}Z/${date.replace(/-/g, '')}T\\d{6}Z$`));
  expect(href.searchParams.get('location')).toBe('131 Spring Street, 2nd Floor, New York, NY 10012');
  const ics = page.getByRole('link', { name: 'Add to Apple Calendar / Outlook' });
  expect(await ics.getAttribute('href')).toBe(`/booking/confirmation/${cid}/calendar/`);
  const file = await page.request.get(`/booking/confirmation/${cid}/calendar/`);
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await page.getByRole('link', { name: 'Directions to SoHo (opens in a new tab)' }).getAttribute('href')).toBe(
    'https://www.google.com/maps/search/?api=1&query=131%20Spring%20Street%2C%202nd%20Floor%2C%20New%20York%2C%20NY%2010012',
  );
  await expectNoAxeViolations(page, 'confirmation');
  await fitsPhones(page);
  // The mail says the same.
  const mail = await mailTextTo(ann.email, /booking is confirmed/);
  expect(mail).toContain('Directions to SoHo: https://www.google.com/maps/search/?api=1&query=131%20Spring%20Street');
  expect(mail).toContain(`Add to Google Calendar: ${href.toString()}`);
  expect(mail).toContain('Add to Apple Calendar / Outlook: open the attached calendar invitation');

  // Cancelled, the visit is under 'Past and cancelled appointments' with 'Book again'.
  const header = { customerId: ann.id, aptId: cid, location: '1', gender: '0', status: '2' };
  const cancelled = await ann.api.put(`/api/appointments/${ann.id}/${cid}/`, { data: { header, svcAreas: [area] } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto('/account/');
  const past = page.getByRole('region', { name: 'Past and cancelled appointments' });
  const again = past.getByRole('button', { name: `Book again: ${first!.name}, ${second!.name}` });
  await expect(again).toBeVisible();
  await expectNoAxeViolations(page, 'account');
  await fitsPhones(page);

  // One tap: the booking page, with both services and the therapist in the cart, a time still to choose (once its
  // scripts run, the page writes the chosen therapist into its address: th1).
  await again.click();
  await expect(page).toHaveURL(/\/booking\/(\?th1=\d+)?$/);
  const main = page.getByRole('main');
  await expect(main.getByText(first!.name, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(second!.name, { exact: true }).first()).toBeVisible();
  const card = (await cartIn(context))!;
  expect(card.header).toMatchObject({ location: '1', gender: '0', aptId: '' });
  expect(card.svcAreas).toEqual([expect.objectContaining({ areaId: 1, svcTherapist: THERAPIST, svcDate: '' })]);
  expect(card.svcAreas[0]!.svcTypes.flatMap((t) => t.svcArray.map((l) => l.id))).toEqual([first!.id, second!.id]);
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);

  // Without scripts the same form does the same.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await plain.addCookies((await ann.api.storageState()).cookies);
  const noScript = await plain.newPage();
  await noScript.goto('/account/');
  await noScript.getByRole('button', { name: /^Book again/ }).click();
  await expect(noScript).toHaveURL(/\/booking\/$/);
  expect((await cartIn(plain))!.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([first!.id, second!.id]);
  await plain.close();
});

test('Book a session of a bought package puts its service in the cart, where the package covers it', async ({ page, context, baseURL }) => {
  const errors = watchConsole(page);
  const failed = watchRequests(page);
  await customer(baseURL!, context, 'Bo');

  // Bought on the demo checkout, as a customer pays.
  await page.goto(PACKAGE_PATH);
  const pvId = await page.getByRole('button', { name: BUY }).first().getAttribute('data-pv-id');
  const checkout = await page.request.post('/api/shop/checkout/', { headers: { origin: baseURL! }, data: { pvIds: [pvId], checkoutId: '' } });
  expect(checkout.status()).toBe(200);
  await page.goto(((await checkout.json()) as { checkoutUrl: string }).checkoutUrl);
  await page.getByRole('button', { name: 'Pay $81' }).click();
  await expect(page.getByText(/Thank you! Order #D\d+ is paid\./)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/account/');
  const packages = page.getByRole('region', { name: 'Your packages' });
  await expect(packages).toContainText(`${PACKAGE_TITLE}: 3 of 3 sessions left`);
  const book = packages.getByRole('button', { name: 'Book a session: Eyebrows' });
  await expect(book).toBeVisible();
  await expectNoAxeViolations(page, 'account with a package');
  await fitsPhones(page);

  await book.click();
  await expect(page).toHaveURL(/\/booking\/$/);
  await expect(page.getByText(/Covered by your package .*\(3 sessions left\)/)).toBeVisible();
  expect((await cartIn(context))!.svcAreas[0]!.svcTypes[0]!.svcArray).toHaveLength(1);
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

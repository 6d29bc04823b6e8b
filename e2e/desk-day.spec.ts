import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, signUp, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

// Its server's clock reads noon in New York today when it starts (e2e/support/desk-noon.cjs): today has an afternoon
// to book and check in, whenever the journeys run.
runOnOwnServer('desk-day', 76, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.resolve('e2e/support/desk-noon.cjs')}`.trim() });

/**
 * The desk's day view and visit page through the production server: customers book through the site's API, a staff
 * member sees them on the day, checks one in, moves one by keyboard alone and cancels one, while a second tab of the
 * day updates by itself; a customer and a visitor get nothing.
 */

async function noSidewaysScroll(page: Page) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

interface Customer {
  api: APIRequestContext;
  id: string;
  name: string;
}

async function customer(baseURL: string, first: string): Promise<Customer> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const name = `${first} ${unique().slice(-6)}`;
  const email = `${first.toLowerCase()}-${unique()}@example.com`;
  return { api, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id, name };
}

/** Books a women's wax at SoHo with any therapist at 'YYYY-MM-DD HH:mm' New York time; returns the appointment. */
async function book(person: Customer, date: string, time: string): Promise<{ id: string; therapistId: number; therapistName: string }> {
  const ui = await (await person.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = ui['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate: `${date} ${time}`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
  };
  const response = await person.api.post(`/api/appointments/${person.id}/`, { data: card });
  expect(response.status(), await response.text()).toBe(201);
  const [appointment] = (await response.json()).appointments;
  return { id: appointment.id, therapistId: appointment.therapistId, therapistName: appointment.therapistName };
}

/** A weekday some weeks ahead, different from run to run, so that reruns on one database find free times. */
function dayAhead(): string {
  const n = Math.floor(Math.random() * 1000);
  // Inside the 180-day booking window (lib/booking/horizon.ts): at most 8 + 7 * 22 + 6 = 168 days ahead.
  return nextWeekday(1 + (n % 5), 8 + 7 * (n % 23));
}

/** 'Thursday, December 3' for 'YYYY-MM-DD', as the desk writes a day. */
const formatDay = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

// Next.js keeps a page it left in the document, hidden: only what is visible counts.
const block = (page: Page, name: string) => page.locator('[data-appointment]').filter({ hasText: name, visible: true });

test("staff see the day, open a visit's panel (no check-in days ahead), move one from it and one by keyboard, cancel one; another tab updates by itself", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const date = dayAhead();
  const [ann, ben, cat, dee] = await Promise.all([customer(baseURL!, 'Ann'), customer(baseURL!, 'Ben'), customer(baseURL!, 'Cat'), customer(baseURL!, 'Dee')]);
  const annVisit = await book(ann, date, '10:00');
  const benVisit = await book(ben, date, '11:00');
  await book(cat, date, '12:00');

  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  const dayUrl = `/desk/day/soho/${date}/`;
  await page.goto(dayUrl);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^SoHo, `) })).toBeVisible();
  for (const person of [ann, ben, cat]) await expect(block(page, person.name)).toBeVisible();
  await expect(block(page, ann.name)).toContainText('10:00 AM');
  await expectNoAxeViolations(page, 'day view');

  // A free quarter hour links to the desk's booking page for that time and therapist.
  const free = page.getByRole('link', { name: `Book 4:00 PM with ${annVisit.therapistName}` });
  await expect(free).toHaveAttribute('href', `/desk/book/?location=soho&date=${date}&time=16%3A00&therapist=${annVisit.therapistId}`);
  // Ann's own quarter hour is hers, not a free one.
  await expect(page.getByRole('link', { name: `Book 10:00 AM with ${annVisit.therapistName}` })).toHaveCount(0);

  // A second tab of the same day, left alone: Dee books online and it shows up without a reload.
  const other = await page.context().newPage();
  const otherErrors = watchConsole(other);
  await other.goto(dayUrl);
  await expect(block(other, dee.name)).toHaveCount(0);
  await book(dee, date, '13:00');
  await expect(block(other, dee.name)).toBeVisible({ timeout: 15_000 });

  // A click on Ann's visit opens its panel beside the grid, not another page; her visit is days ahead, so no check-in.
  await block(page, ann.name).click();
  const panel = page.getByRole('complementary', { name: 'Visit' });
  await expect(panel.getByRole('heading', { name: ann.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${dayUrl}$`));
  await expect(panel.getByText('Check-in opens on the day of the visit.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Check in' })).toHaveCount(0);
  await expectNoAxeViolations(page, "day view, a visit's panel");
  // Moved from the panel to 4:30 PM: the grid draws it there, the page never left.
  await panel.getByLabel('Time').selectOption('16:30');
  await panel.getByRole('button', { name: 'Move visit' }).click();
  await expect(panel.getByText(`Moved to ${formatDay(date)} at 4:30 PM with ${annVisit.therapistName}.`)).toBeVisible();
  await expect(block(page, ann.name)).toContainText('4:30 PM');
  await expect(page).toHaveURL(new RegExp(`${dayUrl}$`));
  await panel.getByRole('link', { name: /Open the visit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/appointments/${annVisit.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: `Visit of ${ann.name}` })).toBeVisible();
  // The customer's name opens their page (the staff note, their other visits).
  await expect(page.getByRole('main').getByRole('link', { name: ann.name, exact: true })).toHaveAttribute('href', /^\/desk\/customers\/[0-9a-f-]{36}\/$/);
  await expectNoAxeViolations(page, 'visit page');
  await noSidewaysScroll(page);
  // The visit's page follows the same rule: a check-in waits for the visit's day.
  await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0);

  // Move Ben from 11:00 to 3:00 PM with the keyboard alone: Enter on his visit opens its panel, whose link opens the
  // page; step the time down sixteen quarter hours.
  await page.goto(dayUrl);
  await block(page, ben.name).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: ben.name })).toBeVisible();
  await panel.getByRole('link', { name: /Open the visit/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/desk/appointments/${benVisit.id}/$`));
  const time = page.getByLabel('Time').filter({ visible: true });
  await time.focus();
  for (let i = 0; i < 16; i++) await page.keyboard.press('ArrowDown');
  await expect(time).toHaveValue('15:00');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Therapist').filter({ visible: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move visit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Moved to ${formatDay(date)} at 3:00 PM.`)).toBeVisible();
  await expect(page.getByTestId('visit-history')).toContainText(`Dana Desk (staff) moved it from ${formatDay(date)} at 11:00 AM with ${benVisit.therapistName} to ${formatDay(date)} at 3:00 PM`);
  await expect(block(other, ben.name)).toContainText('3:00 PM', { timeout: 15_000 });

  // Cancel Cat's visit from its panel (it asks once more); the day then lists it apart.
  await page.goto(dayUrl);
  await block(page, cat.name).click();
  await panel.getByRole('button', { name: 'Cancel visit…' }).click();
  await panel.getByRole('button', { name: 'Yes, cancel the visit' }).click();
  await expect(panel.getByText('The visit is cancelled.')).toBeVisible();
  await expect(block(page, cat.name)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Cancelled this day' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Cancelled this day' })).toBeVisible({ timeout: 15_000 });
  await expect(block(other, cat.name)).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Schedule at SoHo' })).not.toContainText(cat.name);

  // The day on phones: the page never scrolls sideways (the schedule scrolls inside itself).
  await page.goto(dayUrl);
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});

test("on a tablet the day keeps the therapists' names in view as it scrolls, under the site's header", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 800 });
  await signInAsStaff(page, 'Dana Desk');
  await page.goto('/desk/day/soho/2031-03-04/');
  const schedule = page.getByRole('region', { name: 'Schedule at SoHo' });
  await expect(schedule).toBeVisible();
  const firstName = schedule.locator('[data-therapist]').first();
  await schedule.evaluate((box) => box.scrollIntoView({ block: 'start' }));
  await schedule.evaluate((box) => {
    box.scrollTop = 700;
  });
  await expect(firstName).toBeInViewport();
  const layout = await schedule.evaluate((box) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    const name = box.querySelector('[data-therapist]')!.getBoundingClientRect();
    const atLogo = document.elementFromPoint(24, header.top + header.height / 2);
    return { scrolled: box.scrollTop, nameTop: name.top, boxTop: box.getBoundingClientRect().top, headerOnTop: atLogo?.closest('header') !== null };
  });
  expect(layout.scrolled).toBeGreaterThan(100);
  expect(layout.nameTop).toBeCloseTo(layout.boxTop, -1);
  expect(layout.headerOnTop).toBe(true);
});

test('the desk moves between days and locations, by links and by the date form, with and without scripts', async ({ page, browser, baseURL }) => {
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  await expect(page.getByRole('region', { name: 'Schedule at SoHo' }).or(page.getByText('Nobody is rostered at SoHo on this day.'))).toBeVisible();
  await expect(page.getByText('(today)')).toBeVisible();
  await page.getByRole('link', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/desk\/day\/soho\/\d{4}-\d{2}-\d{2}\/$/);
  await page.getByRole('link', { name: 'Midtown' }).click();
  await expect(page).toHaveURL(/\/desk\/day\/midtown\//);
  await page.getByLabel('Date').filter({ visible: true }).fill('2031-03-04');
  await page.getByRole('button', { name: 'Show' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/desk\/day\/midtown\/2031-03-04\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Midtown, Tuesday, March 4' })).toBeVisible();
  expect(errors).toEqual([]);
  await page.goto('/desk/day/');
  await expect(page).toHaveURL(/\/desk\/$/);
  await expect(page.getByText('(today)')).toBeVisible();
  // Without scripts the form is answered by a real redirect (a page that has begun to stream can only redirect with
  // its scripts: the form used to lead to a blank page).
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await noScript.goto('/desk/');
  // The header greets the session's account from the server's <noscript> marks (the first-paint script cannot run).
  await expect(noScript.getByRole('banner').getByRole('link', { name: /^Hi, Dana Desk!/ })).toBeVisible();
  await expect(noScript.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeHidden();
  await noScript.getByLabel('Date').filter({ visible: true }).fill('2031-03-04');
  await noScript.getByRole('button', { name: 'Show' }).filter({ visible: true }).click();
  await expect(noScript).toHaveURL(/\/desk\/day\/soho\/2031-03-04\/$/);
  await expect(noScript.getByRole('heading', { level: 2, name: 'SoHo, Tuesday, March 4' })).toBeVisible();
  await noScript.goto('/desk/day/');
  await expect(noScript).toHaveURL(/\/desk\/$/);
  await expect(noScript.getByText('(today)')).toBeVisible();
  await plain.close();
  // An unknown location, a date that is not a day, an id that names nothing: the page says so in place, whole in the
  // server HTML (Next.js 16.4 leaves that HTML empty for notFound() in a per-request page; docs/decisions.md).
  const missing: [string, string][] = [
    ['/desk/day/paris/2031-03-04/', 'No such day'],
    ['/desk/day/soho/2031-02-30/', 'No such day'],
    ['/desk/day/soho/tomorrow/', 'No such day'],
    ['/desk/day/?location=paris&date=2031-03-04', 'No such day'],
    ['/desk/appointments/not-an-id/', 'No such visit'],
    ['/desk/appointments/00000000-0000-4000-8000-000000000000/', 'No such visit'],
    ['/desk/customers/not-an-id/', 'No such customer'],
    ['/desk/customers/00000000-0000-4000-8000-000000000000/', 'No such customer'],
  ];
  for (const [bad, heading] of missing) {
    const response = await page.goto(bad);
    expect(response?.status(), bad).toBeLessThan(500);
    await expect(page.getByRole('heading', { level: 1, name: heading }), bad).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to today' })).toHaveAttribute('href', '/desk/');
    await expect(page.getByRole('region', { name: /^Schedule at/ })).toHaveCount(0);
    const html = await (await page.request.get(bad)).text();
    expect(html, bad).toContain(`<h1>${heading}</h1>`);
  }
  expect(errors).toEqual([]);
});

test("a booking's confirmation reads whole without scripts; an address that names none of the customer's says so", async ({ browser, baseURL }) => {
  const date = dayAhead();
  const [eve, fay] = await Promise.all([customer(baseURL!, 'Eve'), customer(baseURL!, 'Fay')]);
  const visit = await book(eve, date, '15:00');
  const mine = await (await eve.api.get(`/api/appointments/${eve.id}/`)).json();
  const bookingId: string = mine.cards[0].header.aptId;
  const path = `/booking/confirmation/${bookingId}/`;

  // The server's HTML has the booking itself, not a loading line for a script to replace.
  const html = await (await eve.api.get(path)).text();
  expect(html).toContain('Booking confirmed</h1>');
  const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
  expect(markup).toContain(visit.therapistName);
  expect(markup).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4} at 3:00 PM E[SD]T<\/time>/);
  expect(markup).not.toContain('Loading your booking');

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await eve.api.storageState() });
  const page = await context.newPage();
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Apple Calendar / Outlook' })).toHaveAttribute('href', `${path}calendar/`);
  await context.close();

  // Another customer's booking, and an address that names no booking, read alike: nothing of Eve's.
  for (const other of [path, '/booking/confirmation/00000000-0000-4000-8000-000000000000/', '/booking/confirmation/nope/']) {
    const answer = await fay.api.get(other);
    expect(answer.status(), other).toBeLessThan(500);
    const text = await answer.text();
    expect(text, other).toContain('<h1>We couldn’t find that booking</h1>');
    expect(text, other).not.toContain(eve.name);
    expect(text, other).not.toContain('Booking confirmed</h1>');
  }
});

test("without scripts a visit's page moves and cancels by plain forms, each answered on the page; the day's script-only buttons are not shown", async ({ page, browser, baseURL }) => {
  const date = dayAhead();
  const gus = await customer(baseURL!, 'Gus');
  const visit = await book(gus, date, '14:00');
  await signInAsStaff(page, 'Dana Desk');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState(), viewport: { width: 1024, height: 768 }, hasTouch: true });
  const noScripts = await context.newPage();
  const errors = watchConsole(noScripts);

  await noScripts.goto(`/desk/day/soho/${date}/`);
  await expect(block(noScripts, gus.name)).toBeVisible();
  // 'New booking' and 'Walk-in' open a panel only a script draws: without one they are not offered.
  await expect(noScripts.getByRole('button', { name: 'New booking' })).toBeHidden();
  await expect(noScripts.getByRole('button', { name: 'Walk-in' })).toBeHidden();

  // The visit's block is a link to its page, which moves it...
  await noScripts.goto(`/desk/appointments/${visit.id}/`);
  await noScripts.getByLabel('Time').selectOption('15:30');
  await noScripts.getByRole('button', { name: 'Move visit' }).click();
  await expect(noScripts.getByRole('status').filter({ hasText: `Moved to ${formatDay(date)} at 3:30 PM.` })).toBeVisible();
  // ...and cancels it, asking once more first (a page of its own without scripts).
  await noScripts.getByRole('button', { name: 'Cancel visit…' }).click();
  await expect(noScripts).toHaveURL(/\?confirm=cancel$/);
  await noScripts.getByRole('button', { name: 'Keep it' }).click();
  await expect(noScripts.getByTestId('visit-status')).toHaveText('Booked');
  await noScripts.getByRole('button', { name: 'Cancel visit…' }).click();
  await noScripts.getByRole('button', { name: 'Yes, cancel the visit' }).click();
  await expect(noScripts.getByRole('status').filter({ hasText: 'The visit is cancelled.' })).toBeVisible();
  await expect(noScripts.getByTestId('visit-status')).toHaveText('Cancelled');
  // Nothing secret went into an address.
  expect(noScripts.url()).not.toMatch(/cookie|session|token/i);
  expect(errors).toEqual([]);
  await context.close();
});

test('a customer and a visitor get nothing from the day view, the visit page or the desk handlers', async ({ page, browser, baseURL }) => {
  const date = dayAhead();
  const ann = await customer(baseURL!, 'Ann');
  const visit = await book(ann, date, '17:00');
  const paths = [`/desk/day/soho/${date}/`, `/desk/appointments/${visit.id}/`];

  // A visitor is sent to sign in; the handlers answer 401 with no data.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const path of paths) {
    await visitorPage.goto(path);
    await expect(visitorPage).toHaveURL(/\/signin\/\?url=/);
    expect(await visitorPage.content()).not.toContain(ann.name);
  }
  const anonymous = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const dayAnswer = await anonymous.get(`/api/desk/day/soho/${date}/`);
  expect(dayAnswer.status()).toBe(401);
  expect(await dayAnswer.text()).not.toContain(ann.name);
  expect((await anonymous.patch(`/api/desk/appointments/${visit.id}/`, { data: { action: 'cancel' } })).status()).toBe(401);
  await visitor.close();

  // A signed-in customer (even the one whose visit it is) gets the 404 page's content and 403 from the handlers.
  await signUp(page, 'Cara Customer', `cara-${unique()}@example.com`);
  await expect(page).toHaveURL(/\/services\/$/);
  for (const path of paths) {
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
    expect(await response!.text()).not.toContain(ann.name);
  }
  const asCustomer = await page.request.get(`/api/desk/day/soho/${date}/`);
  expect(asCustomer.status()).toBe(403);
  expect(await asCustomer.text()).not.toContain(ann.name);
  const own = await ann.api.get(`/api/desk/day/soho/${date}/`);
  expect(own.status()).toBe(403);
  expect((await ann.api.patch(`/api/desk/appointments/${visit.id}/`, { data: { action: 'cancel' } })).status()).toBe(403);
  const mine = await (await ann.api.get(`/api/appointments/${ann.id}/`)).json();
  expect(mine.cards[0].appointments[0].status).toBe('booked');
});

/** Today's date in New York, as the desk's server (whose clock reads noon of that date at start) has it. */
const todayInNewYork = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The instant of a New York wall-clock time on a date. */
function newYorkInstant(date: string, time: string): Date {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' }).formatToParts(guess).find((p) => p.type === 'timeZoneName')!.value;
  return new Date(guess - Number(zone.replace('GMT', '') || 0) * 3_600_000);
}

const DEVICES = [
  { name: 'a 1024 x 768 touch tablet', options: { viewport: { width: 1024, height: 768 }, hasTouch: true }, times: ['14:30', '15:00'] },
  { name: 'a 390 px phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, times: ['15:30', '16:00'] },
];

for (const device of DEVICES) {
  test(`on ${device.name}: the grid starts in the first screen, one tap checks a customer in, a refused mark rolls back with a sentence`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const today = todayInNewYork();
    const [gil, hal] = await Promise.all([customer(baseURL!, 'Gil'), customer(baseURL!, 'Hal')]);
    const gilVisit = await book(gil, today, device.times[0]!);
    await book(hal, today, device.times[1]!);

    const context = await browser.newContext({ ...device.options, baseURL });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInAsStaff(page, 'Dana Desk');
    // The tablet's clock reads 5:45 PM, past both starts; the server's reads about noon (see the top of the file).
    await page.clock.setFixedTime(newYorkInstant(today, '17:45'));
    await page.goto(`/desk/day/soho/${today}/`);
    const schedule = page.getByRole('region', { name: 'Schedule at SoHo' });
    await expect(schedule).toBeVisible();
    // The grid starts within the first screen, with hours of it in view.
    const top = await schedule.evaluate((box) => box.getBoundingClientRect().top);
    const height = page.viewportSize()!.height;
    expect(top).toBeLessThan(height / 2);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `today's day view on ${device.name}`);

    // One tap on the visit, one on Check in: the grid shows the badge and the counts at once, and keeps them.
    const arrived = page.locator('[data-count="arrived"] dd');
    const before = Number(await arrived.textContent());
    await block(page, gil.name).tap();
    const panel = page.getByRole('complementary', { name: 'Visit' });
    await expect(panel.getByRole('heading', { name: gil.name })).toBeVisible();
    // Signed up by e-mail only: the panel says there is no phone to call, and shows the address.
    await expect(panel.getByText('No phone number.')).toBeVisible();
    await panel.getByRole('button', { name: 'Check in' }).tap();
    await expect(block(page, gil.name)).toHaveAttribute('data-attendance', 'checked_in');
    await expect(block(page, gil.name).locator('[data-badge]')).toHaveText('HereChecked in,');
    await expect(arrived).toHaveText(String(before + 1));
    await expect(panel.getByText('Check in: done.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Start' })).toBeVisible();
    await expectNoAxeViolations(page, `day view, a customer checked in, on ${device.name}`);
    await expectNoSidewaysScroll(page);

    // Hal's no-show: the tablet thinks his start has passed, the server does not. The badge shows, then goes, and the
    // panel says why.
    await panel.getByRole('button', { name: 'Close' }).tap();
    await block(page, hal.name).tap();
    await expect(panel.getByRole('heading', { name: hal.name })).toBeVisible();
    await panel.getByRole('button', { name: 'Mark no-show' }).tap();
    await expect(panel.getByRole('alert')).toHaveText('A visit can be marked a no-show only once its start time has passed.');
    await expect(block(page, hal.name)).toHaveAttribute('data-attendance', 'none');
    await expect(block(page, hal.name).locator('[data-badge]')).toHaveCount(0);

    // Stored: a reload draws Gil checked in.
    await page.reload();
    await expect(block(page, gil.name)).toHaveAttribute('data-attendance', 'checked_in');

    // A free quarter hour is drawn and a tap on it opens the booking beside the grid.
    const gap = schedule.locator('[data-free]').filter({ visible: true }).first();
    await gap.scrollIntoViewIfNeeded();
    await expect(gap).toContainText('+');
    await gap.tap();
    await expect(page.getByRole('complementary', { name: 'New booking' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/desk/day/soho/${today}/$`));

    // Gil's therapist's week, from their name: seven days, Gil's visit on today's.
    await page.goto(`/desk/day/soho/${today}/`);
    await schedule.locator(`[data-therapist="${gilVisit.therapistId}"] a`).tap();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${gilVisit.therapistName} at SoHo, week of `) })).toBeVisible();
    await expect(page.locator('[data-week-day]')).toHaveCount(7);
    await expect(page.locator(`[data-week-day="${today}"]`)).toContainText(gil.name);
    await expectNoAxeViolations(page, `a therapist's week on ${device.name}`);
    await expectNoSidewaysScroll(page);
    // The refused no-show's 422 is the answer the journey asked for; nothing else may be logged.
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(errors.filter((e) => e.includes('status of 422'))).toHaveLength(1);
    await context.close();
  });
}

test("on a 1024 x 768 tablet the grid and the booking panel fit the screen; a second gap tapped moves the booking to it; another day closes the panel", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const date = dayAhead();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  const services = await (await page.request.get('/api/desk/services/soho/')).json();
  const area = services.areas.find((a: { id: number }) => a.id === 1);
  const wax = area.services.find((s: { gen: number; name: string; kind: string }) => s.gen === 0 && area.services.filter((o: { name: string; kind: string }) => o.name === s.name && o.kind === s.kind).length === 1);
  await page.goto(`/desk/day/soho/${date}/`);
  const schedule = page.getByRole('region', { name: 'Schedule at SoHo' });
  await expect(schedule).toBeVisible();

  // A gap at 11:00, a customer and a service; then, the panel open, a gap at 4:00 PM of the therapist it chose.
  await schedule.locator('[data-free="11:00"]').first().tap();
  const panel = page.getByRole('complementary', { name: 'New booking' });
  await expect(panel.getByText(/^From 11:00 AM with /)).toBeVisible();
  await panel.getByRole('button', { name: 'New customer' }).tap();
  const name = `Tablet ${unique().slice(-6)}`;
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('E-mail').fill(`tablet-${unique()}@example.com`);
  await panel.getByRole('button', { name: area.name, exact: true }).tap();
  await panel.getByRole('button', { name: new RegExp(`^${wax.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${wax.kind} \\d+ min`) }).tap();
  const chain = panel.getByTestId('booking-chain').locator('li');
  await expect(chain).toContainText(/^11:00 AM–/);
  const therapist = (await chain.textContent())!.replace(/^.* with /, '');
  await schedule.getByRole('link', { name: `Book 4:00 PM with ${therapist}` }).tap();
  await expect(panel.getByText(`From 4:00 PM with ${therapist}.`)).toBeVisible();
  await expect(panel.getByLabel('Name')).toHaveValue(name);
  await expect(chain).toContainText(/^4:00 PM–/);
  await expect(chain).toContainText(`with ${therapist}`);

  // Everything the job needs is on the screen with the page at its top: the controls, the grid, the Book button.
  // (Playwright's taps scroll the page to put what they tap in its middle; a finger does not.)
  const book = panel.getByRole('button', { name: 'Book', exact: true });
  const fits = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return { height: window.innerHeight };
  });
  for (const [what, box] of [
    ['Book', await book.boundingBox()],
    ['the schedule', await schedule.boundingBox()],
    ['the panel', await panel.boundingBox()],
  ] as const) {
    expect(box!.y + box!.height, `${what} ends within the screen`).toBeLessThanOrEqual(fits.height);
  }
  await expect(page.getByRole('button', { name: 'New booking' })).toBeInViewport();

  await book.tap();
  await expect(page.getByText(`Booked: ${name} at 4:00 PM with ${therapist}.`)).toBeVisible();
  await block(page, name).tap();
  const visit = page.getByRole('complementary', { name: 'Visit' });
  await expect(visit.getByRole('heading', { name })).toBeVisible();
  await expect(visit).toContainText('4:00 PM');
  await expect(visit).toContainText(therapist);

  // The visit's panel belongs to its day: the next day opens without it.
  await page.getByRole('link', { name: 'Next day' }).tap();
  await expect(page).not.toHaveURL(new RegExp(`/${date}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: /^(Visit|New booking)$/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the next day, the panel closed');
  expect(errors).toEqual([]);
  await context.close();
});

test('a walk-in by name only is booked at the next quarter hour with a free therapist, checked in, and marked on the grid', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const today = todayInNewYork();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  // The tablet's clock agrees with the server's (about noon, see the top of the file).
  await page.clock.setFixedTime(newYorkInstant(today, '12:01'));
  const services = await (await page.request.get('/api/desk/services/soho/')).json();
  const area = services.areas.find((a: { id: number }) => a.id === 1);
  const wax = area.services.find((s: { gen: number; name: string; kind: string }) => s.gen === 0 && area.services.filter((o: { name: string; kind: string }) => o.name === s.name && o.kind === s.kind).length === 1);
  await page.goto(`/desk/day/soho/${today}/`);
  await page.getByRole('button', { name: 'Walk-in' }).tap();
  const panel = page.getByRole('complementary', { name: 'New booking' });
  await panel.getByRole('button', { name: 'New walk-in' }).tap();
  const name = `Walk ${unique().slice(-6)}`;
  await panel.getByLabel('Name').fill(name);
  await panel.getByRole('button', { name: area.name, exact: true }).tap();
  await panel.getByRole('button', { name: new RegExp(`^${wax.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${wax.kind} \\d+ min`) }).tap();
  await panel.getByRole('button', { name: 'Book and check in' }).tap();
  const walkIn = block(page, name);
  await expect(walkIn).toHaveCount(1, { timeout: 10_000 });
  await expect(walkIn).toHaveAttribute('data-attendance', 'checked_in');
  await expect(walkIn.locator('[data-walk-in]')).toHaveText('Walk-in');
  await walkIn.tap();
  await expect(page.getByRole('complementary', { name: 'Visit' }).getByText('Walk-in: no phone or e-mail.')).toBeVisible();
  await expectNoAxeViolations(page, "day view, a walk-in's panel");
  expect(errors).toEqual([]);
  await context.close();
});

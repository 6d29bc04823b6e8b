import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { newYorkDate } from '../lib/marketing/banner-window';
import { csvObjects } from '../lib/test-support/parse-csv';
import { expectNoAxeViolations } from './support/axe';
import { watchConsole } from './support/console';
import { phoneContext, signInAsOwner, signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';

runOnOwnServer('desk-reports', 86);

/**
 * Issue 35, items 1 and 5: the owner opens /desk/reports/, sees the bookings made today (one online, two at the
 * desk, at SoHo and Midtown) beside the period before, opens the month, switches location, and finds each export
 * linked to what is shown; at 1440 px and on a 390 px phone (without scripts too), axe 0, nothing sideways at 320 px;
 * the appointments CSV of a day parses with the booked value on screen, at all four salons and at one;
 * the front desk gets the 404 page and no link.
 */

/** Today and this month in New York, as the page's presets take them. */
function periodsNow() {
  const today = newYorkDate(Date.now());
  const end = new Date(`${today.slice(0, 8)}01T12:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1, 0);
  return { today: { from: today, to: today }, month: { from: `${today.slice(0, 8)}01`, to: end.toISOString().slice(0, 10) } };
}
const long = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const at = (date: string) => new Date(`${date}T12:00:00Z`);
/** 'Nov 1 – Nov 30, 2026' or 'Nov 29, 2026', as the page heads a period. */
const formatPeriod = ({ from, to }: { from: string; to: string }) => (from === to ? long.format(at(from)) : `${short.format(at(from))} – ${long.format(at(to))}`);

/** A row of a figures' table as its cells: the figure, this period, the period before, the change. */
async function figureRow(page: Page, table: string, figure: string): Promise<string[]> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: figure, exact: true }) });
  return (await row.locator('th, td').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

const BOOKINGS = 'Bookings and visits against the period before';
const VALUE = 'Value against the period before';
const periods = (page: Page) => page.getByRole('navigation', { name: 'Period' });
const filters = (page: Page) => page.getByRole('form', { name: 'Period and location' });

/** The first wax of the menu at `location`. */
async function waxAt(api: APIRequestContext, location: 1 | 2): Promise<{ id: string; duration: number }> {
  const areas = await (await api.get(`/api/locations/ui/?svcLocation=${location}&genderId=0`)).json();
  return areas['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
}

/** A wax at `location` with `therapist` (0: any) at `svcDate`, as the booking's card. */
function waxCard(location: 1 | 2, wax: { id: string }, therapist: number, svcDate: string) {
  return {
    header: { location: String(location), gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: therapist, svcDate, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: 0, areaId: 1 }] }] }],
  };
}

/** Today's bookings: one made online by a customer at SoHo, two made by the desk (the owner), at SoHo and Midtown. */
async function bookToday(page: Page, baseURL: string): Promise<string> {
  const day = nextWeekday(3, 9);
  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const online = await signUpByApi(customer, { name: 'Olga Online', email: `olga-${unique()}@example.com`, password: PASSWORD });
  const wax = await waxAt(customer, 1);
  const slots = await (await customer.get(`/api/slots/1/1/1/${day}/${wax.duration}/`)).json();
  const booked = await customer.post(`/api/appointments/${online.id}/`, { data: waxCard(1, wax, 1, slots.slots[0].start) });
  expect(booked.status(), await booked.text()).toBe(201);
  await customer.dispose();

  for (const [location, time, name] of [
    [1, '14:00', 'Dora Desk-Booked'],
    [2, '14:00', 'Mina Midtown'],
  ] as const) {
    const made = await page.request.post('/api/desk/customers/', { data: { name, email: `desk-booked-${unique()}@example.com` }, headers: { origin: baseURL } });
    expect(made.status(), await made.text()).toBe(201);
    const card = waxCard(location, await waxAt(page.request, location), 0, `${day} ${time}`);
    const deskBooked = await page.request.post(`/api/appointments/bof/${(await made.json()).id}/`, { data: card, headers: { origin: baseURL } });
    expect(deskBooked.status(), await deskBooked.text()).toBe(201);
  }
  return day;
}

/** Follows the page's link as the owner does and reads the CSV the browser saved (UTF-8 with a BOM). */
async function downloadCsv(page: Page, link: Locator): Promise<{ name: string; rows: Record<string, string>[] }> {
  const saved = page.waitForEvent('download');
  await link.click();
  const file = await saved;
  const text = (await readFile((await file.path())!)).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { name: file.suggestedFilename(), rows: csvObjects(text.slice(1)) };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;


test("the owner at 1440 px: today's bookings beside the day before, the month, another salon, and the exports of what is shown", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, 'Olive Owner', '/desk/');
  const visitDay = await bookToday(page, baseURL!);

  await page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const { month } = periodsNow();
  await expect(periods(page).getByRole('link', { name: 'This month' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`All four salons, ${formatPeriod(month)}`, { exact: true })).toBeVisible();
  expect((await figureRow(page, BOOKINGS, 'Bookings made')).slice(0, 2)).toEqual(['Bookings made', '3']);
  await expectNoAxeViolations(page, 'the month, all salons');

  // Today: the three bookings, none the day before.
  await periods(page).getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/\/desk\/reports\/\?preset=today&location=all$/);
  const { today } = periodsNow();
  await expect(page.getByText(`All four salons, ${formatPeriod(today)}`, { exact: true })).toBeVisible();
  expect(await figureRow(page, BOOKINGS, 'Bookings made')).toEqual(['Bookings made', '3', '0', '↑ +3 (none before)']);
  expect(await figureRow(page, BOOKINGS, 'Booked online')).toEqual(['Booked online', '1', '0', '↑ +1 (none before)']);
  expect(await figureRow(page, BOOKINGS, 'Booked at the desk')).toEqual(['Booked at the desk', '2', '0', '↑ +2 (none before)']);
  expect((await figureRow(page, BOOKINGS, 'Online share')).slice(0, 2)).toEqual(['Online share', '33.3%']);
  const byDay = page.getByRole('table', { name: 'Bookings made and visits held by day' });
  await expect(byDay.getByRole('row')).toHaveCount(2);
  await expect(byDay.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');

  // Midtown alone: its one desk booking; the presets keep the salon.
  await filters(page).getByLabel('Location').selectOption({ label: 'Midtown' });
  await filters(page).getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/reports/\\?from=${today.from}&to=${today.to}&location=midtown$`));
  await expect(page.getByText(`Midtown, ${formatPeriod(today)}`, { exact: true })).toBeVisible();
  expect(await figureRow(page, BOOKINGS, 'Bookings made')).toEqual(['Bookings made', '1', '0', '↑ +1 (none before)']);
  expect((await figureRow(page, BOOKINGS, 'Booked online')).slice(0, 2)).toEqual(['Booked online', '0']);
  await expect(periods(page).getByRole('link', { name: 'This month' })).toHaveAttribute('href', '/desk/reports/?preset=month&location=midtown');

  const exports = page.getByRole('region', { name: 'Exports' });
  const appointments = exports.getByRole('link', { name: 'Appointments (CSV)' });
  await expect(appointments).toHaveAttribute('href', `/api/desk/exports/appointments.csv?from=${today.from}&to=${today.to}&location=midtown`);
  await expect(exports.getByRole('link')).toHaveText(['Appointments (CSV)', 'Customers (CSV)', 'Package balances (CSV)', 'Activity log (CSV)']);
  await expectNoAxeViolations(page, 'today at Midtown');
  await expectNoSidewaysScroll(page);

  // The visits' day, all four salons: the appointments CSV holds the three visits, their prices summing to the booked
  // value on screen; at Midtown alone, its one.
  await filters(page).getByLabel('First day').fill(visitDay);
  await filters(page).getByLabel('Last day').fill(visitDay);
  await filters(page).getByLabel('Location').selectOption({ label: 'All four salons' });
  await filters(page).getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/reports/\\?from=${visitDay}&to=${visitDay}&location=all$`));
  const [, bookedValue] = await figureRow(page, VALUE, 'Booked value');
  const all = await downloadCsv(page, exports.getByRole('link', { name: 'Appointments (CSV)' }));
  expect(all.name).toBe(`appointments-${visitDay}.csv`);
  expect(all.rows.map((row) => row.Salon).sort()).toEqual(['Midtown', 'SoHo', 'SoHo']);
  expect(all.rows.every((row) => row.Date === visitDay && row.Status === 'Booked')).toBe(true);
  expect(dollars(all.rows.reduce((sum, row) => sum + Math.round(Number(row['Price (USD)']) * 100), 0))).toBe(bookedValue);
  expect(all.rows.map((row) => row.Channel).sort()).toEqual(['Front desk', 'Front desk', 'Online']);

  await filters(page).getByLabel('Location').selectOption({ label: 'Midtown' });
  await filters(page).getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`location=midtown$`));
  const [, midtownValue] = await figureRow(page, VALUE, 'Booked value');
  const midtown = await downloadCsv(page, exports.getByRole('link', { name: 'Appointments (CSV)' }));
  expect(midtown.name).toBe(`appointments-midtown-${visitDay}.csv`);
  expect(midtown.rows.map((row) => [row.Salon, row.Customer])).toEqual([['Midtown', 'Mina Midtown']]);
  expect(dollars(Math.round(Number(midtown.rows[0]!['Price (USD)']) * 100))).toBe(midtownValue);

  // An address the page cannot read: this month for all four, and the sentence why.
  await page.goto('/desk/reports/?from=2026-03-14&to=2026-03-01');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Give a first and a last day, the last on or after the first and at most 366 days on; here is this month.');
  await expect(page.getByText(`All four salons, ${formatPeriod(month)}`, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('on a 390 px phone the report fits with no axe violations, at 320 px nothing scrolls sideways, and without scripts the form switches salon', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page, 'Pat Phone', '/desk/reports/');

  const phone = await phoneContext(browser, page, baseURL!, true);
  const scripted = await phone.newPage();
  const errors = watchConsole(scripted);
  await scripted.goto('/desk/reports/?preset=month&location=all');
  await expect(scripted.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectNoSidewaysScroll(scripted);
  await expectNoAxeViolations(scripted, 'the month at 390 px');
  await scripted.setViewportSize({ width: 320, height: 700 });
  await expectNoSidewaysScroll(scripted);
  expect(errors).toEqual([]);
  await phone.close();

  const plain = await phoneContext(browser, page, baseURL!, false);
  const noScript = await plain.newPage();
  await noScript.goto('/desk/reports/');
  await filters(noScript).getByLabel('Location').selectOption({ label: 'Nolita' });
  await filters(noScript).getByRole('button', { name: 'Show' }).click();
  const { month } = periodsNow();
  await expect(noScript).toHaveURL(new RegExp(`/desk/reports/\\?from=${month.from}&to=${month.to}&location=nolita$`));
  await expect(noScript.getByText(`Nolita, ${formatPeriod(month)}`, { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(noScript);
  await plain.close();
});

test('the front desk gets the 404 page at /desk/reports/ and no Reports link; a visitor is sent to sign in', async ({ page }) => {
  const visitor = await page.request.get('/desk/reports/', { maxRedirects: 0 });
  expect(visitor.status()).toBeGreaterThanOrEqual(300);
  expect(visitor.status()).toBeLessThan(400);
  expect(visitor.headers().location).toContain('/signin/');

  await signInAsStaff(page, 'Dana Desk', '/desk/');
  await expect(page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  const answer = await page.request.get('/desk/reports/?preset=month', { maxRedirects: 0 });
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Error 404 (Not Found)');
  expect(html).not.toContain('Bookings made');
});

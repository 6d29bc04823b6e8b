import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { federalHolidays } from '../lib/desk/holidays';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { addToBooking, area, nextWeekday, signUp, timesPerService, toMinutes, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

runOnOwnServer('desk-schedule', 63);

/**
 * The front desk's schedule (issue 15, items 6 and 7): a staff member blocks an afternoon and customers lose those
 * times; Thanksgiving has no times and refuses a booking; a roster edit changes the slots; the pages are staff-only,
 * accessible and fit a phone.
 */

const PAGES = ['/desk/time-off/', '/desk/closures/', '/desk/rosters/'];

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function slotTimes(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return ((await response.json()).slots as { time: string }[]).map((s) => s.time);
}

/** The next Thanksgiving Day from today in New York (2026-11-26 when this was written). */
function nextThanksgiving(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const year = Number(today.slice(0, 4));
  return [...federalHolidays(year), ...federalHolidays(year + 1)].find((h) => h.name === 'Thanksgiving Day' && h.date > today)!.date;
}

test('a staff member blocks an afternoon: the therapist\'s slots lose it, through the API and on the booking page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  // Anna Kowalski (2) does hair removal at SoHo on Wednesdays.
  const day = nextWeekday(3, 50);
  const slotsPath = `/api/slots/1/1/2/${day}/30/`;
  expect(await slotTimes(page, slotsPath)).toContain('14:00');

  await signInAsStaff(page, 'Tess Timeoff', '/desk/time-off/');
  await expect(page.getByRole('heading', { level: 1, name: 'Time off' })).toBeVisible();
  const once = page.getByRole('form', { name: 'One-off time off' });
  await once.getByLabel('Therapist').selectOption({ label: 'Anna Kowalski' });
  // A mistake first: the end before the start.
  await once.getByLabel('From').fill(`${day}T13:00`);
  await once.getByLabel('Until').fill(`${day}T12:00`);
  await once.getByRole('button', { name: 'Block this time' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please correct the marked fields.');
  await expect(page.getByRole('form', { name: 'One-off time off' }).getByText('The end must be after the start.')).toBeVisible();

  await once.getByLabel('Therapist').selectOption({ label: 'Anna Kowalski' });
  await once.getByLabel('From').fill(`${day}T13:00`);
  await once.getByLabel('Until').fill(`${day}T17:00`);
  await once.getByLabel('Reason (optional)').fill('Training');
  await once.getByRole('button', { name: 'Block this time' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Time off saved.');
  await expect(page.getByRole('region', { name: /^Inside Anna Kowalski's time off/ })).toBeVisible();
  await expectNoAxeViolations(page, 'time off created');

  const after = await slotTimes(page, slotsPath);
  expect(after).toContain('12:30');
  expect(after.filter((t) => t > '12:30' && t < '17:00')).toEqual([]);
  expect(after).toContain('17:00');

  // A customer's booking page, times per service, Anna Kowalski on that day.
  const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const customer = await context.newPage();
  const customerErrors = watchConsole(customer);
  await addToBooking(customer, '/services/womens-wax/');
  await customer.goto('/booking/');
  await timesPerService(customer);
  // The therapist first: choosing one clears the day.
  await area(customer, 'Hair Removal').getByLabel('Therapist for Hair Removal').selectOption({ label: 'Anna Kowalski' });
  await area(customer, 'Hair Removal').getByLabel('Date for Hair Removal').fill(day);
  const times = area(customer, 'Hair Removal').getByRole('group', { name: 'Time for Hair Removal' });
  await expect(times.getByRole('radio', { name: '5:00 PM', exact: true })).toHaveCount(1);
  const minutes = (await times.locator('label').allTextContents()).map(toMinutes);
  expect(minutes.filter((m) => m > 12 * 60 + 45 && m < 17 * 60)).toEqual([]);
  expect(minutes).toContain(12 * 60);
  expect(customerErrors).toEqual([]);
  await context.close();

  // The desk removes it again; the afternoon comes back.
  const listed = page.getByRole('listitem').filter({ hasText: 'Anna Kowalski' }).filter({ hasText: 'Training' });
  await listed.getByRole('button', { name: /^Remove Anna Kowalski's time off/ }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Time off removed.');
  expect(await slotTimes(page, slotsPath)).toContain('14:00');
  expect(errors).toEqual([]);
});

test("a sick day lists the visits it falls on with a phone-only customer's phone, and the list keeps them until they are cancelled", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  // Anna Kowalski (2) does hair removal at SoHo on Wednesdays; a day no other journey here uses.
  const day = nextWeekday(3, 71);
  await signInAsStaff(page, 'Sid Sickday', '/desk/customers/');

  // A caller with a phone and no address, made at the desk.
  const digits = `917${unique().replace(/\D/g, '').slice(-7).padStart(7, '0')}`;
  const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const name = `Phoebe Phone ${digits.slice(-4)}`;
  const form = page.getByRole('form', { name: 'New customer' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone (optional with an e-mail)').fill(shown);
  await form.getByRole('button', { name: 'Create customer' }).click();
  await expect(page).toHaveURL(/\/desk\/customers\/[0-9a-f-]{36}\/\?created=1$/);
  const customerId = /\/desk\/customers\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // Booked by the desk for 14:00 that day.
  const locations = await (await page.request.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 2, svcDate: `${day} 14:00`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: 0, areaId: 1 }] }] }],
  };
  const booked = await page.request.post(`/api/appointments/bof/${customerId}/`, { data: card, headers: { origin: baseURL! } });
  expect(booked.status(), await booked.text()).toBe(201);

  // She calls in sick for the afternoon: the visit to move names the caller and gives the number to call.
  await page.goto('/desk/time-off/');
  const once = page.getByRole('form', { name: 'One-off time off' });
  await once.getByLabel('Therapist').selectOption({ label: 'Anna Kowalski' });
  await once.getByLabel('From').fill(`${day}T13:00`);
  await once.getByLabel('Until').fill(`${day}T18:00`);
  await once.getByLabel('Reason (optional)').fill('Sick day');
  await once.getByRole('button', { name: 'Block this time' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Time off saved.');
  const affected = page.getByRole('region', { name: /^Inside Anna Kowalski's time off/ });
  await expect(affected.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  await expect(affected.getByRole('link', { name: shown })).toHaveAttribute('href', `tel:${digits}`);
  await expectNoAxeViolations(page, 'time off with a visit to move');

  // Later, from the plain list (no ?created=): the block keeps the way to its visits to move.
  await page.goto('/desk/time-off/');
  await expect(page.getByRole('region', { name: /^Inside / })).toHaveCount(0);
  const block = page.getByRole('listitem').filter({ hasText: 'Anna Kowalski' }).filter({ hasText: 'Sick day' });
  await block.getByRole('link', { name: /^Visits to move \(1\)/ }).click();
  await expect(page).toHaveURL(/\/desk\/time-off\/\?visits=[0-9a-f-]{36}#affected-heading$/);
  const again = page.getByRole('region', { name: /^Inside Anna Kowalski's time off/ });
  await expect(again.getByRole('link', { name: shown })).toHaveAttribute('href', `tel:${digits}`);
  const visit = (await again.getByRole('listitem').filter({ hasText: name }).getByRole('link').first().getAttribute('href'))!;
  expect(visit).toMatch(/^\/desk\/appointments\/[0-9a-f-]{36}\/$/);

  // Once the visit is cancelled, nothing is left to move and the link goes.
  const cancelled = await page.request.patch(`/api${visit}`, { data: { action: 'cancel' }, headers: { origin: baseURL! } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto('/desk/time-off/');
  await expect(block).toBeVisible();
  await expect(block.getByRole('link', { name: /^Visits to move/ })).toHaveCount(0);
  await block.getByRole('button', { name: /^Remove Anna Kowalski's time off/ }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Time off removed.');
  expect(errors).toEqual([]);
});

/** The next federal holiday from today in New York that can still be booked for: within 180 days (lib/booking/horizon.ts). */
function nextBookableHoliday(): { date: string; name: string } {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const year = Number(today.slice(0, 4));
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + 180 * 86_400_000).toISOString().slice(0, 10);
  return [...federalHolidays(year), ...federalHolidays(year + 1)].find((h) => h.date > today && h.date <= last)!;
}

test('Thanksgiving shows no times, and a booking for a holiday is refused with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const thanksgiving = nextThanksgiving();
  const slots = await (await page.request.get(`/api/slots/1/1/1/${thanksgiving}/30/`)).json();
  expect(slots.slots).toEqual([]);
  expect(slots.closure).toBe('Thanksgiving Day');
  const from = new Date(Date.parse(`${thanksgiving}T12:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  const strip = await (await page.request.get(`/api/visits/1/?areas=1:0:30&from=${from}&date=${thanksgiving}`)).json();
  expect(strip.days[2]).toEqual({ date: thanksgiving, count: 0, closure: 'Thanksgiving Day' });

  const email = `thanks-${unique()}@example.com`;
  await addToBooking(page, '/services/womens-wax/');
  await signUp(page, 'Tia Thanks', email, '/booking/');
  await page.goto(`/booking/?times=each&d1=${thanksgiving}`);
  await timesPerService(page);
  // The day's closure by name, and no waitlist: nothing frees up on a closed day.
  await expect(area(page, 'Hair Removal').getByRole('status')).toContainText(/^The salon is closed on Thursday, November \d+ \(Thanksgiving Day\)\./);
  await expect(area(page, 'Hair Removal').getByRole('button', { name: 'Tell me if a time frees up' })).toHaveCount(0);
  const profile = (await page.context().cookies()).find((c) => c.name === 'BnpAuth')!;
  const customerId: string = JSON.parse(decodeURIComponent(Buffer.from(decodeURIComponent(profile.value), 'base64').toString('utf8'))).id;
  expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
  const locations = await (await page.request.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  // The next holiday one can book for (Thanksgiving itself is too far ahead from late May to late November).
  const holiday = nextBookableHoliday();
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate: `${holiday.date} 14:00`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: 0, areaId: 1 }] }] }],
  };
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post(`/api/appointments/${customerId}/`, { data: card, headers: { origin } });
  expect(refused.status()).toBe(422);
  const longDate = new Date(`${holiday.date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  expect((await refused.json()).error.message).toBe(`SoHo is closed on ${longDate} (${holiday.name}). Please choose another day.`);
  const mine = await (await page.request.get(`/api/appointments/${customerId}/`)).json();
  expect(mine.cards ?? []).toEqual([]);
  expect(errors).toEqual([]);
});

test('a roster edit changes the slots; a shift outside the opening hours is refused', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  // Sofia Russo (3) does brows and lashes at SoHo on Mondays, all day.
  const monday = nextWeekday(1, 50);
  const slotsPath = `/api/slots/1/2/3/${monday}/30/`;
  expect((await slotTimes(page, slotsPath))[0]).toBe('10:00');

  await signInAsStaff(page, 'Rosa Roster', '/desk/rosters/');
  // The week grid: Sofia's Monday cell reads the whole day, 12-hour.
  await expect(page.getByRole('region', { name: 'The week at SoHo' }).getByRole('link', { name: /^Sofia Russo, Monday: 10:00 AM to 8:00 PM/ })).toBeVisible();
  const form = page.getByRole('form', { name: /^Add a shift or change its hours/ });
  const fill = async (from: string, to: string) => {
    await form.getByLabel('Therapist').selectOption({ label: 'Sofia Russo' });
    await form.getByLabel('Area').selectOption({ label: 'Brow & Lashes' });
    await form.getByLabel('Weekday').selectOption({ label: 'Monday' });
    await form.getByLabel('From').fill(from);
    await form.getByLabel('Until').fill(to);
    await form.getByRole('button', { name: 'Save shift' }).click();
  };
  await fill('08:00', '12:00');
  await expect(page.getByText('Monday opening hours are 10:00 AM to 8:00 PM; keep the shift inside them.')).toBeVisible();
  await fill('15:00', '18:00');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Shift saved.');
  await expect(page.getByRole('region', { name: 'Sofia Russo on Mondays' }).getByText('Monday, Brow & Lashes: 3:00 PM to 6:00 PM')).toBeVisible();
  const changed = await slotTimes(page, slotsPath);
  expect([changed[0], changed.at(-1)]).toEqual(['15:00', '17:30']);

  // Back to the whole day, so other journeys find the roster they expect.
  await fill('10:00', '20:00');
  // The status said 'Shift saved.' already: the roster's own line shows this save has landed.
  await expect(page.getByRole('region', { name: 'Sofia Russo on Mondays' }).getByText('Monday, Brow & Lashes: 10:00 AM to 8:00 PM')).toBeVisible();
  expect((await slotTimes(page, slotsPath))[0]).toBe('10:00');
  expect(errors).toEqual([]);
});

test('the schedule pages: no axe violations, a clean console, no sideways scroll at 390 and 320 px', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Axel Access');
  await expect(page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Closures' })).toBeVisible();
  for (const path of PAGES) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await noSidewaysScroll(page);
    }
  }
  // Closures list this year's holidays; opening one and closing it again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/desk/closures/?location=4');
  await expect(page.getByRole('heading', { level: 2, name: /^Nolita, \d{4}$/ })).toBeVisible();
  const christmas = page.getByRole('listitem').filter({ hasText: 'Christmas Day' }).first();
  await expect(christmas).toContainText('Closed');
  await christmas.getByRole('button', { name: /^Open on / }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Open on \d{4}-12-25\.$/);
  await page.getByRole('listitem').filter({ hasText: 'Christmas Day' }).first().getByRole('button', { name: /^Close on / }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Closed again on \d{4}-12-25\.$/);
  await expect(page.getByRole('region', { name: /^Booked at Nolita on / })).toBeVisible();
  await expectNoAxeViolations(page, 'closures after a change');
  expect(errors).toEqual([]);
});

test('a visitor is sent to sign in and a customer gets the 404 content from every schedule page', async ({ page }) => {
  for (const path of PAGES) {
    const direct = await page.request.get(path, { maxRedirects: 0 });
    expect(direct.status()).toBe(307);
    expect(direct.headers().location).toMatch(new RegExp(`/signin/\\?url=${encodeURIComponent(path)}$`));
  }
  await signUp(page, 'Cato Customer', `cato-${unique()}@example.com`);
  await expect(page).toHaveURL(/\/services\/$/);
  for (const path of PAGES) {
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html).not.toContain('Anna Kowalski');
    expect(html).not.toContain('Thanksgiving');
    expect(html).not.toContain('Block this time');
    await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  }
});

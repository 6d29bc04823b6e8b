import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { STAFF_DOMAIN } from '../playwright.config';
import { watchConsole } from './support/console';
import { signInAsStaff, signUpToDesk } from './support/desk';
import { addToBooking, area, nextWeekday, timesPerService, toMinutes, unique } from './support/journeys';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';
import { expectNoAxeViolations } from './support/axe';

/**
 * The owner's opening hours (issue 33, item 5): the owner shortens a Saturday and gives a Thursday a late night at
 * SoHo, and the booking page's times follow (first and last) without a rebuild; a visit left after the new closing
 * time is listed for the desk to move; the page works on a phone and without scripts; the front desk is refused.
 * Its own server (offsets 55 to 59 are this part's), with owners at a domain of its own.
 */
const OWNER_DOMAIN = '@owner.example.com';
const port = portFromE2e(55);
let server: NextServer | undefined;
test.use({ baseURL: `http://127.0.0.1:${port}` });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startNextServer(port, { DATA_DIR: await seededDataDir('desk-hours'), STAFF_EMAILS: STAFF_DOMAIN, OWNER_EMAILS: OWNER_DOMAIN, DATABASE_URL: undefined });
});
test.afterAll(async () => {
  await server?.kill();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function signInAsOwner(page: Page, name: string, landing = '/desk/hours/'): Promise<void> {
  await signUpToDesk(page, name, `owner-${unique()}${OWNER_DOMAIN}`, landing);
}

/** The first and last time the customer's booking page offers for Hair Removal on `date` (minutes after midnight). */
async function firstAndLast(page: Page, date: string): Promise<[number, number]> {
  await page.goto('/booking/');
  await timesPerService(page);
  await area(page, 'Hair Removal').getByLabel('Date for Hair Removal').fill(date);
  const times = area(page, 'Hair Removal').getByRole('group', { name: 'Time for Hair Removal' });
  await expect(times.locator('label').first()).toBeVisible();
  const minutes = (await times.locator('label').allTextContents()).map(toMinutes);
  return [minutes[0]!, minutes.at(-1)!];
}

async function customerPage(browser: Browser, baseURL: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...DESKTOP, baseURL, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await addToBooking(page, '/services/womens-wax/');
  return { page, errors, close: () => context.close() };
}

test('at 1440 px the owner shortens Saturday and gives a Thursday a late night: the booking page follows, a visit left outside is listed', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP.viewport);
  const errors = watchConsole(page);
  const saturday = nextWeekday(6, 9);
  const thursday = nextWeekday(4, 9);

  // The booking page before: SoHo's Saturday 11:00 to 19:00 and Thursday 10:00 to 20:00.
  const customer = await customerPage(browser, baseURL!);
  const [saturdayFirst, saturdayLast] = await firstAndLast(customer.page, saturday);
  const [thursdayFirst, thursdayLast] = await firstAndLast(customer.page, thursday);
  expect([saturdayFirst, thursdayFirst]).toEqual([11 * 60, 10 * 60]);
  test.info().annotations.push({ type: 'before', description: `Saturday ${saturday}: ${saturdayFirst / 60}h to last ${saturdayLast / 60}h; Thursday ${thursday}: last ${thursdayLast / 60}h` });

  await signInAsOwner(page, 'Olive Owner');
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Hours' })).toBeVisible();

  // A visit that Saturday at 6 PM, booked by the desk (the owner is the desk too).
  const made = await page.request.post('/api/desk/customers/', { data: { name: 'Lena Late', email: `lena-${unique()}@example.com` }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const customerId: string = (await made.json()).id;
  const locations = await (await page.request.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate: `${saturday} 18:00`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: 0, areaId: 1 }] }] }],
  };
  const booked = await page.request.post(`/api/appointments/bof/${customerId}/`, { data: card, headers: { origin: baseURL! } });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.reload();
  await expect(page.getByRole('region', { name: /^Booked outside the opening hours/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the hours page');

  const week = page.getByRole('form', { name: 'The week at SoHo' });
  await expect(week.getByRole('group', { name: 'Saturday' }).getByLabel('Closes')).toHaveValue('19:00');
  // A mistake first: Wednesday closing before it opens. The sentence shows on the field; the typed hours stay.
  await week.getByRole('group', { name: 'Saturday' }).getByLabel('Closes').selectOption({ label: '5:00 PM' });
  await week.getByRole('group', { name: 'Wednesday' }).getByLabel('Closes').selectOption({ label: '9:00 AM' });
  await week.getByRole('button', { name: 'Save the week' }).click();
  const wrong = 'Wednesday: the closing time must be after the opening time.';
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(wrong);
  await expect(week.getByRole('group', { name: 'Wednesday' }).getByText(wrong)).toBeVisible();
  await expect(week.getByRole('group', { name: 'Saturday' }).getByLabel('Closes')).toHaveValue('17:00');
  await expectNoAxeViolations(page, 'a mistake on the week');
  // Nothing was saved.
  expect((await (await page.request.get('/api/desk/locations/soho/hours/')).json()).week[6].close).toBe('19:00');

  await week.getByRole('group', { name: 'Wednesday' }).getByLabel('Closes').selectOption({ label: '8:00 PM' });
  await week.getByRole('button', { name: 'Save the week' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The week is saved.');
  await expect(week.getByRole('group', { name: 'Saturday' }).getByLabel('Closes')).toHaveValue('17:00');
  // The visit at 6 PM that Saturday is now after closing: listed for the desk, with the way to it.
  const outside = page.getByRole('region', { name: 'Booked outside the opening hours at SoHo' });
  await expect(outside.getByRole('listitem').filter({ hasText: 'Lena Late' })).toContainText('6:00 PM');
  await expect(outside.getByRole('link').first()).toHaveAttribute('href', /^\/desk\/appointments\/[0-9a-f-]{36}\/$/);

  // A late night that Thursday.
  const add = page.getByRole('form', { name: 'Add special hours for a date' });
  await add.getByLabel('Date').fill(thursday);
  await add.getByLabel('Opens').selectOption({ label: '12:00 PM' });
  await add.getByLabel('Closes').selectOption({ label: '10:00 PM' });
  await add.getByLabel('Note (optional)').fill('Late night');
  await add.getByRole('button', { name: 'Add special hours' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Special hours saved for Thursday, /);
  const special = page.getByRole('region', { name: 'Special hours at SoHo' });
  await expect(special.getByRole('listitem')).toHaveText([/Thursday, .*: 12:00 PM to 10:00 PM \(Late night\)\s*Remove$/]);
  await expectNoAxeViolations(page, 'hours saved');

  // The booking page follows at once, without a rebuild: Saturday ends two hours sooner, the Thursday opens at noon
  // and runs two hours later.
  expect(await firstAndLast(customer.page, saturday)).toEqual([saturdayFirst, saturdayLast - 120]);
  expect(await firstAndLast(customer.page, thursday)).toEqual([12 * 60, thursdayLast + 120]);
  test.info().annotations.push({ type: 'after', description: `Saturday last ${(saturdayLast - 120) / 60}h; Thursday 12h to last ${(thursdayLast + 120) / 60}h` });
  // The API says the same, with the visit to move.
  const api = await (await page.request.get('/api/desk/locations/soho/hours/')).json();
  expect(api.week[6]).toEqual({ weekday: 6, day: 'Saturday', closed: false, open: '11:00', close: '17:00' });
  expect(api.special).toEqual([{ date: thursday, open: '12:00', close: '22:00', note: 'Late night' }]);
  expect(api.outsideHours.map((v: { customerName: string; localStart: string }) => [v.customerName, v.localStart])).toEqual([['Lena Late', `${saturday} 18:00`]]);
  expect(errors).toEqual([]);
  expect(customer.errors).toEqual([]);
  await customer.close();
});

test('at 390 px the page fits the phone, sets the notice and adds and removes special hours; without scripts it saves too', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsOwner(page, 'Pia Phone', '/desk/hours/?location=midtown');
  await expect(page.getByRole('heading', { level: 2, name: 'The week at Midtown' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, 'the hours page on a phone');

  // A customer's earliest time today at Midtown as measured: 2 hours from now, the desk's from the next quarter hour.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const anonymous = await browser.newContext({ baseURL });
  const visitor = await (await anonymous.request.get(`/api/slots/midtown/1/0/${today}/15/`)).json();
  await anonymous.close();
  const desk = await (await page.request.get(`/api/slots/midtown/1/0/${today}/15/`)).json();
  const minutesAway = (slots: { start: string }[]) => (slots.length > 0 ? Math.round((Date.parse(slots[0]!.start) - Date.now()) / 60_000) : null);
  const online = minutesAway(visitor.slots);
  if (online !== null) expect(online).toBeGreaterThanOrEqual(119);
  test.info().annotations.push({ type: 'earliest', description: `visitor: ${online ?? 'none today'} min away; desk: ${minutesAway(desk.slots) ?? 'none today'} min away` });

  const week = page.getByRole('form', { name: 'The week at Midtown' });
  await week.getByLabel('Minimum notice for online bookings').selectOption({ label: '1 hour' });
  await week.getByRole('button', { name: 'Save the week' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The week is saved.');
  await expect(week.getByLabel('Minimum notice for online bookings')).toHaveValue('60');
  await noSidewaysScroll(page);

  const day = nextWeekday(2, 12);
  const add = page.getByRole('form', { name: 'Add special hours for a date' });
  await add.getByLabel('Date').fill(day);
  await add.getByLabel('Opens').selectOption({ label: '10:00 AM' });
  await add.getByLabel('Closes').selectOption({ label: '3:00 PM' });
  await add.getByLabel('Note (optional)').fill('Staff party');
  await add.getByRole('button', { name: 'Add special hours' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Special hours saved for Tuesday, /);
  const special = page.getByRole('region', { name: 'Special hours at Midtown' });
  await expect(special.getByRole('listitem')).toHaveCount(1);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, 'special hours on a phone');
  await special.getByRole('button', { name: /^Remove the special hours on Tuesday, / }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Tuesday, .* opens by its weekday again\.$/);
  await expect(special.getByRole('listitem')).toHaveCount(0);
  expect(errors).toEqual([]);

  // The same owner in a browser that runs no scripts: the forms post and the answer comes back on the page.
  const plain = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false, storageState: await context.storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto('/desk/hours/?location=nolita');
  const plainWeek = plainPage.getByRole('form', { name: 'The week at Nolita' });
  await plainWeek.getByRole('group', { name: 'Sunday' }).getByLabel('Closed all day').check();
  await plainWeek.getByRole('button', { name: 'Save the week' }).click();
  await expect(plainPage.getByRole('main').getByRole('status')).toHaveText('The week is saved.');
  await expect(plainWeek.getByRole('group', { name: 'Sunday' }).getByLabel('Closed all day')).toBeChecked();
  const sunday = nextWeekday(0, 3);
  const slots = await (await plainPage.request.get(`/api/slots/nolita/1/0/${sunday}/15/`)).json();
  expect(slots).toMatchObject({ slots: [], closure: 'weekly day off', hours: null });
  await plain.close();
  await context.close();
});

test('the front desk is refused the hours: the 404 page, 403 from the API, no link in its navigation', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Frank Front');
  await expect(page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Hours' })).toHaveCount(0);
  const response = await page.goto('/desk/hours/');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  await expect(page.getByRole('form', { name: /^The week at/ })).toHaveCount(0);
  const read = await page.request.get('/api/desk/locations/soho/hours/');
  expect(read.status()).toBe(403);
  expect(await read.json()).toEqual({ error: { code: 'forbidden', message: "This needs the owner's account." } });
  const write = await page.request.put('/api/desk/locations/soho/hours/', { data: { week: [], special: [], minNoticeMinutes: 0 }, headers: { origin: baseURL! } });
  expect(write.status()).toBe(403);
  expect(errors.filter((error) => error !== 'Failed to load resource: the server responded with a status of 404 (Not Found)')).toEqual([]);
});

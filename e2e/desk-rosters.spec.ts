import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { addToBooking, area, nextWeekday, PASSWORD, timesPerService, toMinutes, unique } from './support/journeys';
import { signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

// Its own server: the journeys sign up staff and customers, and the shared servers' sign-up allowance (30 an hour
// from one address) belongs to the other journeys.
runOnOwnServer('desk-rosters', 82);

/**
 * Rosters that tell (issue 34, item 6), on a 1024 x 768 touch tablet and a 390 px phone: the week grid, a 'this
 * Saturday only' change the booking page's times follow, and a change that would leave a booked visit without a shift
 * listing it and asking first.
 */

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('the week grid; this Saturday only opens times on the booking page; taking it back lists the booked visit first', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // Daniel Reyes (6) does Skincare (area 3) at SoHo Monday to Friday, never on a Saturday; a Saturday no journey uses.
  const saturday = nextWeekday(6, 83);
  const day = longDate(saturday);
  const slotsPath = `/api/slots/1/3/6/${saturday}/30/`;
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, timezoneId: 'America/New_York', locale: 'en-US' });
  const desk = await tablet.newPage();
  const errors = watchConsole(desk);
  expect((await (await desk.request.get(slotsPath)).json()).slots).toEqual([]);

  await signInAsStaff(desk, 'Wren Week', '/desk/rosters/');
  const grid = desk.getByRole('region', { name: 'The week at SoHo' });
  await expect(grid.getByRole('link', { name: /^Daniel Reyes, Monday: 10:00 AM to 8:00 PM/ })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Daniel Reyes, Saturday: Off' })).toBeVisible();
  await expectNoAxeViolations(desk, 'week grid, tablet');
  await expectNoSidewaysScroll(desk);

  // A tap on the Saturday cell opens it; the one-date form starts at the next Saturday, for him.
  await grid.getByRole('link', { name: 'Daniel Reyes, Saturday: Off' }).tap();
  await expect(desk.getByRole('region', { name: 'Daniel Reyes on Saturdays' })).toContainText('No shift that day');
  const once = desk.getByRole('form', { name: 'Change one date' });
  await expect(once.getByLabel('Therapist')).toHaveValue('6');
  await once.getByLabel('Date').fill(saturday);
  await once.getByLabel('From').fill('08:00');
  await once.getByLabel('Until').fill('16:00');
  await once.getByRole('button', { name: 'Save for this date' }).tap();
  await expect(desk.getByRole('main').getByRole('alert')).toHaveText('Please correct the marked fields.');
  await expect(desk.getByRole('form', { name: 'Change one date' }).getByText('Opening hours that day are 11:00 AM to 7:00 PM; keep the hours inside them.')).toBeVisible();
  await desk.getByRole('form', { name: 'Change one date' }).getByLabel('From').fill('12:00');
  await desk.getByRole('form', { name: 'Change one date' }).getByRole('button', { name: 'Save for this date' }).tap();
  await expect(desk.getByRole('main').getByRole('status')).toHaveText(`Saved for ${day} only.`);
  const changes = desk.getByRole('list', { name: 'One-date changes' });
  await expect(changes.getByRole('listitem').filter({ hasText: `Daniel Reyes, ${day}: 12:00 PM to 4:00 PM` })).toHaveCount(1);
  await expectNoAxeViolations(desk, 'one-date change saved, tablet');

  // The customer's booking page offers Daniel that Saturday, from noon to the end of his day only.
  const shopper = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const customerPage = await shopper.newPage();
  const customerErrors = watchConsole(customerPage);
  await addToBooking(customerPage, '/services/womens-skin-care/');
  await customerPage.goto('/booking/');
  await timesPerService(customerPage);
  await area(customerPage, 'Skincare').getByLabel('Therapist for Skincare').selectOption({ label: 'Daniel Reyes' });
  await area(customerPage, 'Skincare').getByLabel('Date for Skincare').fill(saturday);
  const times = area(customerPage, 'Skincare').getByRole('group', { name: 'Time for Skincare' });
  await expect(times.getByRole('radio', { name: '12:00 PM', exact: true })).toHaveCount(1);
  const minutes = (await times.locator('label').allTextContents()).map(toMinutes);
  expect(minutes.every((m) => m >= 12 * 60 && m < 16 * 60)).toBe(true);
  expect(customerErrors).toEqual([]);
  await shopper.close();

  // A customer books him at 1:00 PM that Saturday.
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const name = `Rory Roster ${unique().slice(-6)}`;
  const customer = await signUpByApi(api, { name, email: `rory-${unique()}@example.com`, password: PASSWORD });
  const ui = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const facial = ui['0'].find((a: { id: number }) => a.id === 3).serviceTypes[0].serviceItems[0];
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 3, svcTherapist: 6, svcDate: `${saturday} 13:00`, svcNote: '', svcTypes: [{ svcTypeId: facial.svcType, svcArray: [{ id: facial.id, serviceTypeId: facial.svcType, gen: facial.gen, areaId: 3 }] }] }],
  };
  const booked = await api.post(`/api/appointments/${customer.id}/`, { data: card });
  expect(booked.status(), await booked.text()).toBe(201);
  const [visit] = (await booked.json()).appointments as { id: string }[];
  await api.dispose();

  // On a phone, taking the change back first lists the visit it would leave without a shift, and asks.
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.goto('/desk/rosters/?location=1');
  await expectNoSidewaysScroll(desk);
  const listed = desk.getByRole('list', { name: 'One-date changes' }).getByRole('listitem').filter({ hasText: `Daniel Reyes, ${day}` });
  await listed.getByRole('button', { name: `Remove the change for Daniel Reyes on ${day}` }).tap();
  const confirm = desk.getByRole('region', { name: `Back to Daniel Reyes’s weekly shift on ${day}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('listitem')).toHaveCount(1);
  await expect(confirm.getByRole('listitem')).toContainText(`${name}, ${day}, 1:00 PM to`);
  await expect(confirm.getByRole('listitem')).toContainText(facial.name);
  // Nothing changed yet: the times are still there.
  expect((await (await desk.request.get(slotsPath)).json()).slots.length).toBeGreaterThan(0);
  await expectNoAxeViolations(desk, 'confirm step, phone');
  await expectNoSidewaysScroll(desk);

  await confirm.getByRole('button', { name: 'Remove the change anyway' }).tap();
  await expect(desk.getByRole('main').getByRole('status')).toHaveText(
    `The weekly shift applies on ${day} again. 1 booked visit is now outside the roster: move it from the day view.`,
  );
  await expect(desk.getByRole('region', { name: /^Back to/ })).toHaveCount(0);
  expect((await (await desk.request.get(slotsPath)).json()).slots).toEqual([]);

  // Leave the day as it was for other journeys: the desk cancels the visit.
  const cancelled = await desk.request.patch(`/api/desk/appointments/${visit!.id}/`, { data: { action: 'cancel' }, headers: { origin: baseURL! } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  expect(errors).toEqual([]);
  await tablet.close();
});

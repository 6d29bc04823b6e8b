import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { addToBooking, area, nextWeekday, pickFirstTime, signUpFromBooking, timesPerService, toMinutes } from './support/journeys';
import { expectNoAxeViolations } from './support/axe';

const SLOT_TAKEN = 'Sorry, that time was just booked. Please choose another time.';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`a new customer books two areas, gets the confirmation and .ics, then reschedules one and cancels the other (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const day = nextWeekday(4, viewport.name === 'desktop' ? 7 : 14);

    // Browse a service menu and add two services in two areas.
    await addToBooking(page, '/services/womens-wax/');
    await expectNoAxeViolations(page, 'service menu');
    await addToBooking(page, '/services/womens-skin-care/');
    await page.getByRole('button', { name: /^Booking Cart/ }).click();
    await page.getByRole('dialog', { name: 'Booking Cart(2)' }).getByRole('link', { name: 'BOOK NOW' }).click();
    await expect(page).toHaveURL(/\/booking\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Online booking' })).toBeVisible();
    await expect(area(page, 'Hair Removal')).toBeVisible();
    await expect(area(page, 'Skincare')).toBeVisible();
    await expectNoAxeViolations(page, 'booking, signed out');

    // A named therapist for skincare and a date before signing up: the choices survive the sign-up. Times per
    // service here (three hours apart); e2e/visit.spec.ts books one time for the whole visit.
    await timesPerService(page);
    await area(page, 'Skincare').getByLabel('Therapist for Skincare').selectOption({ label: 'Grace Kim' });
    await area(page, 'Skincare').getByLabel('Date for Skincare').fill(day);
    await expect(page).toHaveURL(new RegExp(`th3=4&d3=${day}`));
    await signUpFromBooking(page, `Bea${viewport.name}`);
    await expect(area(page, 'Skincare').getByLabel('Therapist for Skincare')).toHaveValue('4');
    await expect(area(page, 'Skincare').getByLabel('Date for Skincare')).toHaveValue(day);
    await expect(area(page, 'Hair Removal').getByLabel('Therapist for Hair Removal')).toHaveValue('0');

    const waxTime = await pickFirstTime(page, 'Hair Removal', day);
    // Three hours after the wax: one customer cannot be in two rooms at once.
    const facialTime = await pickFirstTime(page, 'Skincare', day, toMinutes(waxTime) + 120);
    await area(page, 'Skincare').getByLabel('Note for Skincare (optional)').fill('Sensitive skin');
    await expect(page).toHaveURL(/t1=\d\d%3A\d\d/);
    await expectNoAxeViolations(page, 'booking, times chosen');

    // A reload keeps every choice (the URL and the card cookie).
    await page.reload();
    await expect(area(page, 'Skincare').getByRole('radio', { name: facialTime, exact: true })).toBeChecked();
    await expect(area(page, 'Hair Removal').getByRole('radio', { name: waxTime, exact: true })).toBeChecked();
    await expect(area(page, 'Skincare').getByLabel('Note for Skincare (optional)')).toHaveValue('Sensitive skin');

    await page.getByRole('button', { name: 'BOOK', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByText('With Grace Kim', { exact: true })).toBeVisible();
    await expect(page.getByText(`at ${waxTime}`).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('131 Spring Street, 2nd Floor, New York, NY 10012')).toBeVisible();
    await expectNoAxeViolations(page, 'confirmation');
    // The booking cart is empty after booking.
    await expect(page.getByRole('button', { name: 'Booking Cart (empty)' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to Apple Calendar / Outlook' }).click();
    const ics = readFileSync((await (await download).path())!, 'utf8');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('LOCATION:131 Spring Street\\, 2nd Floor');

    // The account page lists both; move the wax, cancel the facial.
    await page.getByRole('link', { name: 'Your appointments' }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
    await expect(upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(2);
    await expectNoAxeViolations(page, 'account');

    const waxItem = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Hair Removal/ }) });
    await waxItem.getByRole('button', { name: 'Reschedule' }).click();
    const later = nextWeekday(4, viewport.name === 'desktop' ? 21 : 28);
    await waxItem.getByLabel('Date for Hair Removal').fill(later);
    const times = waxItem.getByRole('group', { name: 'Time for Hair Removal' });
    await times.locator('label').nth(2).click();
    await expectNoAxeViolations(page, 'reschedule');
    await waxItem.getByRole('button', { name: 'Move to this time' }).click();
    await expect(page.getByText('Your appointment was moved.')).toBeVisible();
    const [y, m, d] = later.split('-').map(Number) as [number, number, number];
    const laterText = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Hair Removal/ }) })).toContainText(laterText);

    const facialItem = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Skincare/ }) });
    await facialItem.getByRole('button', { name: 'Cancel appointment' }).click();
    await facialItem.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByText('Your appointment was cancelled.')).toBeVisible();
    await expect(upcoming.getByRole('heading', { name: /^Skincare/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Past and cancelled appointments' }).getByText('Cancelled', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'account after changes');
  });
}

async function customerWithFacial(browser: Browser, name: string, day: string) {
  const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  await addToBooking(page, '/services/womens-skin-care/');
  await page.goto('/booking/');
  await signUpFromBooking(page, name);
  await area(page, 'Skincare').getByLabel('Therapist for Skincare').selectOption({ label: 'Grace Kim' });
  return { context, page, time: await pickFirstTime(page, 'Skincare', day) };
}

test('two customers race for the same therapist and time: exactly one books, the other is told', async ({ browser }) => {
  test.setTimeout(120_000);
  const day = nextWeekday(5, 35);
  const [a, b] = await Promise.all([customerWithFacial(browser, 'Racea', day), customerWithFacial(browser, 'Raceb', day)]);
  expect(a.time).toBe(b.time);
  await Promise.all([a.page.getByRole('button', { name: 'BOOK', exact: true }).click(), b.page.getByRole('button', { name: 'BOOK', exact: true }).click()]);
  const outcome = async (page: Page) => {
    const confirmed = page.waitForURL(/\/booking\/confirmation\//).then(() => 'booked' as const);
    const refused = page
      .getByRole('alert')
      .filter({ hasText: SLOT_TAKEN })
      .waitFor()
      .then(() => 'refused' as const);
    return Promise.race([confirmed, refused]);
  };
  const results = await Promise.all([outcome(a.page), outcome(b.page)]);
  expect(results.sort()).toEqual(['booked', 'refused']);
  const loser = results[0] === 'refused' ? a.page : b.page;
  // The loser's times were refreshed: the taken time is gone and nothing is chosen.
  const times = area(loser, 'Skincare').getByRole('group', { name: 'Time for Skincare' });
  await expect(times.getByRole('radio', { name: a.time, exact: true })).toHaveCount(0);
  await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
  await expectNoAxeViolations(loser, 'slot taken');
  await a.context.close();
  await b.context.close();
});

test.describe('a daylight-saving day', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('shows New York times on the day the clocks go forward, whatever the browser time zone', async ({ page }) => {
    test.setTimeout(90_000);
    await addToBooking(page, '/services/womens-wax/');
    // 2027-03-14, a Sunday: the clocks go forward at 02:00, and the salon opens at 11:00 EDT (15:00 UTC) until 18:00.
    await page.goto('/booking/?times=each&d1=2027-03-14');
    const times = area(page, 'Hair Removal').getByRole('group', { name: 'Time for Hair Removal' });
    await expect(times.locator('label').first()).toBeVisible();
    const labels = await times.locator('label').allTextContents();
    const minutes = labels.map(toMinutes);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(11 * 60);
    expect(Math.max(...minutes)).toBeLessThan(18 * 60);
    await signUpFromBooking(page, 'Dst');
    const chosen = (await times.locator('label').first().textContent())!;
    await times.locator('label').first().click();
    await page.getByRole('button', { name: 'BOOK', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/confirmation\//);
    await expect(page.getByText(`Sunday, March 14, 2027 at ${chosen} EDT`)).toBeVisible();
    // EDT is UTC-4 from that morning on.
    const utc = toMinutes(chosen) + 4 * 60;
    const iso = `2027-03-14T${String(Math.floor(utc / 60)).padStart(2, '0')}:${String(utc % 60).padStart(2, '0')}:00.000Z`;
    await expect(page.locator('time').first()).toHaveAttribute('datetime', iso);
    // Back from the confirmation finds the booking page with its cart emptied, not 'Booked!' for good.
    await page.goBack();
    await expect(page).toHaveURL(/\/booking\/\?/);
    await expect(page.getByText('Your booking cart is empty.')).toBeVisible();
    await expect(page.getByText('Booked! Opening your confirmation')).toHaveCount(0);
  });
});

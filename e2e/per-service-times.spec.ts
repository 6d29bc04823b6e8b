import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { formatDuration } from '../lib/catalog/format';
import { watchConsole } from './support/console';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/sideways';
import { area, nextWeekday, timesPerService, toMinutes } from './support/journeys';

// Issue 36, item 6: times per service use the visit's day strip (the days with a free time marked) and its times
// grouped by part of the day, for each area alone; the summary's total time says when the services leave a gap.
test.use({ viewport: { width: 390, height: 844 } });

const dayLabel = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
/** A day button's name begins with what it shows: 'Wed 2 Dec'. */
const dayButton = (date: string) => {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
};

const clock = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** The first service of a menu, as the catalogue has it (the menu's first 'Add to booking' adds it). */
async function firstOf(page: Page, menu: string, areaId: number) {
  await page.goto(menu);
  const button = page.getByRole('button', { name: /^Add to booking: / }).first();
  const name = (await button.getAttribute('aria-label'))?.replace(/^Add to booking: /, '') ?? '';
  await button.click();
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(1);
  const item = allServiceItems().find((i) => i.name === name && i.gen === 0 && i.areaId === areaId);
  expect(item, `${menu}: ${name}`).toBeTruthy();
  return item!;
}

/** Taps `date` in an area's strip and picks its first time from `after` minutes; returns the time in minutes. */
async function pickOnDay(page: Page, areaName: string, date: string, after: number): Promise<number> {
  const section = area(page, areaName);
  const strip = section.getByRole('group', { name: `Day for ${areaName}` });
  const day = strip.getByRole('button', { name: new RegExp(`^${dayButton(date)}: \\d+ times?$`) });
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByLabel(`Date for ${areaName}`)).toHaveValue(date);
  const times = section.getByRole('group', { name: `Time for ${areaName}` });
  await expect(times.getByText(`Start times on ${dayLabel(date)}`)).toBeVisible();
  const labels = (await times.locator('label').allTextContents()).map((l) => l.trim());
  const nth = labels.findIndex((l) => toMinutes(l) >= after);
  expect(nth, `${areaName} on ${date}: a time from ${clock(after)} in ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  await times.locator('label').nth(nth).click();
  await expect(times.getByRole('radio', { name: labels[nth], exact: true })).toBeChecked();
  return toMinutes(labels[nth]!);
}

test('times per service: each area has the day strip with its free days marked and grouped times, and the total time says there is a gap', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const wax = await firstOf(page, '/services/womens-wax/', 1);
  const facial = await firstOf(page, '/services/womens-skin-care/', 3);
  await page.goto('/booking/');
  await timesPerService(page);

  // Each area: a strip of 14 days, those with a free time for that area marked with their count; no bare date alone.
  for (const name of ['Hair Removal', 'Skincare']) {
    const strip = area(page, name).getByRole('group', { name: `Day for ${name}` });
    await expect(strip.getByRole('button')).toHaveCount(14);
    await expect(strip.getByRole('button', { name: /: \d+ times?$/ }).first()).toBeVisible();
    // The first day with a time is shown with its times grouped by part of the day.
    await expect(area(page, name).getByRole('group', { name: `Time for ${name}` }).getByRole('group', { name: /^(Morning|Afternoon|Evening)$/ }).first()).toBeVisible();
  }
  await expectNoAxeViolations(page, 'times per service, nothing chosen');

  // A date typed past the two weeks starts the strip there.
  const later = nextWeekday(3, 20);
  await area(page, 'Skincare').getByLabel('Date for Skincare').fill(later);
  await expect(area(page, 'Skincare').getByRole('group', { name: 'Day for Skincare' }).getByRole('button').first()).toHaveAttribute('aria-label', new RegExp(`^${dayButton(later)}: `));
  await area(page, 'Skincare').getByLabel('Date for Skincare').fill('');

  // One weekday inside the strip: the wax in the morning, the facial at least three hours later.
  const day = nextWeekday(3, 2);
  const waxStart = await pickOnDay(page, 'Hair Removal', day, 0);
  const facialStart = await pickOnDay(page, 'Skincare', day, waxStart + wax.duration + 180);

  const summary = page.getByRole('region', { name: 'Your visit' });
  const gap = facialStart - (waxStart + wax.duration);
  await expect(summary.getByTestId('summary-total-time')).toHaveText(
    `${formatDuration(wax.duration + facial.duration)}, with a gap of ${formatDuration(gap)} (${clock(waxStart)} to ${clock(facialStart + facial.duration)})`,
  );
  await expect(page).toHaveURL(/t1=\d\d%3A\d\d/);
  await expect(page).toHaveURL(/t3=\d\d%3A\d\d/);
  await expectNoAxeViolations(page, 'times per service, both chosen');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);

  // A reload keeps both choices (the address holds them), the summary too.
  await page.reload();
  await expect(area(page, 'Skincare').getByRole('group', { name: 'Time for Skincare' }).getByRole('radio', { name: clock(facialStart), exact: true })).toBeChecked();
  await expect(summary.getByTestId('summary-total-time')).toContainText(`with a gap of ${formatDuration(gap)}`);

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

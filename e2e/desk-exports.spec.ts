import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { newYorkDate } from '../lib/marketing/banner-window';
import { csvObjects } from '../lib/test-support/parse-csv';
import { signInAsOwner, signInAsStaff } from './support/desk';
import { signUp, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';

runOnOwnServer('desk-exports', 87);

/**
 * Issue 35, item 2, through the production server: the owner's exports arrive as downloads with their names, UTF-8
 * with a byte-order mark, parse as RFC 4180, and each is in the activity log with who took it; no one else gets one.
 */

const today = newYorkDate(Date.now());
const month = today.slice(0, 7);
const lastOfMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const thisMonth = `from=${month}-01&to=${lastOfMonth}`;

/** Follows a link to `href` as a person would, and answers the file the browser saved and the name it chose. */
async function download(page: Page, href: string): Promise<{ name: string; text: string }> {
  const saved = page.waitForEvent('download');
  await page.evaluate((address) => {
    const link = document.createElement('a');
    link.href = address;
    link.textContent = 'Export';
    document.body.append(link);
    link.click();
  }, href);
  const file = await saved;
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), text: bytes.toString('utf8') };
}

test("the owner downloads the month's exports, each named and logged with who took it", async ({ page, browser, baseURL }) => {
  const customer = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/New_York' });
  const customerEmail = `zoe-${unique()}@example.com`;
  await signUp(await customer.newPage(), 'Zoë Quinn', customerEmail);
  await customer.close();

  await signInAsOwner(page, 'Olive Owner');
  const appointments = await download(page, `/api/desk/exports/appointments.csv?${thisMonth}&location=soho`);
  expect(appointments.name).toBe(`appointments-soho-${month}.csv`);
  expect(appointments.text.slice(1).split('\r\n')[0]).toBe(
    'Appointment ID,Salon,Date,Start,End,Minutes,Customer,E-mail,Phone,Therapist,Services,Package sessions,Price (USD),Status,Attendance,Channel,Booked by,Booked at,Cancelled at,Note',
  );

  const customers = await download(page, `/api/desk/exports/customers.csv?${thisMonth}`);
  expect(customers.name).toBe(`customers-${month}.csv`);
  expect(csvObjects(customers.text).find((row) => row['E-mail'] === customerEmail)).toMatchObject({ Name: 'Zoë Quinn', 'Consent to offers': 'No' });

  const activity = await download(page, `/api/desk/exports/activity.csv?from=${today}&to=${today}`);
  expect(activity.name).toBe(`activity-${today}.csv`);
  const exportsTaken = csvObjects(activity.text).filter((row) => row['Kind'] === 'Exports');
  expect(exportsTaken.map((row) => [row['Who'], row['Action'], row['Subject']])).toEqual([
    ['Olive Owner', 'exported', `appointments-soho-${month}.csv`],
    ['Olive Owner', 'exported', `customers-${month}.csv`],
    ['Olive Owner', 'exported', `activity-${today}.csv`],
  ]);

  // The address is answered as it is: no trailing-slash redirect for a name ending in .csv.
  const direct = await page.request.get(`/api/desk/exports/packages.csv?${thisMonth}`, { maxRedirects: 0 });
  expect(direct.status()).toBe(200);
  expect(direct.headers()['content-disposition']).toBe(`attachment; filename="packages-${month}.csv"`);
});

test('a visitor is asked to sign in (401) and the front desk refused (403)', async ({ page, request }) => {
  expect((await request.get('/api/desk/exports/customers.csv')).status()).toBe(401);
  await signInAsStaff(page);
  const refused = await page.request.get('/api/desk/exports/customers.csv');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe("This needs the owner's account.");
});

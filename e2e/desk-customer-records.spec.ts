import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { mailTextTo, signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

// Its own server: the journeys sign up staff and customers, and the shared servers' sign-up allowance (30 an hour
// from one address) belongs to the other journeys.
runOnOwnServer('desk-customer-records', 84);

/**
 * Customer records and waitlist actions at the desk (issue 34, items 7 and 8), on a 1024 x 768 touch tablet and a
 * 390 px phone: staff correct a customer's name, phone and e-mail (both addresses are mailed), find a caller by the
 * number as a caller ID shows it and by a misspelt name, and from a day's waitlist open and call the customer, remove
 * an entry (after a confirmation) and book an entry's services into a free time. Visitors and customers get nothing.
 */

const DEVICES = {
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
// A women's wax of Hair Removal (area 1) that SoHo books; its waitlist entry names it.
const WAX = allServiceItems().find((item) => item.areaId === 1 && item.gen === 0 && item.svcType === 1 && item.duration <= 30)!;

async function checkPage(page: Page, step: string) {
  await expectNoAxeViolations(page, step);
  await expectNoSidewaysScroll(page, step);
}

/** Letters only, so a name with them still reads as a name to the typo search. */
const letters = () =>
  Array.from({ length: 6 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
const tenDigits = () => `646${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const callerId = (d: string) => `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
const shown = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

async function customer(baseURL: string, name: string): Promise<{ api: APIRequestContext; id: string; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `${name.split(' ')[0]!.toLowerCase()}-${unique()}@example.com`;
  return { api, email, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id };
}

for (const [device, options] of Object.entries(DEVICES)) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('staff correct a customer (mailed to both addresses) and find callers by any number form and a misspelt name', async ({ page, baseURL, browser }) => {
      test.setTimeout(120_000);
      const errors = watchConsole(page);
      await signInAsStaff(page, 'Dana Desk', '/desk/customers/');
      const tag = letters();
      const oldEmail = `nell-${unique()}@example.com`;
      const newEmail = `nell.new-${unique()}@example.com`;
      const digits = tenDigits();
      const created = await page.request.post('/api/desk/customers/', { data: { name: `Nell Abot ${tag}`, email: oldEmail, phone: '' }, headers: { origin: baseURL! } });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const other = await page.request.post('/api/desk/customers/', { data: { name: `Other ${tag}`, email: `other-${unique()}@example.com`, phone: '' }, headers: { origin: baseURL! } });
      const taken = ((await other.json()) as { email: string }).email;

      await page.goto(`/desk/customers/${id}/`);
      await page.getByText('Correct name, e-mail or phone').click();
      const form = page.getByRole('form', { name: 'Contact details' });
      await form.getByLabel('E-mail').fill(taken);
      await form.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByRole('form', { name: 'Contact details' }).getByText('Another account uses this e-mail address. Open that customer instead, or use another address.').first()).toBeVisible();
      await checkPage(page, 'customer page, address refused');

      await form.getByLabel('Name').fill(`Nell Abbott ${tag}`);
      await form.getByLabel('E-mail').fill(newEmail);
      await form.getByLabel('Phone').fill(callerId(digits));
      await form.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Details saved.' })).toHaveText('Details saved. We mailed the old and the new address about the change.');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nell Abbott ${tag}`);
      await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: shown(digits) })).toHaveAttribute('href', `tel:${digits}`);
      expect(await mailTextTo(oldEmail, /e-mail address was changed/)).toContain(`from ${oldEmail} to ${newEmail}`);
      expect(await mailTextTo(newEmail, /e-mail address was changed/)).toContain(`Our front desk set ${newEmail} as the e-mail address`);
      await checkPage(page, 'customer page, saved');

      if (device === 'tablet') {
        // The same form without scripts: it posts, and the page says what changed.
        const context = await browser.newContext({ ...options, baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
        const plain = await context.newPage();
        await plain.goto(`/desk/customers/${id}/`);
        await plain.getByText('Correct name, e-mail or phone').click();
        await plain.getByRole('form', { name: 'Contact details' }).getByLabel('Name').fill(`Nell B Abbott ${tag}`);
        await plain.getByRole('button', { name: 'Save details' }).click();
        await expect(plain.getByRole('status').filter({ hasText: 'Details saved.' })).toHaveText('Details saved.');
        await expect(plain.getByRole('heading', { level: 1 })).toHaveText(`Nell B Abbott ${tag}`);
        await context.close();
        await page.reload();
      }
      const saved = (await page.getByRole('heading', { level: 1 }).textContent())!;

      await page.goto('/desk/customers/');
      const box = page.getByLabel('Name, e-mail or phone');
      const found = page.getByRole('list', { name: 'Customers found' });
      for (const typed of [callerId(digits), shown(digits), digits, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`]) {
        await box.fill(typed);
        await expect(found.getByRole('link')).toHaveText([saved]);
      }
      // 'Abott' is no part of 'Abbott': the trigram similarity finds it.
      await box.fill(`Abott ${tag}`);
      await expect(found.getByRole('link').first()).toHaveText(saved);
      await checkPage(page, 'search, a typo');
      // Without scripts the form's address gives the same answer.
      await page.goto(`/desk/customers/?q=${encodeURIComponent(callerId(digits))}`);
      await expect(found.getByRole('link')).toHaveText([saved]);
      expect(errors).toEqual([]);
    });

    test("from the day's waitlist the desk opens and calls a customer, removes an entry and books one into a free time", async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      const errors = watchConsole(page);
      const date = nextWeekday(1, 30 + Math.floor(Math.random() * 100));
      const ada = await customer(baseURL!, `Ada Wait ${letters()}`);
      const ben = await customer(baseURL!, `Ben Wait ${letters()}`);
      for (const who of [ada, ben]) {
        const joined = await who.api.post('/api/waitlist/', { data: { location: '1', date, kind: 'area', areas: [{ areaId: 1, therapistId: 0, minutes: 15 * Math.ceil(WAX.duration / 15), services: [WAX.id] }] } });
        expect(joined.status(), await joined.text()).toBe(201);
      }
      // A customer cannot act on the desk's waitlist, even on their own entry.
      const [entry] = ((await (await ada.api.get('/api/waitlist/')).json()) as { entries: { id: string }[] }).entries;
      expect((await ada.api.delete(`/api/desk/waitlist/${entry!.id}/`)).status()).toBe(403);
      expect((await ada.api.post(`/api/desk/waitlist/${entry!.id}/book/`, { data: { start: `${date}T17:00:00.000Z` } })).status()).toBe(403);
      expect((await ada.api.post(`/api/desk/customers/${ada.id}/`, { data: { name: 'Ada', email: 'mine@example.com', phone: '' } })).status()).toBe(403);

      await signInAsStaff(page, 'Dana Desk');
      const digits = tenDigits();
      const adaName = (await (await page.request.get(`/api/desk/customers/?q=${encodeURIComponent(ada.email)}`)).json()).customers[0].name as string;
      const benName = (await (await page.request.get(`/api/desk/customers/?q=${encodeURIComponent(ben.email)}`)).json()).customers[0].name as string;
      expect((await page.request.post(`/api/desk/customers/${ada.id}/`, { data: { name: adaName, email: ada.email, phone: digits }, headers: { origin: baseURL! } })).status()).toBe(200);

      await page.goto(`/desk/waitlist/?location=1&date=${date}`);
      const list = page.getByRole('main').getByRole('list');
      await expect(list.getByRole('link', { name: adaName, exact: true })).toHaveAttribute('href', `/desk/customers/${ada.id}/`);
      await expect(list.getByRole('link', { name: `Call ${adaName} at ${shown(digits)}` })).toHaveAttribute('href', `tel:${digits}`);
      await expect(list.getByRole('link', { name: ada.email })).toHaveAttribute('href', `mailto:${ada.email}`);
      await checkPage(page, 'waitlist');

      // Remove Ben, after a confirmation.
      await list.getByRole('link', { name: `Remove ${benName} from the waitlist` }).click();
      await expect(page.getByRole('main').getByRole('alert')).toContainText(`Remove ${benName} from this day's waitlist?`);
      await checkPage(page, 'waitlist, confirming a removal');
      await page.getByRole('button', { name: 'Yes, remove' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'off the waitlist' })).toHaveText(`${benName} is off the waitlist.`);
      await expect(list.getByRole('link', { name: benName, exact: true })).toHaveCount(0);

      // Book Ada's wax into the first free time of her day.
      await list.getByRole('link', { name: `Book a time for ${adaName}` }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Book a time for ${adaName}`);
      const times = page.getByRole('group', { name: 'Free times' }).getByRole('radio');
      await expect(times.first()).toBeChecked();
      const label = (await page.getByRole('group', { name: 'Free times' }).locator('label').first().locator('span.font-semibold').textContent())!;
      const start = label.split(' to ')[0]!;
      expect(start).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
      await checkPage(page, 'waitlist entry, free times');
      await page.getByRole('button', { name: 'Book this time' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText(`Booked ${adaName} at ${start} on `);
      await expect(page.getByText('Nobody is waiting for this day.')).toBeVisible();
      expect(await mailTextTo(ada.email, /booking is confirmed/)).toContain(`at ${start}`);
      await checkPage(page, 'waitlist, booked');
      expect(errors).toEqual([]);
    });
  });
}

test('visitors get 401 and malformed input a 4xx with a sentence from the new desk routes', async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const id = '0b7f3c2e-5d1a-4c8e-9f6b-2a4d8e1c7b90';
  expect((await visitor.post(`/api/desk/customers/${id}/`, { data: { name: 'X', email: 'x@example.com', phone: '' } })).status()).toBe(401);
  expect((await visitor.delete(`/api/desk/waitlist/${id}/`)).status()).toBe(401);
  expect((await visitor.post(`/api/desk/waitlist/${id}/book/`, { data: { start: 'noon' } })).status()).toBe(401);
  // A staff member's malformed requests: a sentence, never a 500.
  const staff = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await signUpByApi(staff, { name: 'Sam Desk', email: `desk-${unique()}@staff.example.com`, password: PASSWORD });
  const notId = await staff.post('/api/desk/customers/not-a-guid/', { data: { name: 'X', email: 'x@example.com', phone: '' } });
  expect(notId.status()).toBe(400);
  const badPhone = await staff.post(`/api/desk/customers/${id}/`, { data: { name: 'X', email: '', phone: 'call me' } });
  expect(badPhone.status()).toBe(422);
  expect(((await badPhone.json()) as { error: { fields: Record<string, string> } }).error.fields.phone).toBe('Enter a phone number of 7 to 15 digits, like (212) 555-0142.');
  const badStart = await staff.post(`/api/desk/waitlist/${id}/book/`, { data: { start: 'noon' } });
  expect(badStart.status()).toBe(422);
  expect((await staff.post(`/api/desk/waitlist/${id}/book/`, { data: Buffer.from('{'), headers: { 'content-type': 'application/json' } })).status()).toBe(400);
  expect((await staff.delete(`/api/desk/waitlist/${id}/`)).status()).toBe(404);
  await staff.dispose();
  await visitor.dispose();
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { mailTextTo, signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

// Its own server: the journeys sign up staff and customers, and the shared servers' sign-up allowance (30 an hour
// from one address) belongs to the other journeys.
runOnOwnServer('desk-sick-day', 80);

/**
 * A sick day (issue 34, item 5) on a 1024 x 768 touch tablet and a 390 px phone: Maria Lopez has two visits, the desk
 * adds time off over them, follows the time-off page's link to the day's 'to resolve' list, reassigns one to Anna
 * Kowalski (free at that time, and qualified), mails the other customer a link to choose another time (the mail
 * arrives), then reassigns the rest at once: the list is empty and the grid shows no visit in conflict.
 */

const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

interface Customer {
  api: APIRequestContext;
  id: string;
  name: string;
  email: string;
}

async function customer(baseURL: string, first: string): Promise<Customer> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const name = `${first} ${unique().slice(-6)}`;
  const email = `${first.toLowerCase()}-${unique()}@example.com`;
  return { api, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id, name, email };
}

/** A women's wax at SoHo with Maria Lopez (1) at 'YYYY-MM-DD HH:mm' New York time. */
async function bookWithMaria(person: Customer, date: string, time: string): Promise<string> {
  const ui = await (await person.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = ui['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 1, svcDate: `${date} ${time}`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
  };
  const response = await person.api.post(`/api/appointments/${person.id}/`, { data: card });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).appointments[0].id as string;
}

/** 'Tuesday, December 8', as the desk writes a day. */
const formatDay = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

// Tuesday to Friday (Maria Lopez and Anna Kowalski both do hair removal at SoHo then), weeks ahead, an hour of the
// day and a week apart for each device, different from run to run so that reruns on one database find the times free.
const seed = Math.floor(Math.random() * 1000);
function sickDay(device: number): { date: string; hour: number } {
  const n = seed + device * 7;
  return { date: nextWeekday(2 + (n % 4), 8 + 7 * ((seed + device * 11) % 22)), hour: 11 + 2 * (n % 3) };
}

const visible = (page: Page, selector: string) => page.locator(selector).filter({ visible: true });

for (const [device, label, use] of [
  [0, 'a 1024 x 768 touch tablet', TABLET],
  [1, 'a 390 px phone', PHONE],
] as const) {
  test.describe(`on ${label}`, () => {
    test.use(use);

    test('time off over two visits: the day lists them, one reassigned, one customer mailed, the list empties', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const { date, hour } = sickDay(device);
      const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
      const [ann, ben] = await Promise.all([customer(baseURL!, 'Ann'), customer(baseURL!, 'Ben')]);
      const annVisit = await bookWithMaria(ann, date, at(hour));
      const benVisit = await bookWithMaria(ben, date, at(hour + 1));
      const errors = watchConsole(page);

      await signInAsStaff(page, 'Sam Sickday', '/desk/time-off/');
      const once = page.getByRole('form', { name: 'One-off time off' });
      await once.getByLabel('Therapist').selectOption({ label: 'Maria Lopez' });
      await once.getByLabel('From').fill(`${date}T${at(hour - 1)}`);
      await once.getByLabel('Until').fill(`${date}T${at(hour + 3)}`);
      await once.getByLabel('Reason (optional)').fill('Sick');
      await once.getByRole('button', { name: 'Block this time' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Time off saved.');
      const days = page.getByRole('navigation', { name: 'Resolve them on the day view' });
      await expect(days.getByRole('link')).toHaveText([`SoHo, ${formatDay(date)}: 2 to resolve`]);
      await expectNoAxeViolations(page, `time off saved, on ${label}`);
      await expectNoSidewaysScroll(page);

      await days.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/desk/day/soho/${date}/#to-resolve$`));
      await expect(page.getByRole('region', { name: 'To resolve (2)' })).toBeVisible();
      const list = page.getByRole('region', { name: /^To resolve/ });
      const annItem = list.locator(`[data-to-resolve="${annVisit}"]`);
      const benItem = list.locator(`[data-to-resolve="${benVisit}"]`);
      await expect(annItem).toContainText(`${ann.name}`);
      await expect(annItem).toContainText('with Maria Lopez · Inside time off');
      await expect(annItem.getByRole('link', { name: ann.email })).toHaveAttribute('href', `mailto:${ann.email}`);
      // Who is free then and does a women's wax: Anna Kowalski, from the slot engine.
      await expect(annItem.getByLabel(/^Free at /)).toHaveText('Anna Kowalski');
      // The grid marks both visits so that they do not look normal.
      await expect(visible(page, `[data-appointment="${annVisit}"] [data-conflict="time_off"]`)).toHaveText('Inside time off');
      await expect(visible(page, `[data-appointment="${benVisit}"] [data-conflict="time_off"]`)).toBeVisible();
      await expectNoAxeViolations(page, `day view, two visits to resolve, on ${label}`);
      await expectNoSidewaysScroll(page);

      // Reassign Ann's visit to Anna Kowalski, same time.
      await annItem.getByRole('button', { name: `Reassign ${ann.name}'s visit` }).tap();
      await expect(page.getByRole('region', { name: 'To resolve (1)' })).toBeVisible();
      await expect(annItem).toHaveCount(0);
      await expect(visible(page, `[data-appointment="${annVisit}"]`)).not.toContainText('Inside time off');

      // Mail Ben a link to choose another time: the item says when, the mail arrives with his own change page.
      await benItem.getByRole('button', { name: `Mail ${ben.name} to choose another time` }).tap();
      await expect(benItem.getByRole('status')).toHaveText(`Mailed ${ben.email}.`);
      await expect(benItem).toContainText(/Mailed at \d{1,2}:\d{2} (AM|PM)/);
      const mail = await mailTextTo(ben.email, /^Please choose another time/);
      expect(mail).toContain('Maria Lopez cannot see you at the time you booked');
      expect(mail).toContain(`/account/#appointment-${benVisit}`);
      await expectNoAxeViolations(page, `day view, one visit reassigned and one customer mailed, on ${label}`);

      // He would rather keep the time: reassign all takes the rest to the first free qualified therapist.
      await page.getByRole('button', { name: 'Reassign all' }).tap();
      await expect(page.getByRole('status').filter({ hasText: 'Nothing is left to resolve.' })).toHaveText('1 visit reassigned. Nothing is left to resolve.');
      await expect(page.getByRole('region', { name: /^To resolve/ })).toHaveCount(0);
      await expect(visible(page, '[data-conflict]')).toHaveCount(0);
      await expectNoAxeViolations(page, `day view, nothing left to resolve, on ${label}`);
      await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}

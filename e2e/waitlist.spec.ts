import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { allServiceItems } from '../lib/catalog/catalog';
import { formatDuration } from '../lib/catalog/format';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { nextWeekday, PASSWORD, signUp, timesPerService, unique } from './support/journeys';
import { mailTextTo, signUpByApi } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoAxeViolations } from './support/axe';

runOnOwnServer('waitlist', 64);

/**
 * The waitlist end to end: a customer finds no time on a Saturday with Grace Kim (the only Skincare therapist at
 * SoHo on Saturdays, whose day another customer has filled through the API), joins the waitlist, is mailed when that
 * customer cancels, books the freed time from the mail's link, and leaves the entry on the account page; the desk
 * sees the day's waitlist in order.
 */

/** No sideways scroll at 390 and 320 px, then back to the desktop size. */
async function fitsPhones(page: Page) {
  const size = page.viewportSize()!;
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(size);
}

/** Every failed request and every answer of 400 or more (a browser-aborted prefetch is not a failure). */
function watchRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

async function customer(baseURL: string, name: string): Promise<{ api: APIRequestContext; id: string; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  return { api, email, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id };
}

const FACIAL_MENU = '/services/womens-skin-care/';
const GRACE = 4;
const SKINCARE = 3;

test('a waitlisted customer is mailed when a cancellation frees a fitting time, books it from the link and leaves the entry', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const site = baseURL!;
  // A Saturday far enough ahead that no other journey books Grace Kim on it.
  const date = nextWeekday(6, 60 + Math.floor(Math.random() * 100));
  const errors = watchConsole(page);
  const failed = watchRequests(page);

  // Alma signs up and puts the menu's first facial in her booking cart.
  const almaEmail = `alma-${unique()}@example.com`;
  await signUp(page, 'Alma Waits', almaEmail, FACIAL_MENU);
  const add = page.getByRole('button', { name: /^Add to booking: / }).first();
  const facialName = (await add.getAttribute('aria-label'))!.replace(/^Add to booking: /, '');
  await add.click();
  await expect(page.getByRole('button', { name: /^Added to booking/ })).toHaveCount(1);
  const facial = allServiceItems().find((i) => i.name === facialName && i.gen === 0 && i.areaId === SKINCARE)!;
  expect(facial).toBeTruthy();

  // Bruno fills Grace Kim's Saturday with facials, one booking after another.
  const bruno = await customer(site, 'Bruno');
  const card = (svcDate: string) => ({
    header: { location: '1', gender: '0' },
    svcAreas: [
      {
        areaId: SKINCARE,
        svcTherapist: GRACE,
        svcDate,
        svcNote: '',
        svcTypes: [{ svcTypeId: facial.svcType, svcArray: [{ id: facial.id, serviceTypeId: facial.svcType, gen: facial.gen, areaId: SKINCARE }] }],
      },
    ],
  });
  const slotsPath = `/api/slots/1/${SKINCARE}/${GRACE}/${date}/${facial.duration}/`;
  const booked: { cid: string; time: string }[] = [];
  for (;;) {
    const { slots } = (await (await bruno.api.get(slotsPath)).json()) as { slots: { start: string; time: string }[] };
    if (slots.length === 0) break;
    const answer = await bruno.api.post(`/api/appointments/${bruno.id}/`, { data: card(slots[0]!.start) });
    expect(answer.status(), await answer.text()).toBe(201);
    booked.push({ cid: ((await answer.json()) as { header: { aptId: string } }).header.aptId, time: slots[0]!.time });
    expect(booked.length).toBeLessThan(40);
  }
  expect(booked.length).toBeGreaterThan(1);

  // Alma finds no time with Grace Kim that day and asks to be told.
  await page.goto('/booking/');
  await timesPerService(page);
  const skincare = page.getByRole('main').getByRole('region', { name: 'Skincare' });
  await skincare.getByLabel('Therapist for Skincare').selectOption({ label: 'Grace Kim' });
  await skincare.getByLabel('Date for Skincare').fill(date);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  await expect(skincare.getByText(`There are no free times on ${day}.`)).toBeVisible();
  await skincare.getByRole('button', { name: 'Tell me if a time frees up' }).click();
  await expect(skincare.getByRole('status').filter({ hasText: `You are on the waitlist for ${day}.` })).toBeVisible();
  await expectNoAxeViolations(page, 'booking page, waitlist joined');
  await fitsPhones(page);

  // Carla waits for the same day after her, with any therapist.
  const carla = await customer(site, 'Carla');
  const joined = await carla.api.post('/api/waitlist/', {
    data: { location: '1', date, kind: 'area', areas: [{ areaId: SKINCARE, therapistId: 0, minutes: facial.duration }] },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // Bruno cancels one facial: both are mailed that time, which is not held for them.
  const freed = booked[Math.min(2, booked.length - 1)]!;
  const cancelled = await bruno.api.put(`/api/appointments/${bruno.id}/${freed.cid}/`, { data: { header: { status: '2' }, svcAreas: [] } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const [h, m] = freed.time.split(':').map(Number) as [number, number];
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  const mail = await mailTextTo(almaEmail, /^A time has freed up/);
  expect(mail).toContain(`at ${clock}`);
  expect(mail).toContain('Skincare');
  expect(mail).toContain('with Grace Kim');
  expect(mail).toContain('not held for you');
  expect(await mailTextTo(carla.email, /^A time has freed up/)).toContain(`at ${clock}`);
  const link = new URL(/Book this time: (\S+)/.exec(mail)![1]!);
  expect(link.searchParams.get(`t${SKINCARE}`)).toBe(freed.time);

  // The staff member sees the day's waitlist: Alma, then Carla.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  const deskErrors = watchConsole(desk);
  const deskFailed = watchRequests(desk);
  await signInAsStaff(desk, 'Dana Desk', '/desk/waitlist/');
  await expect(desk.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Waitlist' })).toBeVisible();
  await desk.getByLabel('Location', { exact: true }).selectOption({ label: 'SoHo' });
  await desk.getByLabel('Day', { exact: true }).fill(date);
  await desk.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(desk).toHaveURL(new RegExp(`/desk/waitlist/\\?location=1&date=${date}$`));
  const list = desk.getByRole('region', { name: `SoHo, ${day}` }).getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText('1. Alma Waits');
  await expect(list.nth(0)).toContainText(almaEmail);
  await expect(list.nth(0)).toContainText('Skincare');
  await expect(list.nth(0)).toContainText('last told of a freed time');
  await expect(list.nth(1)).toContainText('2. Carla');
  await expect(list.nth(1)).toContainText(carla.email);
  await expectNoAxeViolations(desk, 'desk waitlist');
  await fitsPhones(desk);
  // A day that does not parse says so instead of failing.
  await desk.goto('/desk/waitlist/?location=1&date=2027-02-30');
  await expect(desk.getByRole('main').getByRole('alert')).toContainText('Choose a day (YYYY-MM-DD).');
  expect(deskErrors).toEqual([]);
  expect(deskFailed).toEqual([]);
  await deskContext.close();

  // On another phone (signed out, nothing in its booking cart) the link names the facial and adds it, its time chosen.
  expect(link.searchParams.get('svc')).toBe(facial.id);
  expect(link.searchParams.get('loc')).toBe('1');
  const otherPhone = await browser.newContext({ baseURL: site, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await otherPhone.newPage();
  const phoneErrors = watchConsole(phone);
  await phone.goto(link.pathname + link.search);
  const linked = phone.getByRole('region', { name: 'The time from your e-mail' });
  await expect(linked).toContainText(`It is for ${facial.name} at SoHo, which is not in this booking cart yet.`);
  const addLinked = linked.getByRole('button', { name: 'Add it to my booking cart' });
  await expect(addLinked).not.toHaveAttribute('aria-disabled', 'true');
  await addLinked.click();
  await expect(linked).toHaveCount(0);
  const phoneSkincare = phone.getByRole('main').getByRole('region', { name: 'Skincare' });
  await expect(phoneSkincare.getByLabel('Therapist for Skincare')).toHaveValue(String(GRACE));
  await expect(phoneSkincare.getByRole('group', { name: 'Time for Skincare' }).getByRole('radio', { name: clock, exact: true })).toBeChecked();
  await expectNoAxeViolations(phone, 'booking page from the waitlist link on another phone');
  expect(phoneErrors).toEqual([]);
  await otherPhone.close();

  // Alma opens the link: the booking page on that time, and books it.
  await page.goto(link.pathname + link.search);
  const times = skincare.getByRole('group', { name: 'Time for Skincare' });
  await expect(times.getByRole('radio', { name: clock, exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'BOOK', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\/$/);

  // Her account page lists the entry; she leaves it.
  await page.goto('/account/');
  const waitlist = page.getByRole('region', { name: 'Your waitlist' });
  await expect(waitlist.getByText(`${day} at SoHo`)).toBeVisible();
  await expect(waitlist).toContainText(`Skincare (${formatDuration(facial.duration)}) with Grace Kim`);
  await expect(waitlist).toContainText('We last told you of a freed time on');
  await expectNoAxeViolations(page, 'account page with a waitlist entry');
  await fitsPhones(page);
  await waitlist.getByRole('button', { name: `Leave the waitlist for ${day} at SoHo` }).click();
  await expect(waitlist.getByText('You are not waiting for any day.')).toBeVisible();
  const mine = (await (await page.request.get('/api/waitlist/')).json()) as { entries: unknown[] };
  expect(mine.entries).toEqual([]);

  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
  await bruno.api.dispose();
  await carla.api.dispose();
});

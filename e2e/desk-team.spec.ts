import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { STAFF_DOMAIN } from '../playwright.config';
import { allServiceItems } from '../lib/catalog/catalog';
import { watchConsole } from './support/console';
import { signInAsStaff, signUpToDesk } from './support/desk';
import { nextWeekday, unique } from './support/journeys';
import { mailedLink } from './support/mail';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

/**
 * The owner's team (issue 33, items 1 and 4), in Chromium on the production build: the owner adds a therapist at
 * Williamsburg, rosters them, and the desk's day view, slots and booking there follow at once; the owner invites a
 * front-desk person whose mailed link makes the account; the team page works on a 390 px phone; a front-desk account
 * gets the 404 for the owner's pages and 403 for every owner call. Zero axe violations on every new page at both
 * sizes. A server of its own (offset 50) with OWNER_EMAILS, so that an account signed up at that domain is an owner.
 */

const OWNER_DOMAIN = '@owner.example.com';
const port = portFromE2e(50);
let server: NextServer | undefined;
test.use({ baseURL: `http://127.0.0.1:${port}` });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startNextServer(port, { DATA_DIR: await seededDataDir('desk-team'), STAFF_EMAILS: STAFF_DOMAIN, OWNER_EMAILS: OWNER_DOMAIN, DATABASE_URL: undefined });
});
test.afterAll(async () => {
  await server?.kill();
});

// A short women's wax: Hair Removal (area 1), which the new therapist will do at Williamsburg.
const WAX = allServiceItems().find((item) => item.areaId === 1 && item.gen === 0 && item.svcType === 1 && item.duration <= 30)!;
const HAIR_REMOVAL = allServiceItems().filter((item) => item.areaId === 1).length;

async function signInAsOwner(page: Page, name: string, landing = '/desk/team/'): Promise<string> {
  const email = `owner-${unique()}${OWNER_DOMAIN}`;
  await signUpToDesk(page, name, email, landing);
  return email;
}

const ORIGIN = () => `http://127.0.0.1:${port}`;

/** Every owner call, as a client of the API would make it (same-origin, JSON): status and body. */
async function ownerCalls(request: APIRequestContext) {
  const json = { origin: ORIGIN(), 'content-type': 'application/json' };
  const answers = [
    await request.get('/api/desk/team/'),
    await request.post('/api/desk/team/', { headers: json, data: { email: 'someone@example.com', role: 'staff' } }),
    await request.patch('/api/desk/team/', { headers: json, data: { userId: '00000000-0000-4000-8000-000000000000', role: 'owner' } }),
    await request.get('/api/desk/therapists/'),
    await request.post('/api/desk/therapists/', { headers: json, data: { name: 'Not Allowed', work: [{ location: 'soho', areaIds: [1] }] } }),
    await request.patch('/api/desk/therapists/1/', { headers: json, data: { name: 'Renamed' } }),
    await request.delete('/api/desk/therapists/1/', { headers: { origin: ORIGIN() } }),
  ];
  return Promise.all(answers.map(async (answer) => ({ status: answer.status(), body: (await answer.json()) as Record<string, unknown> })));
}

test('the owner adds a therapist at Williamsburg, who is then rostered, in the day view, the desk\'s slots and a desk booking', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors = watchConsole(page);
  // A weekday well ahead that nobody else of this run books; Williamsburg opens 10:00 to 20:00 on weekdays.
  const date = nextWeekday(2, 30 + Math.floor(Math.random() * 60));

  const ownerName = `Olive Owner ${unique().slice(-5)}`;
  await signInAsOwner(page, ownerName);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const me = page.getByRole('region', { name: 'Staff and roles' }).getByRole('listitem').filter({ hasText: `${ownerName} (you)` });
  await expect(me).toContainText('Owner by the server’s OWNER_EMAILS setting');
  await expectNoAxeViolations(page, 'team page, 1440 px');

  // Before: nobody works at Williamsburg, so its day is empty and the desk gets no times there.
  await page.goto(`/desk/day/williamsburg/${date}/`);
  await expect(page.getByText('Nobody is rostered at Williamsburg on this day.')).toBeVisible();
  const before = await page.request.get(`/api/slots/williamsburg/1/0/${date}/30/`);
  expect(before.status()).toBe(404);
  expect((await before.json()).error.message).toBe('Nobody does Hair Removal at Williamsburg.');

  await page.goto('/desk/team/');
  await page.getByRole('link', { name: 'Add a therapist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a therapist' })).toBeVisible();
  const name = `Willa Burg ${unique().slice(-5)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  // A mistake first: no services. The answer says so and keeps what was typed.
  await page.getByRole('button', { name: 'Add therapist' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(page.getByText('Choose at least one service they do, at one location or more.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expectNoAxeViolations(page, 'new therapist, refused');

  await page.getByLabel('Short bio (optional)').fill('Waxing and sugaring, ten years in Brooklyn.');
  const williamsburg = page.locator('details[data-location]').filter({ has: page.locator('summary', { hasText: /^Williamsburg:/ }) });
  const summary = williamsburg.locator(':scope > summary');
  await summary.click();
  await williamsburg.getByLabel('All of Hair Removal at Williamsburg').check();
  // The shortcut ticks every service under it, and the summary counts them.
  await expect(summary).toHaveText(`Williamsburg: ${HAIR_REMOVAL} services`);
  await expect(williamsburg.getByLabel("All Women's Waxing at Williamsburg")).toBeChecked();
  await expectNoAxeViolations(page, 'new therapist, Williamsburg open');
  await page.getByRole('button', { name: 'Add therapist' }).click();

  await expect(page).toHaveURL(/\/desk\/team\/\?form=[\w-]{16}#therapists-heading$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`${name} is saved.`);
  const row = page.getByRole('region', { name: 'Therapists' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(`Williamsburg: ${HAIR_REMOVAL} services`);
  const id = Number(/\/desk\/team\/therapists\/(\d+)\/$/.exec((await row.getByRole('link', { name: `Edit ${name}` }).getAttribute('href'))!)![1]);
  expect(id).toBeGreaterThan(26);

  // The rosters list the new therapist at Williamsburg at once; the shift keeps its author.
  await page.goto('/desk/rosters/?location=3');
  const shift = page.getByRole('form', { name: 'Add a shift or change its hours at Williamsburg' });
  await shift.getByLabel('Therapist').selectOption({ label: name });
  await shift.getByLabel('Area').selectOption({ label: 'Hair Removal' });
  await shift.getByLabel('Weekday').selectOption({ label: 'Tuesday' });
  await shift.getByLabel('From').fill('10:00');
  await shift.getByLabel('Until').fill('20:00');
  await shift.getByRole('button', { name: 'Save shift' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Shift saved.');
  const rostered = page.getByRole('region', { name: `${name} on Tuesdays` }).getByRole('listitem');
  await expect(rostered).toContainText('Tuesday, Hair Removal: 10:00 AM to 8:00 PM');
  await expect(rostered).toContainText(`Changed by ${ownerName} on`);

  // The day view has the therapist's column, and the desk's slots have their times; online stays closed there.
  await page.goto(`/desk/day/williamsburg/${date}/`);
  const schedule = page.getByRole('region', { name: 'Schedule at Williamsburg' });
  await expect(schedule.locator(`[data-therapist="${id}"]`)).toHaveText(name);
  const deskSlots = await page.request.get(`/api/slots/williamsburg/1/0/${date}/30/`);
  expect(deskSlots.status()).toBe(200);
  const slots = (await deskSlots.json()).slots as { time: string; therapistIds: number[] }[];
  expect(slots[0]).toMatchObject({ time: '10:00', therapistIds: [id] });
  // Every quarter hour from 10:00 to 19:30 for a 30-minute visit.
  expect(slots.length).toBe(39);
  const visitor = await browser.newContext();
  const online = await visitor.request.get(`http://127.0.0.1:${port}/api/slots/williamsburg/1/0/${date}/30/`);
  expect(online.status()).toBe(404);
  expect((await online.json()).error.message).toBe('Hair Removal cannot be booked online at Williamsburg.');
  await visitor.close();

  // The desk books a caller into the therapist's first free time beside the day's grid.
  const offered = await (await page.request.get('/api/desk/services/williamsburg/')).json();
  const area = offered.areas.find((a: { id: number }) => a.id === 1);
  const wax = area.services.find((s: { id: string }) => s.id === WAX.id);
  await schedule.getByRole('link', { name: `Book 12:00 PM with ${name}` }).click();
  const panel = page.getByRole('complementary', { name: 'New booking' });
  await expect(panel).toContainText(`From 12:00 PM with ${name}.`);
  const caller = `Cal Caller ${unique().slice(-6)}`;
  await panel.getByRole('button', { name: 'New customer' }).click();
  await panel.getByLabel('Name').fill(caller);
  await panel.getByLabel('Phone').fill(`718${String(Date.now()).slice(-7)}`);
  await panel.getByRole('button', { name: area.name, exact: true }).click();
  await panel.getByRole('button', { name: new RegExp(`^${wax.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${wax.kind} \\d+ min`) }).click();
  await expect(page.getByTestId('booking-chain')).toContainText(`${wax.name} with ${name}`);
  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText(new RegExp(`^Booked: ${caller} at 12:00 PM with ${name}`))).toBeVisible();

  await page.goto(`/desk/day/williamsburg/${date}/`);
  await expect(schedule).toContainText(caller);
  expect(errors).toEqual([]);
});

test('the owner invites a front-desk person on a 390 px phone; the mailed link makes their account and opens the desk', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = watchConsole(page);
  await signInAsOwner(page, 'Ona Owner');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'team page, 390 px');

  const email = `frontdesk-${unique()}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite someone to the staff' });
  await invite.getByLabel('E-mail address').fill('not an address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await page.getByRole('form', { name: 'Invite someone to the staff' }).getByLabel('E-mail address').fill(email);
  await page.getByRole('form', { name: 'Invite someone to the staff' }).getByLabel('Role').selectOption({ label: 'Front desk' });
  await page.getByRole('form', { name: 'Invite someone to the staff' }).getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Invitation sent to ${email}. The link works for 7 days.`);
  await expect(page.getByRole('region', { name: 'Open invitations' })).toContainText(`${email} as Front desk`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'team page with an invitation, 390 px');

  // The person opens the mailed link on their own phone.
  const link = await mailedLink(email, /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}\//);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { level: 1, name: 'Join the staff' })).toBeVisible();
  await expect(invited.getByText(`You are invited to Bare & Polished NYC as Front desk (${email}).`)).toBeVisible();
  await expectNoAxeViolations(invited, 'invitation link, 390 px');
  await invited.getByLabel('Your name').fill('Fran Frontdesk');
  await invited.getByRole('button', { name: 'Accept and create my account' }).click();
  await expect(invited).toHaveURL(/\/desk\/$/);
  await expect(invited.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(invited.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  // Used once: the link now says so.
  await invited.goto(link);
  await expect(invited.getByText(/This invitation has expired, been used or been withdrawn/)).toBeVisible();
  await context.close();

  await page.reload();
  const fran = page.getByRole('region', { name: 'Staff and roles' }).getByRole('listitem').filter({ hasText: 'Fran Frontdesk' });
  await expect(fran).toContainText('Fran Frontdesk: Front desk');
  await expect(page.getByRole('region', { name: 'Open invitations' })).toContainText('None.');
  await fran.getByLabel('Role of Fran Frontdesk', { exact: true }).selectOption({ label: 'Owner' });
  await fran.getByRole('button', { name: 'Change the role of Fran Frontdesk' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Fran Frontdesk is now Owner.');
  await page.getByRole('button', { name: 'Remove Fran Frontdesk from the staff' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Fran Frontdesk is no longer on the staff.');
  await expect(page.getByRole('region', { name: 'Staff and roles' })).not.toContainText('Fran Frontdesk');

  // The therapist form on the phone: a location opens, nothing spills sideways.
  await page.goto('/desk/team/therapists/new/');
  await page.locator('details[data-location] summary', { hasText: /^SoHo:/ }).click();
  await page.getByText("Women's Waxing one by one").first().click();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'therapist form, 390 px');
  expect(errors).toEqual([]);
});

test('a front-desk account gets the 404 for the owner\'s pages and 403 for every owner call; a visitor 401', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, 'Desmond Desk');
  for (const path of ['/desk/team/', '/desk/team/therapists/new/', '/desk/team/therapists/1/']) {
    const response = await page.goto(path);
    expect([path, response?.status()]).toEqual([path, 404]);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toHaveCount(0);
  }
  await expect(page.getByRole('navigation', { name: 'Front desk' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  for (const answer of await ownerCalls(page.request)) {
    expect(answer).toEqual({ status: 403, body: { error: { code: 'forbidden', message: "This needs the owner's account." } } });
  }
  const visitor = await playwright.request.newContext({ baseURL: ORIGIN() });
  for (const answer of await ownerCalls(visitor)) expect(answer).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in.' } } });
  await visitor.dispose();
});

test('without scripts: a whole menu tab ticked for a location saves as its services, and an invitation is sent', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page, 'Noah Noscript');
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  await plain.goto('/desk/team/therapists/new/');
  const name = `Nora Nolita ${unique().slice(-5)}`;
  await plain.getByLabel('Name', { exact: true }).fill(name);
  await plain.locator('details[data-location] > summary', { hasText: /^Nolita:/ }).click();
  await plain.getByLabel("All Women's Waxing at Nolita").check();
  await plain.getByRole('button', { name: 'Add therapist' }).click();
  await expect(plain.getByRole('main').getByRole('status')).toHaveText(`${name} is saved.`);
  const womensWax = allServiceItems().filter((item) => item.svcType === 1 && item.gen === 0).length;
  await expect(plain.getByRole('region', { name: 'Therapists' }).getByRole('listitem').filter({ hasText: name })).toContainText(`Nolita: ${womensWax} services`);

  const email = `noscript-${unique()}@example.com`;
  const invite = plain.getByRole('form', { name: 'Invite someone to the staff' });
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(plain.getByRole('main').getByRole('status')).toHaveText(`Invitation sent to ${email}. The link works for 7 days.`);
  await context.close();
});

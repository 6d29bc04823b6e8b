import pg from 'pg';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { expectNoAxeViolations } from './support/axe';
import { watchConsole } from './support/console';
import { signInAsStaff } from './support/desk';
import { buyAndCheckOut, PACKAGE_TITLE, PASSWORD, unique, warmUpDatabase } from './support/journeys';
import { mailTextTo, signUpByApi } from './support/mail';
import { runOnOwnServer } from './support/own-server';
import { expectNoSidewaysScroll } from './support/sideways';

/**
 * Issue 37, item 3 and item 6's fee journeys, on a 390 px phone: a visit cancelled a day or more ahead (its deposit
 * becomes credit, shown on the account page, which then pays the next package), cancelled late through the desk
 * (kept), and a no-show marked at the desk (kept) then waived. The visits are booked through the API; their paid
 * deposits are written into `deposits` as the booking-with-deposit path (branch i37-deposits) writes them once the
 * order is paid, and a visit's time is moved into the next hours or the last hour with SQL, which only a database can
 * do. So the file runs on PostgreSQL (E2E_POSTGRES_URL, as scripts/test-all.sh gives it), on a server of its own
 * (offset 87: G's 83 is the gift-card journeys' PGlite server).
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
runOnOwnServer('deposit-fee', 87, { DATABASE_URL: POSTGRES_URL });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(({ request }) => {
  if (!POSTGRES_URL) {
    throw new Error(
      "e2e/deposit-fee.spec.ts needs E2E_POSTGRES_URL: bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL=\"$DATABASE_URL\" env -u DATABASE_URL npx playwright test e2e/deposit-fee.spec.ts'",
    );
  }
  return warmUpDatabase(request);
});

const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface Customer {
  api: APIRequestContext;
  id: string;
  email: string;
}

async function customer(baseURL: string, name: string): Promise<Customer> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  return { api, email, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id };
}

/**
 * A wax booked through the API on the first free time of a day some weeks ahead (each call its own day, so visits never
 * meet), with a paid deposit of `cents`; `startsIn` moves it to that far from now. Answers the booking's and the
 * appointment's ids.
 */
let daysAhead = 20 + Math.floor(Math.random() * 60);
async function visitWithDeposit(who: Customer, cents: number, startsIn?: number): Promise<{ bookingId: string; appointmentId: string }> {
  daysAhead += 1;
  const date = new Date(Date.now() + daysAhead * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const locations = await (await who.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const { slots } = await (await who.api.get(`/api/slots/1/1/0/${date}/${wax.duration}/`)).json();
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate: slots[0].start, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
  };
  const booked = await who.api.post(`/api/appointments/${who.id}/`, { data: card });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId: string = (await booked.json()).header.aptId;
  const [row] = await sql<{ id: string }>('select id from appointments where booking_id = $1', [bookingId]);
  await sql(`insert into deposits (booking_id, customer_id, amount_cents, state, order_ref) values ($1, $2, $3, 'paid', 'shop-order:demo:e2e')`, [bookingId, who.id, cents]);
  if (startsIn !== undefined) {
    // Whole quarter hours, as every visit starts.
    const start = Math.round((Date.now() + startsIn) / (15 * 60_000)) * 15 * 60_000;
    await sql('update appointments set starts_at = $2, ends_at = $2::timestamptz + (ends_at - starts_at) where id = $1', [row!.id, new Date(start).toISOString()]);
  }
  return { bookingId, appointmentId: row!.id };
}

async function phone(browser: Browser, baseURL: string | undefined, storageState?: Awaited<ReturnType<APIRequestContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'America/New_York', locale: 'en-US', baseURL, storageState });
  return context.newPage();
}

test('cancelled a day or more ahead: the deposit becomes account credit, which pays the next package first', async ({ browser, baseURL }) => {
  const ana = await customer(baseURL!, 'Ana');
  await visitWithDeposit(ana, 10_000);
  const page = await phone(browser, baseURL, await ana.api.storageState());
  const errors = watchConsole(page);

  await page.goto('/account/');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  expect(await mailTextTo(ana.email, /cancelled/)).toContain('Your $100.00 deposit is now account credit: your next deposit or package uses it first.');
  await page.reload();
  const credit = page.getByRole('region', { name: 'Account credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('$100.00');
  await expect(credit).toContainText('Deposit of a visit cancelled in time, +$100.00');
  await expectNoAxeViolations(page, 'account with credit');
  await expectNoSidewaysScroll(page, 'account with credit');

  // The next package: the credit, as a gift card the store issued for it, pays the whole $81.
  await buyAndCheckOut(page);
  await expect(page).toHaveURL(/\/demo-checkout\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
  await expect(page.getByText(/^Gift card ending [A-Z2-9]{4} \(\$0\.00 stays on it\)$/)).toBeVisible();
  await expect(page.getByTestId('checkout-to-pay')).toHaveText('$0.00');
  expect(await mailTextTo(ana.email, /credit is on a gift card: \$81\.00/)).toMatch(/If you leave the checkout before paying, the card keeps the amount/);
  await page.getByRole('button', { name: 'Pay $0' }).click();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText(`${PACKAGE_TITLE}: 3 of 3 sessions left`);
  await page.goto('/account/');
  await expect(credit.getByTestId('credit-balance')).toHaveText('$19.00');
  await expect(credit).toContainText('Used for a package, −$81.00');
  expect(errors).toEqual([]);
});

test('cancelled late through the desk (kept), and a no-show marked at the desk (kept), then waived', async ({ browser, baseURL }) => {
  const bo = await customer(baseURL!, 'Bo');
  const late = await visitWithDeposit(bo, 5_000, 3 * HOUR);
  const missed = await visitWithDeposit(bo, 2_500, -HOUR);
  const page = await phone(browser, baseURL);
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');

  // Bo calls three hours before the visit: the desk cancels it, and the deposit is kept as the fee.
  await page.goto(`/desk/appointments/${late.appointmentId}/`);
  await expect(page.getByTestId('visit-deposit')).toHaveText('$50.00, paid online, held for this visit');
  await expect(page.getByTestId('visit-left-to-pay')).toContainText('− deposit $50.00');
  await expectNoAxeViolations(page, 'desk visit with a deposit');
  await expectNoSidewaysScroll(page, 'desk visit with a deposit');
  await page.getByRole('button', { name: 'Cancel visit…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the visit' }).click();
  await expect(page.getByTestId('visit-deposit')).toHaveText('$50.00, kept as the fee (late cancellation or no-show)');
  expect(await mailTextTo(bo.email, /cancelled/)).toContain('the $50.00 deposit is kept as the late-cancellation fee');

  // The other visit began an hour ago and Bo did not come: a no-show keeps its deposit; the desk waives it.
  await page.goto(`/desk/appointments/${missed.appointmentId}/`);
  await page.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(page.getByTestId('visit-deposit')).toHaveText('$25.00, kept as the fee (late cancellation or no-show)');
  expect(await mailTextTo(bo.email, /We missed you/)).toContain('the $25.00 deposit is kept as the fee for a missed appointment');
  await page.getByRole('button', { name: 'Waive the fee (credit $25.00)' }).click();
  await expect(page.getByText('Fee waived: the deposit is now the customer’s account credit.')).toBeVisible();
  await expect(page.getByTestId('visit-deposit')).toHaveText('$25.00, fee waived: credited to the customer’s account');
  // The waiver's answer comes over a redirect: axe runs once the page that arrived has its title.
  await expect(page).toHaveTitle(/Front desk: visit/);
  await expectNoAxeViolations(page, 'desk visit, fee waived');
  const [waived] = await sql<{ state: string; decided_by: string | null }>('select state, decided_by from deposits where booking_id = $1', [missed.bookingId]);
  expect(waived).toMatchObject({ state: 'waived', decided_by: expect.any(String) });

  const bosPage = await phone(browser, baseURL, await bo.api.storageState());
  await bosPage.goto('/account/');
  const credit = bosPage.getByRole('region', { name: 'Account credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('$25.00');
  await expect(credit).toContainText('Late-cancellation fee waived by the salon, +$25.00');
  expect(errors).toEqual([]);
});

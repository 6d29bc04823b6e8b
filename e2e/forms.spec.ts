import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { expect, request as apiRequest, test, currentBaseURL } from './support/worker-server';
import { CHECK_YOUR_MAIL, fillSignUp, PASSWORD, unique } from './support/journeys';
import { resetLinkFor, signUpByApi, signUpLinkFor } from './support/mail';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

// Every form works before its scripts have loaded and without JavaScript: the browser posts it to the page's
// server action, and no credential ever travels in an address.

test.describe.configure({ timeout: 90_000 });

const baseURL = () => currentBaseURL();

async function withoutJavaScript(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL(), locale: 'en-US', timezoneId: 'America/New_York' });
  return { context, page: await context.newPage() };
}

/** Every request the page makes, to check afterwards that no address carried a secret. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

function expectNoSecretInAddresses(requests: Request[], ...secrets: string[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const url = decodeURIComponent(request.url());
    for (const secret of secrets) expect(url, `${request.method()} ${request.url()}`).not.toContain(secret);
  }
}

/** A new account (made through the API and its mailed link); its e-mail address. */
async function account(name: string): Promise<string> {
  const context = await apiRequest.newContext({ baseURL: baseURL(), extraHTTPHeaders: { origin: baseURL() } });
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  await signUpByApi(context, { name, email, password: PASSWORD });
  await context.dispose();
  return email;
}

/**
 * Without scripts a catalogue page (one prerendered file for everybody) cannot show who is signed in, so a sign-in
 * lands on a page rendered for the person: it says so, its header shows the account, and it leads on (issue 32, 6).
 */
async function expectSignedInPage(page: Page, name: string, email: string, returnPath: string) {
  await expect(page).toHaveURL((url) => url.pathname === '/signedin/' && url.searchParams.get('url') === returnPath);
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Signed in as ${name} (${email}).`);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: new RegExp(`^Hi, ${name}!`) })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Carry on where you were' }).click();
  await expect(page).toHaveURL((url) => url.pathname === returnPath);
}

test('sign in with JavaScript off: a wrong password is told, the right one lands on a page that says who is signed in', async ({ browser }) => {
  const email = await account('Noa');
  const { context, page } = await withoutJavaScript(browser);
  const requests = recordRequests(page);
  // Nobody is signed in yet: the signed-in page says so, and leads to the sign-in form.
  await page.goto('/signedin/?url=%2Fspecials%2F');
  await expect(page.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fspecials%2F$/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Post, redirect, get: the answer shows on the form's page, under a one-time key.
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fspecials%2F&form=[A-Za-z0-9_-]{16}$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const signedIn = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/signin/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await signedIn).status()).toBe(303);
  await expectSignedInPage(page, 'Noa', email, '/specials/');
  // Signed in: the account page, rendered per request, opens.
  await page.goto('/account/');
  await expect(page).toHaveURL(/\/account\/$/);

  const posts = requests.filter((request) => new URL(request.url()).pathname === '/signin/' && request.method() === 'POST');
  expect(posts).toHaveLength(2);
  expectNoSecretInAddresses(requests, PASSWORD, 'not-the-password-9');
  await context.close();
});

test('sign in pressed before the scripts have loaded: the browser posts the form, and the scripts take over after', async ({ page }) => {
  const email = await account('Pia');
  const requests = recordRequests(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Scripts only: the stylesheet (in the same folder) must load, or nothing is drawn to press.
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/signin/?url=%2Fspecials%2F', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/signin/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const post = await posted;
  // The browser's own submission (no scripts ran): a multipart POST, not the scripts' call of the action.
  expect(post.headers()['next-action']).toBeUndefined();
  expect(post.headers()['content-type']).toMatch(/^multipart\/form-data/);
  expect(post.isNavigationRequest()).toBe(true);
  await page.waitForURL(/\/specials\/$/, { waitUntil: 'commit' });
  release();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Pia!/ })).toBeVisible();
  expectNoSecretInAddresses(requests, PASSWORD);
});

test('sign up and follow the mailed link with JavaScript off', async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser);
  const requests = recordRequests(page);
  const email = `quinn-${unique()}@example.com`;

  await page.goto('/signup/?url=%2Fbooking%2F');
  await page.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('not-an-address');

  await fillSignUp(page, 'Quinn', email);
  await expect(page.getByRole('main').getByRole('status')).toContainText(CHECK_YOUR_MAIL);
  const link = await signUpLinkFor(email);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expectSignedInPage(page, 'Quinn', email, '/booking/');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Quinn!/ })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('This link has expired or has been used already.')).toBeVisible();

  expectNoSecretInAddresses(requests, PASSWORD);
  await context.close();
});

// The reset request is limited to 10 an hour per client, and e2e/any-address.spec.ts uses up 127.0.0.1's on the
// default server on purpose: this journey gets a server (and rate-limit counters) of its own.
test.describe('reset without JavaScript', () => {
  let server: NextServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startNextServer(portFromE2e(50), { DATA_DIR: await seededDataDir('forms-reset') });
  });
  test.afterAll(async () => {
    await server?.kill();
  });

  test('ask for the link, choose a new password (a weak one is refused), sign in with it', async ({ browser }) => {
    const api = await apiRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
    const email = `rae-${unique()}@example.com`;
    await signUpByApi(api, { name: 'Rae', email, password: PASSWORD });
    await api.dispose();
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.origin, locale: 'en-US', timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const requests = recordRequests(page);

    await page.goto('/resetemail/');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page).toHaveURL(/\/resetconfirmation\/$/);
    const link = await resetLinkFor(email);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('amber-bridge-93-lantern');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/signin\/\?reset=done$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password is changed. Please sign in with the new one.');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('amber-bridge-93-lantern');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The signed-in page, rendered per request, says so and greets in the header; it leads on to the home page.
    await expect(page).toHaveURL(/\/signedin\/$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Signed in as Rae (${email}).`);
    await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Rae!/ })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();

    expectNoSecretInAddresses(requests, PASSWORD, 'amber-bridge-93-lantern', 'password123');
    await context.close();
  });
});

for (const [javaScript, savedState] of [
  [true, false],
  [false, false],
  // With a saved-state cookie: the same home page, and the same answers.
  [false, true],
] as const) {
  test(`Receive Offers ${javaScript ? 'with' : 'without'} JavaScript${savedState ? ', with saved state' : ''}: subscribed, then already subscribed`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, baseURL: baseURL(), locale: 'en-US', timezoneId: 'America/New_York' });
    if (savedState) await context.addCookies([{ name: 'bnp_fav', value: encodeURIComponent('[]'), url: baseURL() }]);
    const page = await context.newPage();
    const email = `fan-${unique()}@example.com`;
    const form = page.getByRole('form', { name: 'Receive Offers' });
    for (const expected of ['Subscribed successfully!', 'Already been subscribed!']) {
      await page.goto('/');
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('status').filter({ hasText: expected })).toBeVisible();
      // Without scripts the answer is a page of its own.
      if (javaScript) await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');
      else await expect(page).toHaveURL(/\/subscription\/\?result=/);
    }
    await context.close();
  });
}

test("a server action called by hand with a body the site's scripts never send is a 400, not a 500", async ({ page, request, baseURL }) => {
  await page.goto('/resetemail/');
  // The action's id, from the form's hidden field (what a script would send as the Next-Action header).
  const reference = await page.locator('form[aria-label="Reset your password"] input[name="$ACTION_1:0"]').getAttribute('value');
  const { id } = JSON.parse(reference!) as { id: string };
  expect(id).toMatch(/^[0-9a-f]{40,}$/);
  const bodies: [type: string, body: string][] = [
    ['text/plain;charset=UTF-8', '["$K1"]'],
    ['text/plain;charset=UTF-8', '{'],
    ['application/json', '[1,2,3]'],
  ];
  for (const [type, body] of bodies) {
    const response = await request.post('/resetemail/', { headers: { 'next-action': id, 'content-type': type, origin: new URL(baseURL!).origin }, data: body });
    expect(response.status(), `${type} ${body}`).toBe(400);
  }
});

test('a form post to a page from another site, or with no Origin at all, is refused with 403 and changes nothing', async ({ request, baseURL }) => {
  const email = `nobody-${unique()}@example.com`;
  const form = { email };
  const variants: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, {}];
  for (const headers of variants) {
    const response = await request.post('/resetemail/', { headers, form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect(await response.text()).toBe('This form must be sent from the salon site itself.');
  }
  // The same form from the site itself is taken (a redirect to the page with its answer).
  const same = await request.post('/resetemail/', { headers: { origin: new URL(baseURL!).origin }, form, maxRedirects: 0 });
  expect(same.status()).not.toBe(403);
  expect(same.status()).toBeLessThan(500);
});

import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

/**
 * The site works at whatever address it is opened on, not only at SITE_URL (here 127.0.0.1): the Origin check
 * compares with the origin the browser used (scheme, Host and port). Forged forwarding headers neither choose a client's rate-limit bucket
 * nor turn on https-only headers; behind a proxy named by TRUST_PROXY they do.
 */

test('opened as localhost (not SITE_URL), the forms post and answer', async ({ page, baseURL }) => {
  const localhost = baseURL!.replace('127.0.0.1', 'localhost');
  const errors = watchConsole(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${localhost}/`);
  const email = `anywhere-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const form = page.getByRole('form', { name: 'Receive Offers' });
  await form.getByRole('textbox').fill(email);
  await form.getByRole('button').click();
  await expect(page.getByText('Subscribed successfully!')).toBeVisible();
  await form.getByRole('textbox').fill(email);
  await form.getByRole('button').click();
  await expect(page.getByText('Already been subscribed!')).toBeVisible();

  await page.goto(`${localhost}/signin/`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-77');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The handler's own answer, not 403 bad_origin.
  await expect(page.getByText('The e-mail or password is not right.')).toBeVisible();
  // The repeat subscription's 409 and the refused sign-in's 401 are answers the page shows; nothing else failed.
  // Also the known 404s of segment prefetches of prerendered pages after the first saved-state cookie (see
  // e2e/server-saved-state.spec.ts and docs/decisions.md; issue 13 removes them).
  expect(failed.filter((line) => !/^(409 .*\/api\/marketing\/createsubscription\/|401 |404 .*\?_rsc=)/.test(line))).toEqual([]);
  expect(errors.filter((error) => !/status of (401|404|409)/.test(error))).toEqual([]);
});

test('a forged X-Forwarded-For does not buy a fresh rate-limit bucket', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const response = await api.post('/api/auth/resetemail/', {
      data: { email: `forged-${i}-${Date.now()}@example.com` },
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` },
    });
    statuses.push(response.status());
  }
  await api.dispose();
  expect(statuses).toContain(429);
});

test.describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let server: NextServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startNextServer(portFromE2e(8), { DATA_DIR: await seededDataDir('trust-proxy'), TRUST_PROXY: '1', SITE_URL: 'https://salon.example' });
  });
  test.afterAll(async () => server?.kill());

  test('https from the proxy turns on HSTS and upgrade-insecure-requests; the public host passes the Origin check', async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: server.origin });
    const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.salon.example', 'x-forwarded-for': '203.0.113.7' };
    const headers = (await api.get('/', { headers: viaProxy })).headers();
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = (await api.get('/')).headers();
    expect(plain['strict-transport-security']).toBeUndefined();
    const subscribed = await api.post('/api/marketing/createsubscription/', {
      headers: { ...viaProxy, origin: 'https://www.salon.example' },
      data: { email: `proxy-${Date.now()}@example.com`, createdBy: 'e2e' },
    });
    expect(subscribed.status()).toBeLessThan(300);
    const forged = await api.post('/api/marketing/createsubscription/', {
      headers: { origin: 'https://www.salon.example' },
      data: { email: `forged-${Date.now()}@example.com`, createdBy: 'e2e' },
    });
    expect(forged.status()).toBe(403);
    // The proxy said https: the same host over http is another origin.
    const plainHttp = await api.post('/api/marketing/createsubscription/', {
      headers: { ...viaProxy, origin: 'http://www.salon.example' },
      data: { email: `plain-${Date.now()}@example.com`, createdBy: 'e2e' },
    });
    expect(plainHttp.status()).toBe(403);
    await api.dispose();
  });
});

test('another scheme or port of the same host is another origin: the API and a page form refuse it', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const { hostname, port } = new URL(baseURL!);
  const signIn = (origin: string) => api.post('/api/auth/signin/', { headers: { origin }, data: { email: `origin-${Date.now()}@example.com`, password: 'not-the-password-77' } });
  const pageForm = (origin: string) => api.post('/signin/', { headers: { origin }, form: { email: 'someone@example.com' } });
  for (const origin of [`https://${hostname}:${port}`, `http://${hostname}:${Number(port) + 1}`]) {
    const answer = await signIn(origin);
    expect(answer.status(), origin).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'bad_origin' } });
    expect((await pageForm(origin)).status(), origin).toBe(403);
  }
  // The site's own origin passes both checks: the handler answers (a wrong password), the page renders.
  expect((await signIn(baseURL!)).status()).toBe(401);
  expect((await pageForm(baseURL!)).status()).toBe(200);
  await api.dispose();
});

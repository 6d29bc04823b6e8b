import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isOwnerDeskPath } from '../lib/auth/roles';
import { authCookieValue, profileFromAuthCookie } from '../lib/persistence/auth';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signInAsOwner, signInAsStaff } from './support/desk';
import { signUp, unique } from './support/journeys';
import { runOnOwnServer } from './support/own-server';

runOnOwnServer('desk-access', 60);

/** Each desk page's address, its dynamic segments filled with well-formed values. */
function deskPagePaths(): string[] {
  const root = path.join(process.cwd(), 'app/(desk)');
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('page.tsx'));
  const values: Record<string, string> = { location: 'soho', date: '2026-12-01', id: PLACEHOLDER_ID };
  const paths = pages.map((file) => `/${path.dirname(file).replace(/\[(\w+)\]/g, (_, name: string) => values[name] ?? 'x')}/`);
  // The day view's date form lands on /desk/day/, which goes on to a day (the bare address to today's view); a
  // location that names none is answered in place, so the page itself is what the checks below see.
  return paths.map((address) => (address === '/desk/day/' ? '/desk/day/?location=nowhere&date=2026-12-01' : address));
}

const NOT_FOUND_TITLE = 'Error 404 (Not Found)';
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** The document's <title> in the server's HTML. */
function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/**
 * The front desk is for staff only: a visitor, or one whose session has ended, is sent to sign in (a real redirect,
 * so it works without scripts); a signed-in customer gets the 404 page, with status 404 and its title, decided before
 * the page starts to stream; a staff member (STAFF_EMAILS) gets the desk, marked noindex.
 */
test('a visitor is redirected to sign in and comes back to the desk', async ({ page, request }) => {
  const direct = await request.get('/desk/?date=2026-12-01', { maxRedirects: 0 });
  expect(direct.status()).toBe(307);
  expect(direct.headers().location).toMatch(/\/signin\/\?url=%2Fdesk%2F%3Fdate%3D2026-12-01$/);
  await page.goto('/desk/');
  await expect(page).toHaveURL(/\/signin\/\?url=%2Fdesk%2F$/);
});

test('a visitor whose session has ended is sent to sign in from every desk page, without scripts too', async ({ page, browser, baseURL }) => {
  // A real session, ended on the server by signing out; the browser still sends its cookie.
  await signUp(page, 'Esme Ended', `esme-${unique()}@example.com`);
  await expect(page).toHaveURL(/\/services\/$/);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'bnp_session')!;
  expect((await page.request.get('/desk/', { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.post('/api/auth/signout/', { headers: { origin: baseURL! } })).status()).toBe(200);
  const ended = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await ended.addCookies([session]);
  for (const path of deskPagePaths()) {
    const answer = await ended.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(307);
    expect(answer.headers().location, path).toBe(`/signin/?url=${encodeURIComponent(path)}`);
  }
  const plain = await ended.newPage();
  await plain.goto('/desk/rosters/');
  await expect(plain).toHaveURL(/\/signin\/\?url=%2Fdesk%2Frosters%2F$/);
  await expect(plain).toHaveTitle(/^Sign in/);
  await expect(plain.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  await ended.close();
});

test("the desk's header greets the account the desk is signed in as, though the browser's display cookie named another", async ({ page, browser, baseURL }) => {
  const errors = watchConsole(page);
  await signInAsStaff(page, 'Dana Desk');
  // A shared tablet: the readable profile left by someone else (or an old name), the session Dana's.
  const earl = { name: 'BnpAuth', value: authCookieValue({ id: '00000000-0000-4000-8000-00000000ea71', name: 'Earl Earlier', email: 'earl@example.com' }), url: baseURL! };
  await page.context().addCookies([earl]);
  await page.goto('/desk/rosters/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /^Hi, Dana Desk!/ })).toBeVisible();
  await expect(banner.getByText('Earl Earlier')).toHaveCount(0);
  expect(profileFromAuthCookie((await page.context().cookies()).find((cookie) => cookie.name === 'BnpAuth')?.value)?.name).toBe('Dana Desk');

  // Signed out elsewhere (the session ended on the server), a display cookie left behind greets nobody.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'bnp_session')!;
  expect((await page.request.post('/api/auth/signout/', { headers: { origin: baseURL! } })).status()).toBe(200);
  const ended = await browser.newContext({ baseURL });
  await ended.addCookies([session, earl]);
  const again = await ended.newPage();
  await again.goto('/desk/');
  await expect(again).toHaveURL(/\/signin\/\?url=%2Fdesk%2F$/);
  await expect(again.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await ended.cookies()).find((cookie) => cookie.name === 'BnpAuth')).toBeUndefined();
  await ended.close();
  expect(errors).toEqual([]);
});

test('a signed-in customer gets the 404 page, its status and its title from every desk page, with and without scripts', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await signUp(page, 'Cara Customer', `cara-${unique()}@example.com`);
  await expect(page).toHaveURL(/\/services\/$/);
  // Every desk page, found in app/(desk) so that a new one is asked too.
  const paths = deskPagePaths();
  expect(paths.length).toBeGreaterThanOrEqual(11);
  for (const path of paths) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
    const html = await answer.text();
    expect(titleOf(html), path).toBe(NOT_FOUND_TITLE);
    expect(html, path).toMatch(/<meta name="robots" content="noindex/);
    expect(html, path).toContain('Error 404 (Not Found)');
    expect(html, path).not.toContain('aria-label="Front desk"');
  }
  for (const path of ['/desk/', '/desk/rosters/']) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page).toHaveTitle(NOT_FOUND_TITLE);
    await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('Signed in as');
  }

  // A client navigation (the App Router asks for the page's payload, which the middleware refuses too) ends on the
  // 404 page as well.
  await page.goto('/services/');
  await page.waitForFunction(() => Boolean((window as { next?: { router?: unknown } }).next?.router));
  await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push('/desk/time-off/'));
  await expect(page).toHaveURL(/\/desk\/time-off\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  await expect(page).toHaveTitle(NOT_FOUND_TITLE);
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toHaveCount(0);
  await expect(page.getByText('Block this time')).toHaveCount(0);
  // The browser reports each 404 it was answered; nothing else went wrong, and only desk pages answered 404.
  expect(errors.filter((error) => error !== 'Failed to load resource: the server responded with a status of 404 (Not Found)')).toEqual([]);
  expect(notFound.length).toBeGreaterThanOrEqual(3);
  expect(notFound.filter((url) => !new URL(url).pathname.startsWith('/desk/'))).toEqual([]);

  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plainPage = await plain.newPage();
  for (const path of paths) {
    const response = await plainPage.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(plainPage).toHaveTitle(NOT_FOUND_TITLE);
    await expect(plainPage.getByRole('heading', { level: 1, name: 'Error 404 (Not Found)' })).toBeVisible();
  }
  await plain.close();
});

test("a staff member gets every desk page but the owner's (the 404 page), which search engines are told to leave alone; the owner gets them all", async ({ page, browser, baseURL }) => {
  const errors = watchConsole(page);
  // Through the sign-up form and the mailed link's page, as a person at the staff domain does (the other desk
  // journeys sign up through the API).
  await signInAsStaff(page, 'Dana Desk', '/desk/', 'form');
  await expect(page.getByRole('heading', { level: 1, name: 'Front desk' })).toBeVisible();
  await expect(page.getByText('Signed in as Dana Desk.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Front desk' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(errors).toEqual([]);
  for (const path of deskPagePaths()) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    const owners = isOwnerDeskPath(path);
    expect(answer.status(), path).toBe(owners ? 404 : 200);
    const html = await answer.text();
    expect(titleOf(html) === NOT_FOUND_TITLE, path).toBe(owners);
    if (!owners) expect(html, path).toContain('aria-label="Front desk"');
  }
  const owner = await browser.newContext({ baseURL });
  await signInAsOwner(await owner.newPage(), 'Olive Owner');
  for (const path of deskPagePaths()) {
    const answer = await owner.request.get(path, { maxRedirects: 0 });
    const html = await answer.text();
    // An owner's editor of something no one has (the placeholder id) says so: the menu's the 404 page, the team's its
    // own 'No such therapist'. Its status is 200: the page checks the id after the gate, once it has begun to stream.
    if (isOwnerDeskPath(path) && path.includes(PLACEHOLDER_ID)) {
      expect(titleOf(html) === NOT_FOUND_TITLE || html.includes('No such therapist'), path).toBe(true);
      continue;
    }
    expect(answer.status(), path).toBe(200);
    expect(titleOf(html), path).not.toBe(NOT_FOUND_TITLE);
    expect(html, path).toContain('aria-label="Front desk"');
  }
  // An id past what the column holds is no therapist either, not a failed page.
  const tooLarge = await owner.request.get('/desk/team/therapists/40000/', { maxRedirects: 0 });
  expect(tooLarge.status()).toBe(200);
  expect(await tooLarge.text()).toContain('No such therapist');
  await owner.close();
});

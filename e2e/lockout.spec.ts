import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { runOnOwnServer } from './support/own-server';
import { PASSWORD, unique } from './support/journeys';
import { mailedCode, mailsTo, resetLinkFor, signUpByApi } from './support/mail';

/**
 * A stranger cannot lock a customer out (OWASP's device cookies, lib/auth/known-device.ts). The stranger works from
 * eleven real network addresses, 127.0.0.11 to .21: the client's socket is bound to each, so the server sees eleven
 * peers without any forged header. The customer uses her own browser, which has signed in before.
 *
 * The figures on main: after 110 wrong passwords her right one was refused for 15 minutes; after 16 code and
 * 12 reset requests her own code and reset were refused for 60 minutes, and her inbox had 20 mails.
 */
runOnOwnServer('lockout', 71);

const STRANGERS = Array.from({ length: 11 }, (_, i) => `127.0.0.${11 + i}`);
const MAILS_AN_HOUR = 5;

interface Answer {
  status: number;
  code?: string;
  retryAfter?: number;
}

/** A JSON POST sent from the network address `from`, as a script on another machine sends it: no cookies. */
function postFrom(origin: string, from: string, path: string, body: unknown): Promise<Answer> {
  const url = new URL(path, origin);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          const code = response.statusCode! >= 400 ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
          resolve({ status: response.statusCode!, code, retryAfter: retryAfter === undefined ? undefined : Number(retryAfter) });
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

const tally = (answers: Answer[]) => answers.reduce<Record<string, number>>((counts, { status, code }) => ({ ...counts, [code ? `${status} ${code}` : String(status)]: (counts[code ? `${status} ${code}` : String(status)] ?? 0) + 1 }), {});

async function signOut(page: Page) {
  await page.goto('/account/');
  // The visible one: Next.js keeps the frame of the page it left in the document, hidden, for a moment.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  // Signing out goes on to the home page: the next page.goto must not race that navigation.
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/signin/');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("a stranger on eleven addresses slows the guessing but never locks the owner's own browser out", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const email = `olivia-${unique()}@example.com`;
  // Her account, and her browser that has signed in to it (the sign-up link signs in).
  const api = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await signUpByApi(api, { name: 'Olivia', email, password: PASSWORD });
  const context = await browser.newContext({ baseURL: origin, storageState: await api.storageState() });
  await api.dispose();
  const page = await context.newPage();
  const device = (await context.cookies()).find((cookie) => cookie.name === 'bnp_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await signOut(page);
  // Signing out ends the session, not what the browser has proven: it has signed in to this account before.
  const afterSignOut = (await context.cookies()).map((cookie) => cookie.name);
  expect(afterSignOut).toContain('bnp_device');
  expect(afterSignOut).not.toContain('bnp_session');

  // 110 wrong passwords, ten from each of eleven addresses.
  const guesses: Answer[] = [];
  for (const from of STRANGERS) for (let i = 0; i < 10; i += 1) guesses.push(await postFrom(origin, from, '/api/auth/signin/', { email, password: `guess-${from}-${i}-violet` }));
  // The addresses' shared allowance (50 failures in 15 minutes) stops the guessing...
  expect(tally(guesses)).toEqual({ '401 invalid_credentials': 50, '429 rate_limited': 60 });
  // ...and a browser that has never signed in to the account waits too, told what still works.
  const stranger = await browser.newContext({ baseURL: origin });
  const newBrowser = await stranger.newPage();
  await signInWithPassword(newBrowser, email, PASSWORD);
  await expect(newBrowser.getByRole('main').getByRole('alert')).toHaveText(
    /^Too many attempts for this address\. Please wait 1[45] minutes and try again; a device you have signed in on before can still sign in\.$/,
  );
  await stranger.close();
  // Her own browser signs in at once.
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Olivia!/ })).toBeVisible();
  await signOut(page);

  // 16 code requests and 12 reset requests from the same eleven addresses.
  const mailsBefore = mailsTo(email).length;
  const asks: Answer[] = [];
  for (let i = 0; i < 16; i += 1) {
    asks.push(await postFrom(origin, STRANGERS[i % 11]!, '/api/auth/code/', { email }));
    // A code is hashed after the answer; a pause keeps the hash queue from answering 'busy' instead of the limit.
    await sleep(200);
  }
  for (let i = 0; i < 12; i += 1) asks.push(await postFrom(origin, STRANGERS[(i + 5) % 11]!, '/api/auth/resetemail/', { email }));
  // Her sign-up link was one of the hour's five mails to the address: four more, then every request is refused.
  expect(tally(asks)).toEqual({ '202': MAILS_AN_HOUR - mailsBefore, '429 rate_limited': 28 - (MAILS_AN_HOUR - mailsBefore) });
  expect(Math.min(...asks.filter((answer) => answer.status === 429).map((answer) => answer.retryAfter!))).toBeGreaterThan(55 * 60);
  await expect.poll(() => mailsTo(email).length).toBe(MAILS_AN_HOUR);
  await sleep(1000);
  expect(mailsTo(email)).toHaveLength(MAILS_AN_HOUR);

  // Her browser still gets its own code, and it signs her in.
  const strangersCodes = mailsTo(email).filter((mail) => mail.subject.endsWith('sign-in code')).length;
  await page.goto('/signin/?method=code');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('We have sent a six-digit code to that address.');
  // Its sixth digit sends the code.
  await page.getByLabel('Code from the e-mail').fill(await mailedCode(email, strangersCodes));
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Olivia!/ })).toBeVisible();
  await signOut(page);

  // And its own reset link, which sets a new password.
  await page.goto('/resetemail/');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/resetconfirmation\/$/);
  await page.goto(await resetLinkFor(email));
  // Her inbox this hour: her sign-up link, the four the stranger got through, her own code and reset link.
  expect(mailsTo(email)).toHaveLength(MAILS_AN_HOUR + 2);
  await page.getByLabel('New password', { exact: true }).fill('amber-bridge-93-lantern');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/signin\/\?reset=done$/);
  await signInWithPassword(page, email, 'amber-bridge-93-lantern');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Olivia!/ })).toBeVisible();

  // The stranger is still refused, from any of the eleven addresses.
  for (const from of STRANGERS.slice(0, 3)) {
    expect(await postFrom(origin, from, '/api/auth/signin/', { email, password: 'amber-bridge-93-lantern' })).toMatchObject({ status: 429 });
    expect(await postFrom(origin, from, '/api/auth/code/', { email })).toMatchObject({ status: 429 });
  }
  await context.close();
});

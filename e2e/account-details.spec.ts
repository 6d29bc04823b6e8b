import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { PASSWORD, unique } from './support/journeys';
import { mailedLink, mailTextTo, signUpByApi } from './support/mail';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

// A customer's own details (lib/auth/account-details.ts): the name, the password, closing the account; with and
// without scripts, on a phone.
test.describe.configure({ timeout: 90_000 });

const NEW_PASSWORD = 'amber-orchard-26-falcon';

/** A browser context signed in to a new account (made through the API, as a person would by the mailed link). */
async function signedInContext(browser: Browser, baseURL: string, options: { width?: number; javaScriptEnabled?: boolean } = {}) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `rosa-${unique()}@example.com`;
  await signUpByApi(api, { name: 'Rosa', email, password: PASSWORD });
  const context = await browser.newContext({
    baseURL,
    storageState: await api.storageState(),
    viewport: { width: options.width ?? 1280, height: 844 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await api.dispose();
  return { context, page: await context.newPage(), email };
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/signin/?url=%2Faccount%2F');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a customer renames themself and changes the password from their account, on a phone', async ({ browser, baseURL }) => {
  const { context, page, email } = await signedInContext(browser, baseURL!, { width: 320 });
  const errors = watchConsole(page);
  await page.goto('/account/');
  await page.getByRole('link', { name: /^Your details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'your details at 320 px');
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(email);

  // A second tab of the same phone, left open on the account page.
  const tab2 = await context.newPage();
  await tab2.goto('/account/');
  await page.bringToFront();

  const name = page.getByRole('form', { name: 'Your name' });
  await name.getByLabel('Name').fill('Rosa Diaz');
  await name.getByRole('button', { name: 'Save the name' }).click();
  await expect(name.getByRole('status')).toHaveText('Your name is saved.');
  // The header greets the new name at once, and after a reload (the readable profile cookie changed too).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toContainText('Signed in as Rosa Diaz');
  await page.keyboard.press('Escape');
  // The other tab greets the new name as soon as it is looked at again.
  await tab2.bringToFront();
  // Headless Chromium fires no focus on bringToFront: the event a phone's browser sends on switching tabs.
  await tab2.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => tab2.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--nm').trim())).toBe('"Rosa Diaz"');
  await tab2.close();
  await page.bringToFront();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your name' }).getByLabel('Name')).toHaveValue('Rosa Diaz');

  // Another phone is signed in to the same account, with its details page open.
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await signInWith(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/account\/$/);
  await otherPage.goto('/account/details/');

  const password = page.getByRole('form', { name: 'Change your password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(password.getByText('That is not your current password.')).toBeVisible();
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(password.getByRole('status')).toContainText('Your new password is saved.');
  await expect(password.getByLabel('New password')).toHaveValue('');
  expect(await mailTextTo(email, /password was changed/)).toContain('every other device signed in to it was signed out');
  await expectNoSidewaysScroll(page);
  expect(errors).toEqual([]);

  // The other phone was signed out: its next change says so, changes nothing and leads to sign in again.
  const otherName = otherPage.getByRole('form', { name: 'Your name' });
  await otherName.getByLabel('Name').fill('Someone Else');
  await otherName.getByRole('button', { name: 'Save the name' }).click();
  await expect(otherName.getByRole('alert')).toContainText('You are signed out (in another tab, or your session ended), so nothing was changed.');
  await expect(otherName.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin/?url=%2Faccount%2Fdetails%2F');
  // Its header no longer greets the customer.
  await expect(otherPage.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await other.cookies()).map((cookie) => cookie.name)).not.toContain('BnpAuth');

  // Still signed in here; the other phone signs in with the new password only.
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await signInWith(otherPage, email, PASSWORD);
  await expect(otherPage.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await signInWith(otherPage, email, NEW_PASSWORD);
  await expect(otherPage).toHaveURL(/\/account\/$/);
  await other.close();
  await context.close();
});

test('a new e-mail address takes effect when the link mailed to it is opened, on another device', async ({ browser, baseURL }) => {
  const { context, page, email } = await signedInContext(browser, baseURL!, { width: 390 });
  const errors = watchConsole(page);
  const newEmail = `rosa-new-${unique()}@example.com`;
  await page.goto('/account/details/');
  const change = page.getByRole('form', { name: 'Change your e-mail address' });
  await change.getByLabel('New e-mail address').fill(newEmail);
  await change.getByLabel('Your password').fill(PASSWORD);
  await change.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(change.getByRole('status')).toContainText(`We have sent a link to ${newEmail}.`);
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(email);
  expect(await mailTextTo(email, /A new e-mail address was asked/)).toContain(newEmail);

  // The link opens on the phone's mail app: not signed in there. Opening it changes nothing; the button does.
  const phone = await browser.newContext({ baseURL, viewport: { width: 320, height: 700 } });
  const linkPage = await phone.newPage();
  const phoneErrors = watchConsole(linkPage);
  const link = await mailedLink(newEmail, /https?:\/\/\S+\/account\/email\/[A-Za-z0-9_-]{43}\//);
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeVisible();
  await expect(linkPage.getByRole('main')).toContainText(newEmail);
  await expectNoSidewaysScroll(linkPage);
  await linkPage.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(linkPage.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  // Done: the question and its button are gone, and the page leads on.
  await expect(linkPage.getByRole('button', { name: 'Confirm the new address' })).toHaveCount(0);
  await expect(linkPage.getByText('for your account from now on?')).toHaveCount(0);
  await expect(linkPage.getByRole('link', { name: 'Go to your details' })).toHaveAttribute('href', '/account/details/');
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { level: 1, name: 'This link has expired or has been used' })).toBeVisible();
  expect(phoneErrors).toEqual([]);
  await phone.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(newEmail);
  expect(await mailTextTo(email, /e-mail address was changed/)).toContain(newEmail);
  // The new address signs in; the old one no longer does.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInWith(otherPage, email, PASSWORD);
  await expect(otherPage.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await signInWith(otherPage, newEmail, PASSWORD);
  await expect(otherPage).toHaveURL(/\/account\/$/);
  await other.close();
  expect(errors).toEqual([]);
  await context.close();
});

test('a customer downloads a copy of their data from the details page', async ({ browser, baseURL }) => {
  const { context, page, email } = await signedInContext(browser, baseURL!, { width: 390 });
  await page.goto('/account/details/');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download your data' }).click()]);
  expect(download.suggestedFilename()).toBe('bare-and-polished-my-data.json');
  const data = JSON.parse(await new Promise<string>((resolve, reject) => {
    download.createReadStream().then((stream) => {
      let text = '';
      stream.on('data', (chunk) => (text += chunk));
      stream.on('end', () => resolve(text));
      stream.on('error', reject);
    }, reject);
  }));
  expect(data.account).toMatchObject({ name: 'Rosa', email });
  expect(data.appointments).toEqual([]);
  await context.close();
});

test('closing the account erases it, signs out, and Back does not bring it back', async ({ browser, baseURL }) => {
  const { context, page, email } = await signedInContext(browser, baseURL!, { width: 390 });
  const errors = watchConsole(page);
  await page.goto('/account/details/');
  const close = page.getByRole('form', { name: 'Close your account' });
  await close.getByLabel('Your password').fill(PASSWORD);
  await close.getByRole('button', { name: 'Close my account' }).click();
  await expect(close.getByText('Tick the box to confirm that you want to close your account.')).toBeVisible();
  await close.getByLabel('Your password').fill(PASSWORD);
  await close.getByRole('checkbox').check();
  await close.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL(/\/account\/closed\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is closed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('BnpAuth');
  expect(await mailTextTo(email, /account is closed/)).toContain('Your name, e-mail address, phone number and password are erased');
  // Chromium may report the Back navigation aborted as the page it fetches sends it on to sign in (e2e/account.spec.ts).
  await page.goBack().catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/\/signin\/\?url=%2Faccount%2Fdetails%2F$/, { timeout: 15_000 });
  await signInWith(page, email, PASSWORD);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript the forms post and the page shows their answers', async ({ browser, baseURL }) => {
  const { context, page } = await signedInContext(browser, baseURL!, { width: 390, javaScriptEnabled: false });
  await page.goto('/account/details/');
  const name = page.getByRole('form', { name: 'Your name' });
  await name.getByLabel('Name').fill('Rosa Mae');
  await name.getByRole('button', { name: 'Save the name' }).click();
  await expect(page.getByRole('form', { name: 'Your name' }).getByRole('status')).toHaveText('Your name is saved.');
  await expect(page.getByRole('form', { name: 'Your name' }).getByLabel('Name')).toHaveValue('Rosa Mae');
  // Nothing secret in the address: only the one-time key of the answer, and the form's section, where the page opens.
  expect(new URL(page.url()).search).toMatch(/^\?form=[A-Za-z0-9_-]{16}$/);
  expect(new URL(page.url()).hash).toBe('#name-heading');

  const password = page.getByRole('form', { name: 'Change your password' });
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill('short');
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByRole('form', { name: 'Change your password' }).getByText('Use at least 8 characters.')).toBeVisible();
  // The answer is in the first screen of a phone, not 1,000 px down the page.
  expect(new URL(page.url()).hash).toBe('#password-heading');
  await expect(page.getByRole('form', { name: 'Change your password' }).getByText('Use at least 8 characters.')).toBeInViewport();
  expect(page.url()).not.toContain('short');

  const close = page.getByRole('form', { name: 'Close your account' });
  await close.getByLabel('Your password').fill(PASSWORD);
  await close.getByRole('checkbox').check();
  await close.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL(/\/account\/closed\/#account-closed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is closed' })).toBeVisible();
  await context.close();
});

test('a visitor who is not signed in is sent to sign in first', async ({ page }) => {
  const response = await page.goto('/account/details/');
  expect(response?.status()).toBeLessThan(400);
  await expect(page).toHaveURL(/\/signin\/\?url=%2Faccount%2Fdetails%2F$/);
});

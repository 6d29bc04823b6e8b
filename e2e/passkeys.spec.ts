import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { watchConsole } from './support/console';
import { signUp, unique } from './support/journeys';
import { addVirtualAuthenticator, asLocalhost, holdAutofill } from './support/passkeys';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

/**
 * Passkeys (issue 36, lib/auth/passkeys.ts) with Chromium's virtual authenticator: a platform authenticator that
 * answers every prompt as a person's face or fingerprint would. WebAuthn refuses an IP address, so the journeys open
 * the site as localhost (SITE_URL is 127.0.0.1: the server binds passkeys to localhost then, docs/decisions.md).
 */

// Sign-up hashes a password (scrypt) and the journey crosses several pages: slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

async function signOut(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await expect(page.getByRole('link', { name: /Sign in/ }).filter({ visible: true }).first()).toBeVisible();
}

/** The page as it is now, at 320 px: no sideways scroll and no axe violation; then back to the desktop width. */
async function checkNarrow(page: Page, label: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, label);
  await expectNoAxeViolations(page, label);
  await page.setViewportSize(size);
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' });

test('a passkey added on the account page signs in by its button and by the e-mail field’s autofill, and once removed no longer does', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: asLocalhost(baseURL!) });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const authenticator = await addVirtualAuthenticator(context, page);
  const email = `passkey-${unique()}@example.com`;
  await signUp(page, 'Pia Passkey', email, '/account/');
  await expect(page).toHaveURL(/\/account\/$/);

  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeyList(page)).toContainText(/Chrome on (Windows|Linux|Mac)/);
  await expect(passkeyList(page)).toContainText(/Added \w{3} \d{1,2}, \d{4} · Not used yet/);
  expect(await authenticator.credentials()).toHaveLength(1);
  await checkNarrow(page, 'the account page with a passkey');

  // The button: one tap, the browser's prompt (answered by the authenticator), signed in at the return path. The
  // e-mail field's waiting request is held back: Chromium's virtual authenticator answers one at once by itself.
  await signOut(page);
  await holdAutofill(page);
  await page.goto('/signin/?url=%2Faccount%2F');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(passkeyList(page)).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);

  // The autofill: the code form's e-mail field offers the site's passkeys (conditional mediation); the virtual
  // authenticator answers as a person choosing the suggested passkey, and that signs in.
  // Its check is held until the field has been looked at: on a busy machine the sign-in left the page first.
  await signOut(page);
  let release!: () => void;
  const looked = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/passkey/verify/', async (route) => {
    await looked;
    await route.continue();
  });
  await page.goto('/signin/?method=code&url=%2Faccount%2F');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('autocomplete', 'email webauthn');
  release();
  await expect(page).toHaveURL(/\/account\/$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Removed, it is gone from the list, and the authenticator's copy no longer signs in.
  await passkeyList(page).getByRole('button', { name: /^Remove the passkey Chrome on / }).click();
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await signOut(page);
  await holdAutofill(page);
  await page.goto('/signin/?url=%2Faccount%2F');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('That passkey could not sign you in.');
  await expect(page).toHaveURL(/\/signin\//);
  // The refused passkey's 400 is the one answer the page shows; nothing else went wrong.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  await context.close();
});

test('the sign-in page with the passkey button: no axe violation and no sideways scroll at 320 px', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: asLocalhost(baseURL!) });
  const page = await context.newPage();
  const errors = watchConsole(page);
  for (const address of ['/signin/', '/signin/?method=code']) {
    await page.goto(address);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await checkNarrow(page, address);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('at an IP address there is no passkey button and no passkey request', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/passkey')) requests.push(request.url());
  });
  await page.goto('/signin/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  expect(requests).toEqual([]);
});

import { expect, request, test } from './support/worker-server';
import { CHECK_YOUR_MAIL, fillSignUp, followSignUpLink, PASSWORD, signUp, unique } from './support/journeys';
import { mailedLink, resetLinkFor, signUpByApi, signUpLinkFor } from './support/mail';
import { runOnOwnServer } from './support/own-server';

// Its journeys sign up about a dozen people: on a server of their own, within one address's hourly allowance (30)
// whichever worker the other sign-ups of the run land on.
runOnOwnServer('account', 69);

test('sign up, sign out, and sign in again back to the page that asked', async ({ page, context }) => {
  const email = `ada-${unique()}@example.com`;
  await signUp(page, 'Ada', email);
  await expect(page).toHaveURL(/\/services\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Ada!/ })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'bnp_session')?.httpOnly).toBe(true);
  expect(cookies.find((cookie) => cookie.name === 'BnpAuth')?.httpOnly).toBe(false);
  // A new account has nothing booked: the account page says so and leads to the services.
  await page.goto('/account/');
  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await expect(upcoming).toContainText('No upcoming appointments.');
  await expect(upcoming.getByRole('link', { name: 'Book a visit' })).toHaveAttribute('href', '/services/');

  // The visible one: Next.js keeps the frame of the page it left in the document, hidden, for a moment.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const left = (await context.cookies()).map((cookie) => cookie.name);
  expect(left).not.toContain('BnpAuth');
  expect(left).not.toContain('bnp_session');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('bnp_session');
  // Back does not bring the account page back from a cache: whoever uses the phone next sees none of it. The page
  // Back fetches sends the browser on to sign in, which Chromium can report as the Back navigation aborted: where it
  // ends is what counts, checked next.
  await page.goBack().catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/\/signin\/\?url=%2Faccount%2F$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your account' })).toHaveCount(0);

  await page.goto('/signin/?url=%2Fspecials%2F');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/specials\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Ada!/ })).toBeVisible();

  // Signed in, the sign-in and sign-up pages say so and lead on; the form is still there for someone else.
  for (const path of ['/signin/?url=%2Fspecials%2F', '/signin/?method=code&url=%2Fspecials%2F', '/signup/?url=%2Fspecials%2F']) {
    await page.goto(path);
    const signedIn = page.getByRole('main').getByRole('status').filter({ hasText: 'You are signed in as' });
    await expect(signedIn, path).toContainText(`You are signed in as Ada (${email}).`);
    await expect(signedIn.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account/');
    await expect(signedIn.getByRole('link', { name: 'Carry on where you were' })).toHaveAttribute('href', '/specials/');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  }
});

test('the forms show field errors from the shared rules, and a foreign return address goes home', async ({ page, baseURL }) => {
  await page.goto('/signup/');
  await page.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name', { exact: true }).fill('Bo');
  await page.getByLabel('E-mail', { exact: true }).fill(`bo-${unique()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();

  const email = `cy-${unique()}@example.com`;
  await page.goto(`/signup/?url=${encodeURIComponent('//evil.example/')}`);
  await fillSignUp(page, 'Cy', email);
  await followSignUpLink(page, email);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Cy!/ })).toBeVisible();
  const home = new URL('/', baseURL!).href;
  await expect(page).toHaveURL(home);
});

test('reset the password through the mailed link, once', async ({ page }) => {
  const email = `dee-${unique()}@example.com`;
  await signUp(page, 'Dee', email);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Dee!/ })).toBeVisible();
  // Signing out through the header is the first journey's; here the session simply ends.
  await page.context().clearCookies();
  await page.goto('/');

  await page.goto('/signin/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/resetemail\/$/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/resetconfirmation\/$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('amber-bridge-93-lantern');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/signin\/\?reset=done$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password is changed. Please sign in with the new one.');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('amber-bridge-93-lantern');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Dee!/ })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the new password' })).toHaveCount(0);
});

test('signing up with an address that has an account answers the same; its owner is mailed, and a used link says so', async ({ page }) => {
  const email = `eve-${unique()}@example.com`;
  await signUp(page, 'Eve', email);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, Eve!/ })).toBeVisible();
  const used = await signUpLinkFor(email);
  // Signing out through the header is the first journey's; here the session simply ends.
  await page.context().clearCookies();
  await page.goto('/');

  await page.goto('/signup/?url=%2Fspecials%2F');
  await fillSignUp(page, 'Someone', email);
  await expect(page.getByRole('main').getByRole('status')).toContainText(CHECK_YOUR_MAIL);
  const signIn = await mailedLink(email, /https?:\/\/\S+\/signin\/\?url=%2Fspecials%2F/);
  await page.goto(`${signIn}?url=%2Fspecials%2F`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto(used);
  await expect(page.getByText('This link has expired or has been used already.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create my account' })).toHaveCount(0);
});

test('without scripts the account page signs out by a form: the session ends on the server and both cookies go', async ({ browser, baseURL }) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await signUpByApi(api, { name: 'Nadia Noscript', email: `noscript-${unique()}@example.com`, password: PASSWORD });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await api.storageState(), viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The session is over on the server: the account page asks to sign in.
  await page.goto('/account/');
  await expect(page).toHaveURL(/\/signin\//);
  const left = (await context.cookies()).map((cookie) => cookie.name);
  expect(left).not.toContain('BnpAuth');
  expect(left).not.toContain('bnp_session');
  await context.close();
  await api.dispose();
});

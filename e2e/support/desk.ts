import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './worker-server';
import { OWNER_DOMAIN, STAFF_DOMAIN } from '../../playwright.config';
import { PASSWORD, signUp, unique } from './journeys';
import { signUpByApi } from './mail';

/**
 * How a desk journey's staff member or owner gets their account: 'api' (the default) through the JSON API and the
 * mailed link's token, into the page's context, for journeys about the desk rather than signing up; 'form' through
 * the sign-up form and the mailed link's page, as a person does. The form takes two more page loads: 2.9 s against
 * 1.2 s a sign-up on a busy two-core machine, over the desk journeys' fifty.
 */
type SignUpWay = 'api' | 'form';

/** Signs up `email` (staff or owner by its domain) the given way and lands on `landing`. */
export async function signUpToDesk(page: Page, name: string, email: string, landing: string, way: SignUpWay = 'api'): Promise<void> {
  if (way === 'form') {
    await signUp(page, name, email, landing);
  } else {
    // The API asks for the site's Origin; the context's baseURL is the site, and the answer's URL says it.
    const origin = new URL((await page.request.get('/api/health/')).url()).origin;
    await signUpByApi(page.request, { name, email, password: PASSWORD }, { origin });
    await page.goto(landing);
  }
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/?]/g, '\\$&')}$`));
}

/**
 * Signs up a new staff member (an address at the journeys' STAFF_EMAILS domain) through the mailed link and lands on
 * the front desk. Returns the address used.
 */
export async function signInAsStaff(page: Page, name = 'Dana Desk', landing = '/desk/', way: SignUpWay = 'api'): Promise<string> {
  const email = `desk-${unique()}${STAFF_DOMAIN}`;
  await signUpToDesk(page, name, email, landing, way);
  return email;
}

/** Signs up a new owner (an address at the journeys' OWNER_EMAILS domain) and lands on `landing`. Returns the address. */
export async function signInAsOwner(page: Page, name = 'Olive Owner', landing = '/desk/', way: SignUpWay = 'api'): Promise<string> {
  const email = `owner-${unique()}${OWNER_DOMAIN}`;
  await signUpToDesk(page, name, email, landing, way);
  return email;
}

/** A context signed in as whoever is signed in on `page`, at a phone's width, with or without scripts. */
export async function phoneContext(browser: Browser, page: Page, baseURL: string, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
}

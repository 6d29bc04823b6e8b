import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './worker-server';
import { OWNER_DOMAIN, STAFF_DOMAIN } from '../../playwright.config';
import { signUp, unique } from './journeys';

/**
 * Signs up a new staff member (an address at the journeys' STAFF_EMAILS domain) through the mailed link and lands on
 * the front desk. Returns the address used.
 */
export async function signInAsStaff(page: Page, name = 'Dana Desk', landing = '/desk/'): Promise<string> {
  const email = `desk-${unique()}${STAFF_DOMAIN}`;
  await signUp(page, name, email, landing);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/]/g, '\\/')}$`));
  return email;
}

/** Signs up a new owner (an address at the journeys' OWNER_EMAILS domain) and lands on `landing`. Returns the address. */
export async function signInAsOwner(page: Page, name = 'Olive Owner', landing = '/desk/'): Promise<string> {
  const email = `owner-${unique()}${OWNER_DOMAIN}`;
  await signUp(page, name, email, landing);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/?]/g, '\\$&')}$`));
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

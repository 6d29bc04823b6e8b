import type { Page } from '@playwright/test';
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

import { expect, test } from './support/worker-server';
import { addToBooking, scrollToSignInStep } from './support/journeys';

// Issue 38: zod 4 tested `new Function` the first time a schema was built, and the CSP (no 'unsafe-eval') reported it
// on every page, a best-practices point in Lighthouse. zod now runs jitless (lib/zod-jitless.ts): no page reports a
// violation, the parts the booking page loads on a tap (the sign-in step and its schemas) included.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
});

function watchCsp(page: import('@playwright/test').Page) {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|Refused to evaluate/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

const violations = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('a menu and the booking page with its sign-in step run without a CSP violation', async ({ page }) => {
  const console = watchCsp(page);
  // A catalogue page, hydrated and used: Add to booking loads the card's code and its schemas.
  await addToBooking(page, '/services/womens-wax/');
  expect(await violations(page)).toEqual([]);

  await page.goto('/booking/');
  const strip = page.getByRole('group', { name: 'Day of your visit' });
  await expect(strip.getByRole('button')).toHaveCount(14);
  // The free times are read (their answer's schema), then a tap loads the sign-in step (the code form's schemas).
  await scrollToSignInStep(page);
  await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(console).toEqual([]);
});

// Cara books Glow Massage with Nadia; the desk creates a customer with a formula-like name.
import { browser, context, DESKTOP, shot, BASE } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'customer');
const page = await ctx.newPage();
await page.goto('/services/womens-bodycare-massage/', { waitUntil: 'load' });
await page.getByRole('button', { name: /^Add to booking: Glow Massage/ }).first().click();
await page.waitForTimeout(800);
await page.goto('/booking/', { waitUntil: 'load' });
await page.waitForTimeout(1500);
await shot(page, '14-booking-start', false);
console.log('url', page.url(), (await page.locator('main').innerText()).slice(0, 400).replace(/\n+/g, ' / '));
await page.getByLabel('Therapist for Massage & Cupping').selectOption({ label: 'Nadia Rivers' });
await page.waitForTimeout(1500);
const days = await page.getByRole('button', { name: /times$|closed|no free/ }).allTextContents();
console.log('days with nadia', (await page.getByRole('button', { name: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w+:/ }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent))).join(' | '));
await page.getByRole('button', { name: /^Wed 16 Dec/ }).click().catch(async () => { await page.getByRole('button', { name: /^Wed 2 Dec/ }).click(); });
await page.waitForTimeout(1500);
await shot(page, '14-booking-nadia', false);
const id = await page.locator('input[name="visit-time"]').first().getAttribute('id');
await page.locator(`label[for="${id}"]`).click();
await page.getByRole('button', { name: 'BOOK', exact: true }).click();
await page.waitForTimeout(5000);
console.log('after BOOK', page.url());
await shot(page, '14-booked');
console.log((await page.locator('main').innerText()).slice(0, 600).replace(/\n+/g, ' / '));
await ctx.close();
// desk creates a customer with a formula-like name
const o = await context(b, DESKTOP, 'owner');
const op = await o.newPage();
for (const person of [{ name: "=HYPERLINK(\"http://evil.example\",\"Click\")", phone: '+1 212 555 0199' }, { name: '+Zoë Ünal', phone: '212-555-0123', email: 'zoe@example.com' }, { name: '@Sam, "The Boss"', phone: '(917) 555-0100' }]) {
  const r = await op.request.post('/api/desk/customers/', { headers: { origin: BASE }, data: person });
  console.log('create customer', person.name, r.status(), (await r.text()).slice(0, 200));
}
await o.close(); await b.close();

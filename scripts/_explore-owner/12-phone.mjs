// The owner on a phone: edit a price, hours, a roster cell, the day view, therapist, reports.
import { browser, context, PHONE, shot, flashText, sideways, addDays, settle } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, PHONE, 'owner');
const page = await ctx.newPage();
const svcUrl = fs.readFileSync('/tmp/explore-owner-state/newservice.txt', 'utf8');
await page.goto('/desk/', { waitUntil: 'load' });
await shot(page, '12-phone-desk-home', false);
// nav: how does the owner get to the menu from the phone?
const navLinks = await page.getByRole('navigation').first().getByRole('link').allTextContents();
console.log('nav links', navLinks);
const menuBtn = page.getByRole('button', { name: /menu|more/i });
console.log('menu-like buttons', await menuBtn.allTextContents());
await page.goto(svcUrl, { waitUntil: 'load' });
await sideways(page, 'phone service edit');
await shot(page, '12-phone-service-edit');
await page.locator('#service-price').tap();
await page.locator('#service-price').fill('99');
await page.getByRole('button', { name: 'Save changes' }).tap();
await settle(page);
console.log('phone save', await flashText(page));
await shot(page, '12-phone-service-saved', false);
for (const p of ['/desk/rosters/?location=1', '/desk/hours/?location=soho', '/desk/closures/', '/desk/time-off/', '/desk/team/', '/desk/reports/?preset=month', '/desk/activity/', '/desk/gift-cards/', '/desk/promotions/', '/desk/menu/']) {
  await page.goto(p, { waitUntil: 'load' });
  await sideways(page, 'phone ' + p);
}
// roster cell tap
await page.goto('/desk/rosters/?location=1', { waitUntil: 'load' });
const cell = page.locator('table a, [role=grid] a').first();
if (await cell.count()) { await cell.tap(); await settle(page); console.log('cell ->', page.url()); await shot(page, '12-phone-roster-cell'); }
const nadia = fs.readFileSync('/tmp/explore-owner-state/nadia.txt', 'utf8');
await page.goto(`/desk/team/therapists/${nadia}/`, { waitUntil: 'load' });
await sideways(page, 'phone therapist');
await shot(page, '12-phone-therapist');
const wed = fs.readFileSync('/tmp/explore-owner-state/wed.txt', 'utf8');
await page.goto('/desk/day/soho/' + addDays(wed, 1) + '/', { waitUntil: 'load' });
await sideways(page, 'phone day');
await shot(page, '12-phone-day', false);
await ctx.close(); await b.close();

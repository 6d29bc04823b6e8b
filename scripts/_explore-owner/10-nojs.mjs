// Owner forms without JavaScript.
import { browser, context, DESKTOP, shot, flashText, nyToday, addDays, settle } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, { ...DESKTOP, javaScriptEnabled: false }, 'owner');
const page = await ctx.newPage();
const step = async (label, fn) => { try { await fn(); console.log(`[nojs] ${label}: url=${page.url().replace(/^http:\/\/[^/]+/, '')} flash="${(await flashText(page)).slice(0, 250)}"`); } catch (e) { console.log(`[nojs] ${label} FAILED`, e.message.split('\n')[0]); await shot(page, '10-fail-' + label.replace(/\W+/g, '-')); } };
// menu: price change on Eyebrows Wax
await step('service price', async () => {
  await page.goto('/desk/menu/?q=Eyebrows&gender=women');
  await page.getByRole('link', { name: 'Eyebrows', exact: true }).first().click();
  await page.waitForURL(/services\//);
  const p = await page.locator('#service-price').inputValue();
  await page.locator('#service-price').fill(String(Number(p) + 1));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await settle(page);
  console.log('   price now', await page.locator('#service-price').inputValue(), 'was', p);
  await shot(page, '10-nojs-service-saved', false);
});
// deposit on Glow Massage
const svcUrl = fs.readFileSync('/tmp/explore-owner-state/newservice.txt', 'utf8');
await step('deposit percent', async () => {
  await page.goto(svcUrl);
  await page.locator('#service-deposit-percent').check();
  await page.locator('#service-deposit-percentage').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await settle(page);
  console.log('   deposit hint', (await page.locator('#service-deposit-hint').innerText()).slice(-80));
});
await step('deposit bad amount', async () => {
  await page.goto(svcUrl);
  await page.locator('#service-deposit-fixed').check();
  await page.locator('#service-deposit-amount').fill('12.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await settle(page);
  await shot(page, '10-nojs-deposit-bad', false);
});
await step('deposit larger than price', async () => {
  await page.goto(svcUrl);
  await page.locator('#service-deposit-fixed').check();
  await page.locator('#service-deposit-amount').fill('500');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await settle(page);
  console.log('   deposit hint', (await page.locator('#service-deposit-hint').innerText()).slice(-90));
  await shot(page, '10-nojs-deposit-over-price', false);
});
// photo upload without JS
await step('photo upload', async () => {
  await page.goto(svcUrl);
  await page.locator('input[type=file]').setInputFiles('/tmp/explore-owner-files/test-photo.jpg');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await settle(page);
  await shot(page, '10-nojs-photo');
});
await step('photo upload fake', async () => {
  await page.goto(svcUrl);
  await page.locator('input[type=file]').setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('nope') });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await settle(page);
  await shot(page, '10-nojs-photo-fake');
});
await step('photo upload none chosen', async () => {
  await page.goto(svcUrl);
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await settle(page);
  await shot(page, '10-nojs-photo-none');
});
await step('closure', async () => {
  await page.goto('/desk/closures/?location=2');
  await page.locator('#closure-date').fill(addDays(nyToday(), 40));
  await page.locator('#closure-name').fill('Midtown inventory');
  await page.getByRole('button', { name: 'Close this day' }).click();
  await settle(page);
});
await step('hours week', async () => {
  await page.goto('/desk/hours/?location=nolita');
  await page.locator('select[name$="close"]').first().selectOption({ index: 3 });
  await page.getByRole('button', { name: 'Save the week' }).click();
  await settle(page);
  await shot(page, '10-nojs-hours');
});
await step('hours special', async () => {
  await page.goto('/desk/hours/?location=nolita');
  await page.locator('#special-date').fill(addDays(nyToday(), 10));
  await page.locator('#special-note').fill('Late night');
  await page.getByRole('button', { name: 'Add special hours' }).click();
  await settle(page);
});
await step('gift amounts', async () => {
  await page.goto('/desk/gift-cards/');
  await page.locator('#gift-card-amounts').fill('25, 50, 75, 100, 250');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await settle(page);
});
await step('gift amounts bad', async () => {
  await page.goto('/desk/gift-cards/');
  await page.locator('#gift-card-amounts').fill('25, -5, 33, abc, 1000');
  await page.getByRole('button', { name: 'Save amounts' }).click();
  await settle(page);
  await shot(page, '10-nojs-gift-bad');
});
await step('banner', async () => {
  await page.goto('/desk/promotions/');
  await page.locator('#banner-text').fill('No-script banner');
  await page.getByRole('button', { name: /Save/ }).first().click();
  await settle(page);
});
await step('therapist add (no js)', async () => {
  await page.goto('/desk/team/therapists/new/');
  await page.getByLabel('Name', { exact: true }).fill('Omar Nojs');
  await page.locator('details[data-location]').nth(1).locator('summary').first().click();
  await page.getByLabel('All of Skincare at Midtown').check();
  await page.getByRole('button', { name: 'Add therapist' }).click();
  await settle(page);
});
await step('roster add (no js)', async () => {
  await page.goto('/desk/rosters/?location=2');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save shift' }) });
  await form.getByLabel('Therapist').selectOption({ label: 'Omar Nojs' });
  await form.getByLabel('Area').selectOption({ label: 'Skincare' });
  await form.getByLabel('Weekday').selectOption({ label: 'Thursday' });
  await form.getByRole('button', { name: 'Save shift' }).click();
  await settle(page);
  await shot(page, '10-nojs-roster', false);
});
await step('time off (no js)', async () => {
  await page.goto('/desk/time-off/');
  await shot(page, '10-nojs-timeoff-page');
});
await step('invite (no js)', async () => {
  await page.goto('/desk/team/');
  await page.getByLabel(/E-mail/).first().fill('newdesk@staff.example.com');
  await page.getByRole('button', { name: /Invite|Send/ }).first().click();
  await settle(page);
});
await step('reports custom (no js)', async () => {
  await page.goto('/desk/reports/');
  await page.locator('#report-from').fill('2026-11-01');
  await page.locator('#report-to').fill('2026-11-30');
  await page.getByRole('button', { name: 'Show' }).click();
  await settle(page);
});
await ctx.close(); await b.close();

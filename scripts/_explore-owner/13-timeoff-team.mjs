// Time off for Nadia; retire flow; team invitations and roles.
import { browser, context, DESKTOP, shot, flashText, addDays, mailsTo, settle } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'owner');
const page = await ctx.newPage();
const d = addDays(fs.readFileSync('/tmp/explore-owner-state/wed.txt', 'utf8'), 7);
const nadia = fs.readFileSync('/tmp/explore-owner-state/nadia.txt', 'utf8');
const times = async (label) => { const r = await page.request.get(`/api/visits/soho/?areas=4:${nadia}:60&from=${d}&date=${d}&days=1`); const j = await r.json(); const t = JSON.stringify(j).match(/"time":"\d\d:\d\d"/g) ?? []; console.log(label, r.status(), t.length, t.slice(0, 20).join(' ')); };
await times('nadia before time off');
await page.goto('/desk/time-off/', { waitUntil: 'load' });
await page.locator('#once-therapist').selectOption({ label: 'Nadia Rivers' });
await page.locator('#once-starts').fill(`${d}T12:00`);
await page.locator('#once-ends').fill(`${d}T14:00`);
await page.locator('#once-reason').fill('Dentist 🦷');
await page.getByRole('button', { name: 'Block this time' }).click();
await settle(page);
console.log('time off flash', await flashText(page));
await shot(page, '13-timeoff-added');
await times('nadia after time off');
// ends before starts
await page.locator('#once-therapist').selectOption({ label: 'Nadia Rivers' });
await page.locator('#once-starts').fill(`${d}T15:00`);
await page.locator('#once-ends').fill(`${d}T13:00`);
await page.getByRole('button', { name: 'Block this time' }).click();
await settle(page);
console.log('backwards time off', await flashText(page), await page.locator('p.text-red-800').allInnerTexts());
// team page: invite, roles
await page.goto('/desk/team/', { waitUntil: 'load' });
await shot(page, '13-team');
console.log('team text', (await page.locator('main').innerText()).slice(0, 1500).replace(/\n+/g, ' / '));
await ctx.close(); await b.close();

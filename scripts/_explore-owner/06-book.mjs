// A customer finds the new service, sees the new therapist, tries the closed day.
import { browser, context, DESKTOP, PHONE, shot, flashText, sideways } from './lib.mjs';
import fs from 'node:fs';
const [, , mode = 'desk', menu = '/services/womens-bodycare-massage/'] = process.argv;
const b = await browser();
const ctx = await context(b, mode === 'phone' ? PHONE : DESKTOP, 'customer');
const page = await ctx.newPage();
const d = fs.readFileSync('/tmp/explore-owner-state/wed.txt', 'utf8');
await page.goto(menu, { waitUntil: 'load' });
const adds = await page.getByRole('button', { name: /^Add to booking: / }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
console.log('add buttons', adds.filter((a) => /Glow|Double/.test(a)), adds.length);
const glow = page.getByRole('button', { name: /^Add to booking: Glow Massage/ }).first();
if (await glow.count()) { await glow.click(); await page.waitForTimeout(800); }
await shot(page, `06-${mode}-menu-added`, false);
await page.goto('/booking/', { waitUntil: 'load' });
await page.waitForTimeout(1500);
await sideways(page, mode + ' booking');
await shot(page, `06-${mode}-booking`);
const controls = await page.locator('main').evaluate((m) => [...m.querySelectorAll('button, select, input, a')].slice(0, 80).map((e) => `${e.tagName}${e.type ? '[' + e.type + ']' : ''} "${(e.getAttribute('aria-label') || e.textContent || e.name || '').trim().slice(0, 50)}"`));
console.log(controls.join('\n'));
const selects = await page.locator('main select').evaluateAll((ss) => ss.map((s) => `${s.name || s.id}: ${[...s.options].map((o) => o.textContent).join(' | ')}`));
console.log('selects', selects);
console.log('main text:', (await page.locator('main').innerText()).slice(0, 1200).replace(/\n+/g, ' / '));
await ctx.close(); await b.close();

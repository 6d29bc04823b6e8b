// Close SoHo for a day; see that day unbookable; malformed closure input.
import { browser, context, DESKTOP, shot, flashText, nyToday, addDays, settle } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'owner');
const page = await ctx.newPage();
const d = fs.readFileSync('/tmp/explore-owner-state/wed.txt', 'utf8');
const nadia = fs.readFileSync('/tmp/explore-owner-state/nadia.txt', 'utf8');
const q = async (label) => { const v = await page.request.get(`/api/visits/soho/?areas=4:0:60&from=${d}&date=${d}&days=3`); const j = await v.json(); console.log(label, v.status(), JSON.stringify(j).slice(0, 500)); return j; };
if (!process.env.SKIP1) {
await q('visits before closure');
await page.goto('/desk/closures/?location=1', { waitUntil: 'load' });
await page.locator('#closure-date').fill(d);
await page.locator('#closure-name').fill('Staff training 🎓');
await page.getByRole('button', { name: 'Close this day' }).click();
await settle(page);
console.log('closure flash', await flashText(page), page.url());
await shot(page, '07-closure-added');
await page.reload({ waitUntil: 'load' });
console.log('after reload has Staff training:', (await page.locator('main').innerText()).includes('Staff training'));
await q('visits after closure');
// desk day view for that date
const dv = await page.goto(`/desk/day/soho/${d}/`, { waitUntil: 'load' });
console.log('day view', dv.status());
await shot(page, '07-dayview-closed', false);
}
// duplicate closure of the same day
await page.goto('/desk/closures/?location=1', { waitUntil: 'load' });
await page.locator('#closure-date').fill(d);
await page.locator('#closure-name').fill('Again');
await page.getByRole('button', { name: 'Close this day' }).click();
await settle(page);
console.log('duplicate closure flash', await flashText(page));
// empty
await page.goto('/desk/closures/?location=1', { waitUntil: 'load' });
await page.getByRole('button', { name: 'Close this day' }).click();
await settle(page);
console.log('empty closure flash', await flashText(page));
await shot(page, '07-closure-empty');
// past date
await page.locator('#closure-date').fill('2020-03-03');
await page.locator('#closure-name').fill('Past');
await page.getByRole('button', { name: 'Close this day' }).click();
await settle(page);
console.log('past closure flash', await flashText(page), page.url());
// huge name
await page.goto('/desk/closures/?location=1', { waitUntil: 'load' });
await page.locator('#closure-name').evaluate((e) => e.removeAttribute('maxlength'));
await page.locator('#closure-date').fill(addDays(d, 1));
await page.locator('#closure-name').fill('x'.repeat(5000));
await page.getByRole('button', { name: 'Close this day' }).click();
await settle(page);
console.log('huge name flash', await flashText(page), page.url());
await shot(page, '07-closure-huge');
// activity shows closures?
await page.goto('/desk/activity/', { waitUntil: 'load' });
console.log('activity mentions closure/Staff training:', /Staff training|closure/i.test(await page.locator('main').innerText()));
await ctx.close(); await b.close();

// Banner and news; home page shows them.
import { browser, context, DESKTOP, PHONE, shot, flashText, nyToday, addDays, sideways, settle } from './lib.mjs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'owner');
const page = await ctx.newPage();
await page.goto('/desk/promotions/', { waitUntil: 'load' });
const today = nyToday();
await page.locator('#banner-text').fill('Winter glow: 20% off every facial until Dec 24 ❄️');
await page.locator('#banner-link').fill('/specials/women/');
await page.locator('#banner-starts').fill(today);
await page.locator('#banner-ends').fill(addDays(today, 20));
await page.getByRole('button', { name: /Save.*banner|Save banner|Save/ }).first().click();
await settle(page);
console.log('banner flash', await flashText(page));
await shot(page, '08-banner-saved');
// bad link
await page.locator('#banner-link').fill('javascript:alert(1)');
await page.getByRole('button', { name: /Save/ }).first().click();
await settle(page);
console.log('bad link flash', await flashText(page));
// ends before starts
await page.goto('/desk/promotions/', { waitUntil: 'load' });
await page.locator('#banner-text').fill('Backwards');
await page.locator('#banner-starts').fill(addDays(today, 5));
await page.locator('#banner-ends').fill(addDays(today, 1));
await page.getByRole('button', { name: /Save/ }).first().click();
await settle(page);
console.log('backwards flash', await flashText(page));
await shot(page, '08-banner-backwards');
// news card
await page.goto('/desk/promotions/', { waitUntil: 'load' });
const btns = await page.getByRole('button').allTextContents();
console.log('buttons', btns);
const newForm = page.locator('form', { has: page.getByRole('button', { name: /Add card|Add the card|Add/ }) }).last();
await newForm.getByLabel('Title').fill('Nadia joins SoHo');
await newForm.getByLabel('Text').fill('Book a Glow Massage ✨ with Nadia, Wednesdays at SoHo.');
await newForm.getByLabel('Link (optional)').fill('/services/womens-bodycare-massage/');
const pub = newForm.getByRole('checkbox');
if (await pub.count()) await pub.first().check();
await newForm.getByRole('button').last().click();
await settle(page);
console.log('news flash', await flashText(page));
await shot(page, '08-news-added');
await page.waitForTimeout(1500);
for (const [label, opts] of [['desk', DESKTOP], ['phone', PHONE]]) {
  const c = await context(b, opts);
  const p = await c.newPage();
  await p.goto('/', { waitUntil: 'load' });
  const t = await p.locator('body').innerText();
  console.log(label, 'home has banner:', t.includes('Winter glow'), 'news:', t.includes('Nadia joins'));
  await sideways(p, label + ' home');
  await shot(p, `08-home-${label}`, false);
  await shot(p, `08-home-${label}-full`);
  await c.close();
}
await ctx.close(); await b.close();

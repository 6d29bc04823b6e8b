// Raise a price, see it on the public menu; deposits; reload keeps it.
import { browser, context, DESKTOP, shot, flashText, sideways } from './lib.mjs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'owner');
const page = await ctx.newPage();
await page.goto('/desk/menu/?q=Eyebrows&gender=women&status=live');
await shot(page, '03-menu-find');
const link = page.getByRole('link', { name: 'Eyebrows', exact: true }).first();
await link.click();
await page.waitForURL(/\/desk\/menu\/services\//);
const editUrl = page.url();
console.log('edit url', editUrl);
const before = await page.locator('#service-price').inputValue();
console.log('price before', before);
// public page price before
const pub = await ctx.newPage();
await pub.goto('/services/womens-eyebrows-wax/');
console.log('public before:', (await pub.locator('main').innerText()).match(/\$\s?\d+(\.\d\d)?/g)?.slice(0, 6));
const newPrice = String(Number(before) + 7);
await page.locator('#service-price').fill(newPrice);
await shot(page, '03-price-typed', false);
await page.getByRole('button', { name: 'Save changes' }).click();
await page.waitForLoadState('networkidle');
console.log('flash:', await flashText(page));
await shot(page, '03-price-saved');
await page.reload({ waitUntil: 'load' });
console.log('after reload price field', await page.locator('#service-price').inputValue());
await page.waitForTimeout(1500);
for (const url of ['/services/womens-eyebrows-wax/', '/services/womens-wax/', '/soho/services/womens-wax/', '/packages/womens-eyebrows-wax-x3/']) {
  const r = await pub.goto(url, { waitUntil: 'load' });
  const text = await pub.locator('main').innerText();
  const idx = text.indexOf('Eyebrows Wax');
  console.log('public', url, r.status(), 'contains $' + newPrice + ':', text.includes('$' + newPrice), '| snippet:', text.slice(Math.max(0, idx - 20), idx + 160).replace(/\s+/g, ' '));
  await shot(pub, '03-public' + url.replace(/\//g, '_'), false);
}
// catalog-live
const live = await pub.goto('/catalog-live.json');
console.log('catalog-live', live.status(), (await live.text()).slice(0, 300));
await ctx.close(); await b.close();

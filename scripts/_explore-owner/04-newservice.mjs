// Add a new service with emoji name and a photo, find it on the site; photo errors.
import { browser, context, DESKTOP, shot, flashText, sideways } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, DESKTOP, 'owner');
const page = await ctx.newPage();
await page.goto('/desk/menu/?gender=women&tab=bodycare-massage');
await shot(page, '04-menu-massage');
const opts = await page.locator('#new-type option').evaluateAll((os) => os.map((o) => `${o.value}=${o.textContent}`));
console.log('type options', opts.length, opts.filter((o) => /Massage/.test(o)));
const massage = opts.find((o) => /^0:16777216=/.test(o))?.split('=')[0] ?? '0:16777216';
await page.selectOption('#new-type', massage);
await page.fill('#new-name', 'Glow Massage ✨');
await page.fill('#new-desc', 'A warm, slow full-body massage with our glow oil. Café-grade calm — 60 minutes of “pure” bliss.');
await page.fill('#new-price', '95');
await page.fill('#new-duration', '60');
await page.getByRole('button', { name: 'Add to the menu' }).click();
await page.waitForLoadState('networkidle');
console.log('after add url', page.url(), 'flash:', await flashText(page));
await shot(page, '04-added');
const svcUrl = page.url().split('?')[0].split('#')[0];
fs.writeFileSync('/tmp/explore-owner-state/newservice.txt', svcUrl);
// upload photo
const file = page.locator('input[type=file]').first();
await file.setInputFiles('/tmp/explore-owner-files/test-photo.jpg');
await page.waitForTimeout(4000);
console.log('photo status:', await flashText(page));
await shot(page, '04-photo-uploaded');
// bad photo: tiny and fake
await file.setInputFiles('/tmp/explore-owner-files/tiny.png');
await page.waitForTimeout(2500);
console.log('tiny status:', await flashText(page));
await file.setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync('/tmp/explore-owner-files/fake.jpg') });
await page.waitForTimeout(2500);
console.log('fake status:', await flashText(page));
await shot(page, '04-photo-fake');
await page.reload({ waitUntil: 'load' });
console.log('after reload: img', await page.locator('img[alt="The photo now"]').count());
const pageLink = await page.getByRole('link', { name: 'its page' }).getAttribute('href');
console.log('its page', pageLink);
const pub = await ctx.newPage();
await pub.waitForTimeout(1500);
for (const url of [pageLink, '/services/womens-bodycare-massage/', '/soho/services/womens-bodycare-massage/', '/midtown/services/womens-bodycare-massage/']) {
  const r = await pub.goto(url, { waitUntil: 'load' });
  const text = await pub.locator('body').innerText();
  const i = text.indexOf('Glow Massage');
  console.log('public', url, r.status(), 'has Glow:', i >= 0, text.slice(Math.max(0, i - 30), i + 150).replace(/\s+/g, ' '));
  const imgs = await pub.locator('img').evaluateAll((is) => is.filter((i) => /media\//.test(i.currentSrc || i.src)).map((i) => i.currentSrc || i.src));
  console.log('  media imgs', imgs.slice(0, 3));
  await shot(pub, '04-public' + url.replace(/[\/?=&]/g, '_'), url === pageLink);
}
// search
const r = await pub.goto('/search/?q=glow', { waitUntil: 'load' });
console.log('search glow', r.status(), (await pub.locator('main').innerText()).slice(0, 300).replace(/\s+/g, ' '));
await shot(pub, '04-search-glow', false);
await ctx.close(); await b.close();

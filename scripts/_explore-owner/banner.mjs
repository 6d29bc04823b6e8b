import { browser, context, DESKTOP, shot } from './lib.mjs';
const b = await browser(); const ctx = await context(b, DESKTOP); const page = await ctx.newPage();
const r = await page.goto('/', { waitUntil: 'commit' });
const html = await r.text();
console.log('html has banner text:', html.includes('Winter glow'), 'cache', r.headers()['cache-control'], r.headers()['x-nextjs-cache'], r.headers()['age']);
for (let i = 0; i < 20; i++) { const t = await page.locator('body').innerText().catch(() => ''); if (i % 2 === 0) console.log(i * 500, 'ms banner visible:', t.includes('Winter glow')); if (i === 4) await shot(page, '08-home-banner-2s', false); await page.waitForTimeout(500); }
const r2 = await page.request.get('/');
console.log('second fetch has banner:', (await r2.text()).includes('Winter glow'));
await b.close();

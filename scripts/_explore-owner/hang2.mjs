import { browser, context, DESKTOP } from './lib.mjs';
const b = await browser(); const ctx = await context(b, DESKTOP, 'owner'); const page = await ctx.newPage();
const start = new Map();
page.on('request', (r) => start.set(r, Date.now()));
page.on('requestfinished', (r) => { const d = Date.now() - start.get(r); if (d > 2000) console.log('slow finished', r.url().replace(/^http:\/\/[^/]+/, ''), d, 'ms'); start.delete(r); });
page.on('requestfailed', (r) => { console.log('failed', r.url(), Date.now() - start.get(r), r.failure()?.errorText); start.delete(r); });
for (const url of (process.argv[2] ?? '/desk/closures/?location=1,/desk/closures/?location=1').split(',')) { await page.goto(url, { waitUntil: 'load' }); console.log('loaded', url); await page.waitForTimeout(5000); }
await page.waitForTimeout(40000);
for (const [r, t] of start) console.log('still pending', r.url().replace(/^http:\/\/[^/]+/, ''), Date.now() - t);
await b.close();

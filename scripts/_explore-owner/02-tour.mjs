// Every owner page on desktop and phone: screenshot, sideways scroll, console.
import { browser, context, DESKTOP, PHONE, shot, sideways } from './lib.mjs';
const pages = ['/desk/', '/desk/menu/', '/desk/team/', '/desk/team/therapists/new/', '/desk/hours/', '/desk/closures/', '/desk/rosters/', '/desk/time-off/', '/desk/promotions/', '/desk/gift-cards/', '/desk/reports/', '/desk/activity/', '/desk/customers/', '/desk/waitlist/'];
const which = process.argv[2] ?? 'both';
const b = await browser();
for (const [label, opts] of [['desk', DESKTOP], ['phone', PHONE]]) {
  if (which !== 'both' && which !== label) continue;
  const ctx = await context(b, opts, 'owner');
  const page = await ctx.newPage();
  for (const p of pages) {
    const t0 = Date.now();
    const res = await page.goto(p, { waitUntil: 'load' }).catch((e) => { console.log('goto fail', p, e.message); return null; });
    console.log(`[${label}] ${p} -> ${res?.status()} ${Date.now() - t0}ms title="${await page.title()}"`);
    await sideways(page, `${label} ${p}`);
    await shot(page, `02-${label}-${p.replace(/\//g, '_').replace(/^_|_$/g, '') || 'root'}`);
  }
  await ctx.close();
}
await b.close();

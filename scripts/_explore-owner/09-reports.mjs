// Reports for periods; every CSV export downloaded and opened.
import { browser, context, DESKTOP, PHONE, shot, flashText, nyToday, addDays, sideways } from './lib.mjs';
import fs from 'node:fs';
const b = await browser();
const ctx = await context(b, { ...DESKTOP, acceptDownloads: true }, 'owner');
const page = await ctx.newPage();
const t0 = Date.now();
await page.goto('/desk/reports/', { waitUntil: 'load' });
console.log('reports load', Date.now() - t0, 'ms', page.url());
await shot(page, '09-reports-default');
for (const name of ['Today', 'This week', 'This month', 'Last month']) {
  const l = page.getByRole('link', { name, exact: true });
  if (await l.count()) { await l.first().click(); await page.waitForLoadState('networkidle'); console.log('preset', name, page.url()); }
}
await shot(page, '09-reports-lastmonth');
// custom bad ranges
for (const [from, to] of [['2026-12-10', '2026-12-01'], ['2024-01-01', '2026-12-01'], ['', ''], ['2026-02-30', '2026-03-01']]) {
  const r = await page.goto(`/desk/reports/?from=${from}&to=${to}&location=all`, { waitUntil: 'load' });
  console.log('range', from, to, r.status(), (await flashText(page)).slice(0, 200), '| h1+', (await page.locator('main').innerText()).slice(0, 160).replace(/\s+/g, ' '));
}
await shot(page, '09-reports-badrange');
// the export links, clicked as the owner would
await page.goto(`/desk/reports/?from=${addDays(nyToday(), -30)}&to=${addDays(nyToday(), 30)}&location=all`, { waitUntil: 'load' });
await shot(page, '09-reports-range');
const links = page.locator('a[href*="/api/desk/exports/"]');
const n = await links.count();
for (let i = 0; i < n; i++) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), links.nth(i).click()]);
  const f = `/tmp/explore-owner-files/${dl.suggestedFilename()}`;
  await dl.saveAs(f);
  const txt = fs.readFileSync(f, 'utf8');
  console.log('=== download', dl.suggestedFilename(), txt.length, 'bytes; BOM', txt.charCodeAt(0) === 0xfeff);
  console.log(txt.slice(0, 1500));
}
// location filters
for (const loc of ['soho', 'williamsburg', 'nowhere']) {
  const r = await page.request.get(`/api/desk/exports/appointments.csv?from=2026-11-01&to=2026-11-30&location=${loc}`);
  console.log('export loc', loc, r.status(), r.headers()['content-disposition'], (await r.text()).slice(0, 200));
}
for (const qs of ['from=2026-11-01', 'from=2026-13-01&to=2026-13-02', 'from=2020-01-01&to=2026-12-31']) {
  const r = await page.request.get(`/api/desk/exports/customers.csv?${qs}`);
  console.log('export', qs, r.status(), (await r.text()).slice(0, 200));
}
// phone
const pc = await context(b, PHONE, 'owner');
const pp = await pc.newPage();
await pp.goto('/desk/reports/?preset=this-month', { waitUntil: 'load' });
await sideways(pp, 'phone reports');
await shot(pp, '09-reports-phone');
await pc.close();
await ctx.close(); await b.close();

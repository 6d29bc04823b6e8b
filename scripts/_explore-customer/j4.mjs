// JavaScript disabled: pages render, forms post, nothing secret in a URL.
import { launch, ctx, watch, shot, sideways, waitMail, codeOf, uniq, report, problems } from './lib.mjs';
import fs from 'node:fs';
const kind = process.argv[2] ?? 'p390';
const tag = `j4-nojs-${kind}`;
const browser = await launch();
const context = await ctx(browser, kind, { javaScriptEnabled: false });
const page = watch(await context.newPage(), tag);
const log = (...a) => console.log(`[${tag}]`, ...a);
const urls = [];
page.on('framenavigated', (f) => { if (f === page.mainFrame()) urls.push(f.url()); });
const main = async () => (await page.locator('main').first().innerText()).replace(/\n+/g, ' | ');
try {
  for (const p of []) {
    const r = await page.goto(p);
    log(p, r.status(), '->', page.url());
    await shot(page, `${tag}-page${p.replace(/\//g, '_')}`);
    await sideways(page, `${tag} ${p}`);
  }
  if (process.env.SKIPA) throw new Error('skip');
  // search form
  await page.goto('/services/');
  const box = page.getByRole('main').getByRole('searchbox').first();
  await box.fill('brazilian');
  await box.press('Enter');
  await page.waitForLoadState('load');
  log('search ->', page.url(), (await main()).slice(0, 300));
  await shot(page, `${tag}-search`);
  // subscribe form on home
  await page.goto('/');
  const sub = page.getByRole('button', { name: 'Subscribe' });
  if (await sub.count()) {
    await page.getByRole('textbox', { name: 'Email' }).fill(`sub-${uniq()}@example.com`);
    await sub.click();
    await page.waitForLoadState('load');
    log('subscribe ->', page.url(), (await main()).slice(0, 200));
    await shot(page, `${tag}-subscribed`);
  }
  // sign in by code, no JS
  const email = `nojs-${uniq()}@example.com`;
  await page.goto('/signin/?method=code&url=%2Faccount%2F');
  await shot(page, `${tag}-code-1`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.waitForLoadState('load');
  log('after send ->', page.url());
  await shot(page, `${tag}-code-2`);
  const m = await waitMail(email, /code/i);
  await page.getByLabel('Your name').fill('Nojs  Person');
  await page.getByLabel('Code from the e-mail').fill('000000');
  await page.getByRole('button', { name: /Sign in|Create my account/ }).click();
  await page.waitForLoadState('load');
  log('wrong code ->', page.url(), (await main()).slice(0, 300));
  await shot(page, `${tag}-code-wrong`);
  await page.getByLabel('Code from the e-mail').fill(`${codeOf(m).slice(0, 3)} ${codeOf(m).slice(3)}`);
  if (await page.getByLabel('Your name').count() && !(await page.getByLabel('Your name').inputValue())) await page.getByLabel('Your name').fill('Nojs Person');
  await page.getByRole('button', { name: /Sign in|Create my account/ }).click();
  await page.waitForLoadState('load');
  log('right code ->', page.url(), (await main()).slice(0, 500));
  await shot(page, `${tag}-account`);
  // gift card, no JS
  await page.goto('/gift-cards/');
  await page.getByRole('radio', { name: '$50', exact: true }).check();
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Buy a gift card' }).click();
  await page.waitForLoadState('load');
  log('gift ->', page.url());
  await shot(page, `${tag}-gift-checkout`);
  const pay = page.getByRole('button', { name: /^Pay/ });
  if (await pay.count()) { await pay.click(); await page.waitForLoadState('load'); log('gift paid ->', page.url(), (await main()).slice(0, 300)); await shot(page, `${tag}-gift-paid`); }
  // sign out without JS
  await page.goto('/account/');
  const out = page.getByRole('button', { name: /sign out/i });
  log('sign out buttons visible', await out.count(), await out.first().isVisible().catch(() => false));
} catch (e) {
  problems.push(`[${tag}] SCRIPT FAILED: ${e.message.split('\n').slice(0, 4).join(' ')} @ ${page.url()}`);
  await shot(page, `${tag}-zz-failure`).catch(() => {});
}
// account with an upcoming appointment (j1's session), no JS
const state = '/tmp/explore-customer-j1-desk-state.json';
if (fs.existsSync(state)) {
  const c2 = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false, storageState: state, baseURL: 'http://127.0.0.1:4931' });
  const p2 = watch(await c2.newPage(), `${tag}-acct`);
  await p2.goto('/account/');
  await shot(p2, `${tag}-account-with-visit`);
  const resched = p2.getByRole('button', { name: 'Reschedule' });
  log('nojs account: reschedule visible', await resched.count(), await resched.first().isVisible().catch(() => false));
  if (await resched.count() && await resched.first().isVisible()) {
    await resched.first().click();
    await p2.waitForTimeout(1000);
    log('after tapping Reschedule without JS url', p2.url(), 'form shown', await p2.getByRole('form', { name: /^Reschedule/ }).count());
  }
  const cancel = p2.getByRole('button', { name: 'Cancel appointment' });
  log('nojs account: cancel visible', await cancel.count(), await cancel.first().isVisible().catch(() => false));
  const again = p2.getByRole('button', { name: /Book again/i });
  log('nojs book again', await again.count());
  if (await again.count()) { await again.first().click(); await p2.waitForLoadState('load'); log('book again ->', p2.url()); await shot(p2, `${tag}-book-again`); }
  await c2.close();
}
log('URLs visited:', urls.filter((u, i) => urls.indexOf(u) === i).join('\n  '));
for (const u of urls) if (/code=|password|token=|email=|%40|@/.test(u)) problems.push(`[${tag}] possibly secret in URL: ${u}`);
report();
await browser.close();

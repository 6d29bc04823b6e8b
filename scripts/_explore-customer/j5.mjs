// Before scripts load, slow network, two tabs, unknown URLs and ids.
import { launch, ctx, watch, shot, sideways, uniq, report, problems } from './lib.mjs';
const tag = 'j5';
const browser = await launch();
const log = (...a) => console.log(`[${tag}]`, ...a);
const part = process.argv[2] ?? 'all';
try {
  if (part === 'all' || part === 'delay') {
    const c = await ctx(browser, 'p390');
    const page = watch(await c.newPage(), `${tag}-delay`);
    await page.route(/\.js(\?|$)/, async (route) => { await new Promise((r) => setTimeout(r, 3000)); await route.continue(); });
    // search typed before scripts
    await page.goto('/services/womens-wax/', { waitUntil: 'commit' });
    await page.waitForSelector('main');
    const t0 = Date.now();
    const mag = page.getByRole('banner').getByRole('button', { name: 'Search services' });
    log('magnifier visible before scripts', await mag.isVisible().catch(() => false));
    const sb = page.getByRole('main').getByRole('searchbox').first();
    if (await sb.count()) { await sb.tap(); await sb.type('brazil', { delay: 50 }); }
    await page.waitForTimeout(5000);
    log('search value after scripts', await sb.inputValue().catch(() => '?'), 'ms', Date.now() - t0);
    await shot(page, `${tag}-delay-search-typed`, false);
    // tap Add before scripts loaded
    await page.goto('/services/womens-skin-care/', { waitUntil: 'commit' });
    await page.waitForSelector('main');
    const addEarly = page.getByRole('button', { name: /^Add to booking/ }).first();
    log('add visible before scripts', await addEarly.isVisible().catch(() => false));
    const bookingCartBtn = page.getByRole('button', { name: /^Booking Cart/ });
    await page.waitForTimeout(600);
    await shot(page, `${tag}-delay-menu-before`, false);
    // tap the header menu
    const menu = page.getByRole('banner').getByRole('button').first();
    const menuName = await menu.getAttribute('aria-label').catch(() => null);
    if (await menu.isVisible().catch(() => false)) { await menu.tap(); log('tapped header button before scripts', menuName); }
    await page.waitForTimeout(6000);
    await shot(page, `${tag}-delay-menu-after`, false);
    log('dialog open after scripts', await page.getByRole('dialog').count());
    // sign in form before scripts
    await page.goto('/signin/?method=code', { waitUntil: 'commit' });
    await page.waitForSelector('form');
    const email = `early-${uniq()}@example.com`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).tap();
    await page.waitForTimeout(6000);
    log('early sign-in ->', page.url());
    await shot(page, `${tag}-delay-signin`);
    log('early sign-in text', (await page.locator('main').innerText()).replace(/\n+/g, ' | ').slice(0, 300));
    await c.close();
  }
  if (part === 'all' || part === 'slow') {
    const c = await ctx(browser, 'p390');
    const page = watch(await c.newPage(), `${tag}-slow`);
    const cdp = await c.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 });
    const t0 = Date.now();
    await page.goto('/services/womens-laser/', { timeout: 90000 });
    log('slow menu load ms', Date.now() - t0);
    await page.waitForLoadState('networkidle', { timeout: 90000 });
    log('slow menu idle ms', Date.now() - t0);
    const add = page.getByRole('button', { name: /^Add to booking/ }).first();
    await add.tap();
    await page.getByRole('button', { name: /^Added to booking/ }).first().waitFor({ timeout: 30000 });
    await shot(page, `${tag}-slow-menu`);
    const t1 = Date.now();
    await page.goto('/booking/', { timeout: 90000 });
    await page.waitForLoadState('networkidle', { timeout: 90000 });
    log('slow booking ms', Date.now() - t1);
    await shot(page, `${tag}-slow-booking`);
    log('slow booking text', (await page.locator('main').innerText()).replace(/\n+/g, ' | ').slice(0, 400));
    await c.close();
  }
  if (part === 'all' || part === 'tabs') {
    const c = await ctx(browser, 'desk');
    const a = watch(await c.newPage(), `${tag}-tabA`);
    const b = watch(await c.newPage(), `${tag}-tabB`);
    await a.goto('/services/womens-wax/');
    await b.goto('/services/womens-laser/');
    await a.waitForLoadState('networkidle'); await b.waitForLoadState('networkidle');
    await a.getByRole('button', { name: /^Add to booking/ }).nth(2).click();
    await a.getByRole('button', { name: /^Favourite: / }).nth(2).click();
    await a.waitForTimeout(1500);
    await b.bringToFront();
    await b.waitForTimeout(1500);
    const hb = (await b.getByRole('banner').innerText()).replace(/\n+/g, ' | ');
    log('tab B header after A added (no reload)', hb);
    await shot(b, `${tag}-tabB-after-A`, false);
    await b.getByRole('button', { name: /^Add to booking/ }).nth(1).click();
    await b.waitForTimeout(1500);
    await a.bringToFront();
    await a.waitForTimeout(1500);
    await a.getByRole('button', { name: /^Booking Cart/ }).click();
    const d = a.getByRole('dialog', { name: /^Booking Cart/ });
    await d.waitFor();
    log('tab A drawer after B added', (await d.innerText()).replace(/\n+/g, ' | '));
    await shot(a, `${tag}-tabA-drawer`, false);
    // remove in A, check B
    await d.getByRole('button', { name: /remove/i }).first().click();
    await a.waitForTimeout(1500);
    await a.keyboard.press('Escape');
    await b.bringToFront(); await b.waitForTimeout(1500);
    await b.getByRole('button', { name: /^Booking Cart/ }).click();
    const db = b.getByRole('dialog', { name: /^Booking Cart/ });
    await db.waitFor();
    log('tab B drawer after A removed', (await db.innerText()).replace(/\n+/g, ' | '));
    await c.close();
  }
  if (part === 'all' || part === 'unknown') {
    const c = await ctx(browser, 'p320');
    const page = watch(await c.newPage(), `${tag}-unknown`);
    for (const p of ['/nope/', '/services/nope/', '/services/womens-wax/extra/', '/soho/services/nope/', '/nowhere/services/', '/packages/nope/', '/bundles/nope/', '/specials/nope/', '/specials/women/nope/', '/booking/confirmation/00000000-0000-0000-0000-000000000000/', '/booking/confirmation/abc/', '/booking/abc/', '/booking/00000000-0000-0000-0000-000000000000/', '/demo-checkout/nope/', '/resetpassword/garbage', '/signup/confirm/garbage/', '/account/email/garbage/', '/invitation/garbage/', '/search/?q=%F0%9F%92%85', '/search/?q=' + 'a'.repeat(3000), '/search/?q=%3Cscript%3E', '/services/%E2%80%AE/', '/%', '/signin/?url=https://evil.example/', '/signin/?url=//evil.example/', '/account/book-again/xyz/', '/unsubscribe/?token=garbage', '/booking/?t1=99%3A99&d1=2020-01-01', '/booking/?loc=999']) {
      let r;
      try { r = await page.goto(p); } catch (e) { log(p, 'ERR', e.message.split('\n')[0]); continue; }
      await page.waitForTimeout(300);
      const title = await page.title();
      const h1 = await page.locator('h1').first().innerText().catch(() => '');
      log(p.slice(0, 80), r?.status(), '->', page.url().slice(0, 100), '|', title, '|', h1);
      if ((r?.status() ?? 0) >= 500) problems.push(`[${tag}] 5xx on ${p}`);
    }
    await page.goto('/nope/');
    await shot(page, `${tag}-404-320`);
    await sideways(page, `${tag} 404`);
    await c.close();
  }
} catch (e) {
  problems.push(`[${tag}] SCRIPT FAILED: ${e.message.split('\n').slice(0, 4).join(' ')}`);
}
report();
await browser.close();

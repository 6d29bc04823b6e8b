import { launch, ctx, watch, shot, report, problems } from './lib.mjs';
const browser = await launch();
const log = (...a) => console.log('[j6]', ...a);
for (const kind of ['p390', 'desk']) {
  const c = await ctx(browser, kind);
  const page = watch(await c.newPage(), `j6-${kind}`);
  await page.route(/\.js(\?|$)/, async (route) => { await new Promise((r) => setTimeout(r, 3000)); await route.continue().catch(() => {}); });
  await page.goto('/services/womens-skin-care/', { waitUntil: 'commit' });
  await page.waitForSelector('header');
  const buttons = await page.getByRole('banner').getByRole('button').evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim() + (e.offsetParent ? '' : '(hidden)')));
  log(kind, 'banner buttons before scripts', buttons);
  const target = kind === 'p390' ? page.getByRole('banner').getByRole('button', { name: /menu/i }) : page.getByRole('banner').getByRole('button', { name: /Search services/i });
  const t0 = Date.now();
  await target.first().tap().catch(async () => target.first().click());
  log(kind, 'tapped at', Date.now() - t0);
  await page.waitForLoadState('networkidle', { timeout: 60000 });
  await page.waitForTimeout(6000);
  log(kind, 'after scripts: dialogs', await page.getByRole('dialog').count(), 'searchbox in banner', await page.getByRole('banner').getByRole('searchbox').count());
  await shot(page, `j6-${kind}-tap-before-scripts`, false);
  await target.first().click();
  await page.waitForTimeout(6000);
  log(kind, 'second tap after hydration: dialogs', await page.getByRole('dialog').count(), 'searchbox', await page.getByRole('banner').getByRole('searchbox').count());
  await page.keyboard.press('Escape');
  // favourite heart / booking cart icon
  await page.goto('/services/womens-skin-care/', { waitUntil: 'commit' });
  await page.waitForSelector('header');
  const cart = page.getByRole('banner').getByRole('button', { name: /Booking Cart/ });
  if (await cart.count()) { await cart.first().click({ timeout: 5000 }).catch((e) => log('cart click', e.message.split('\n')[0])); }
  await page.waitForLoadState('networkidle', { timeout: 60000 });
  await page.waitForTimeout(6000);
  log(kind, 'booking cart tapped early -> dialogs', await page.getByRole('dialog').count());
  await c.close();
}
report();
await browser.close();

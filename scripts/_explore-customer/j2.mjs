// Phone: add 2 areas from menus, booking, sign in by code on the booking page (new customer, odd name, wrong codes,
// pasted spaces), auto-book, confirmation; reload mid-booking; then gift card + package + deposit.
import { launch, ctx, watch, shot, sideways, waitMail, codeOf, uniq, report, problems, mailsTo } from './lib.mjs';
const kind = process.argv[2] ?? 'p320';
const base = process.argv[3];
const tag = `j2-${kind}${base ? '-lh' : ''}`;
const browser = await launch();
const context = await ctx(browser, kind, base ? { base } : {});
const page = watch(await context.newPage(), tag);
const log = (...a) => console.log(`[${tag}]`, ...a);
const main = async () => (await page.getByRole('main').innerText()).replace(/\n+/g, ' | ');
try {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-01-home`); await sideways(page, `${tag} home`);
  // open the menu drawer
  const menuBtn = page.getByRole('banner').getByRole('button', { name: /menu/i }).first();
  if (await menuBtn.count()) { await menuBtn.tap(); await page.waitForTimeout(800); await shot(page, `${tag}-02-nav`, false); await page.keyboard.press('Escape'); }
  for (const menu of ['/services/womens-brow-touch/', '/services/womens-bodycare-massage/']) {
    await page.goto(menu);
    await page.waitForLoadState('networkidle');
    await shot(page, `${tag}-03-${menu.split('/')[2]}`); await sideways(page, `${tag} ${menu}`);
    const add = page.getByRole('button', { name: /^Add to booking: / }).first();
    log('add', await add.getAttribute('aria-label'));
    await add.tap();
    await page.waitForTimeout(700);
  }
  // a third from search via header magnifier
  const mag = page.getByRole('banner').getByRole('button', { name: 'Search services' });
  if (await mag.count()) {
    await mag.tap();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Find a service' });
    await box.fill('underarm');
    await page.waitForTimeout(1200);
    await shot(page, `${tag}-04-header-search`, false); await sideways(page, `${tag} header search`);
    const b = page.getByRole('banner').getByRole('button', { name: /^Add to booking: .*Women/ }).first();
    if (await b.count()) { log('header add', await b.getAttribute('aria-label')); await b.tap(); await page.waitForTimeout(600); }
    await page.keyboard.press('Escape');
  } else log('no magnifier');
  await page.goto('/booking/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-05-booking`); await sideways(page, `${tag} booking`);
  log('booking main', (await main()).slice(0, 700));
  const when = page.getByRole('region', { name: /^(One time for your whole visit|Day and time)$/ });
  const days = when.getByRole('group', { name: 'Day of your visit' }).getByRole('button');
  let chosen = -1;
  for (let i = 3; i < 14 && chosen < 0; i++) if (await days.nth(i).isEnabled()) chosen = i;
  await days.nth(chosen).tap();
  await page.waitForTimeout(800);
  const label = when.locator('label').nth(1);
  const time = (await label.innerText()).trim();
  await label.tap();
  await page.waitForTimeout(500);
  log('picked', time, page.url());
  // reload mid-booking
  await page.reload();
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-06-booking-reloaded`);
  log('after reload checked radio', await page.getByRole('radio', { checked: true }).count());
  // sign in by code
  const step = page.getByRole('region', { name: 'Sign in to book' });
  const email = `  Zoe.Test-${uniq()}@Example.COM  `;
  const clean = email.trim().toLowerCase();
  await step.getByLabel('E-mail', { exact: true }).fill(email);
  await step.getByRole('button', { name: 'Send me a code' }).tap();
  await page.waitForTimeout(1500);
  await shot(page, `${tag}-07-code-sent`); await sideways(page, `${tag} code sent`);
  log('step text', (await step.innerText()).replace(/\n+/g, ' | '));
  const mail = await waitMail(clean, /code/i);
  const code = codeOf(mail);
  log('code mail', mail.subject, code);
  const longName = 'Maximiliana-Alexandrovna Konstantinopoulou-Wolfeschlegelsteinhausenbergerdorff 🌸✨';
  await step.getByLabel('Your name').fill(longName);
  // wrong codes several times
  for (let i = 0; i < 3; i++) {
    await step.getByLabel('Code from the e-mail').fill(String((Number(code) + 1 + i) % 1000000).padStart(6, '0'));
    await page.waitForTimeout(1500);
    log('wrong', i, (await step.innerText()).replace(/\n+/g, ' | ').slice(0, 300));
  }
  await shot(page, `${tag}-08-wrong-codes`); await sideways(page, `${tag} wrong code`);
  // pasted with spaces
  const spaced = ` ${code.slice(0, 3)} ${code.slice(3)} `;
  await step.getByLabel('Code from the e-mail').fill(spaced);
  await page.waitForTimeout(800);
  log('after pasting spaced code, url', page.url());
  if (!/confirmation/.test(page.url())) {
    const signInBtn = step.getByRole('button', { name: /Sign in|Create my account/ });
    log('pressing', await signInBtn.innerText());
    await signInBtn.tap();
  }
  await page.waitForURL(/confirmation|deposit|checkout/, { timeout: 30000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-09-after-signin`); await sideways(page, `${tag} after signin`);
  log('after signin url', page.url(), (await main()).slice(0, 900));
  await page.waitForTimeout(1500);
  log('mails', mailsTo(clean).map((m) => m.subject));
  // header greeting
  log('header', (await page.getByRole('banner').innerText()).replace(/\n+/g, ' | '));
  await shot(page, `${tag}-10-header`, false);
  // account
  await page.goto('/account/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-11-account`); await sideways(page, `${tag} account`);
} catch (e) {
  problems.push(`[${tag}] SCRIPT FAILED: ${e.message.split('\n').slice(0, 4).join(' ')} @ ${page.url()}`);
  await shot(page, `${tag}-zz-failure`).catch(() => {});
}
report();
await browser.close();

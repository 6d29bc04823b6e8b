// Desktop 1280: browse, search, favourite, two areas, sign up mid-booking, book, mail, account move/cancel, book again.
import { launch, ctx, watch, shot, sideways, waitMail, uniq, report, problems, mailsTo } from './lib.mjs';
const kind = process.argv[2] ?? 'desk';
const base = process.argv[3];
const tag = `j1-${kind}${base ? '-lh' : ''}`;
const browser = await launch();
const context = await ctx(browser, kind, base ? { base } : {});
const page = watch(await context.newPage(), tag);
const log = (...a) => console.log(`[${tag}]`, ...a);
try {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-01-home`); await sideways(page, `${tag} home`);
  // browse: Services link
  await page.goto('/services/');
  await shot(page, `${tag}-02-services`); await sideways(page, `${tag} services`);
  await page.goto('/services/womens-wax/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-03-womens-wax`); await sideways(page, `${tag} womens-wax`);
  // favourite the first brazilian
  const fav = page.getByRole('button', { name: /^Favourite: .*Brazilian/ }).first();
  const favName = (await fav.getAttribute('aria-label'));
  await fav.click();
  await page.waitForTimeout(500);
  log('favourited', favName, await fav.getAttribute('aria-pressed'));
  // add it
  const add = page.getByRole('button', { name: /^Add to booking: .*Brazilian/ }).first();
  log('adding', await add.getAttribute('aria-label'));
  await add.click();
  await page.waitForTimeout(500);
  // search for a facial
  await page.goto('/search/?q=hydrafacial');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-04-search`); await sideways(page, `${tag} search`);
  const h1 = await page.getByRole('heading', { level: 1 }).innerText();
  const status = await page.getByRole('status').allInnerTexts();
  log('search h1', h1, 'status', status);
  const addS = page.getByRole('main').getByRole('button', { name: /^Add to booking: / }).first();
  if (await addS.count()) { log('search add', await addS.getAttribute('aria-label')); await addS.click(); await page.waitForTimeout(600); }
  else {
    log('no add button in search results; open first result');
    await page.getByRole('main').getByRole('link', { name: /Women · / }).first().click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Add to booking: / }).first().click();
  }
  // favourites page
  await page.goto('/services/favorites/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-05-favourites`); await sideways(page, `${tag} favs`);
  log('favourites page text', (await page.getByRole('main').innerText()).slice(0, 300).replace(/\n/g, ' | '));
  // header booking cart
  await page.getByRole('button', { name: /^Booking Cart/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Booking Cart/ });
  await dialog.waitFor();
  await shot(page, `${tag}-06-booking-drawer`, false);
  log('drawer', (await dialog.innerText()).replace(/\n/g, ' | ').slice(0, 300));
  await dialog.getByRole('link', { name: 'BOOK NOW' }).click();
  await page.waitForURL(/\/booking\//);
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-07-booking`); await sideways(page, `${tag} booking`);
  const when = page.getByRole('region', { name: /^(One time for your whole visit|Day and time)$/ });
  log('when', (await when.innerText()).slice(0, 200).replace(/\n/g, ' | '));
  const days = when.getByRole('group', { name: 'Day of your visit' }).getByRole('button');
  let chosen = -1;
  for (let i = 2; i < 14 && chosen < 0; i++) if (await days.nth(i).isEnabled()) chosen = i;
  await days.nth(chosen).click();
  await page.waitForTimeout(800);
  const label = when.locator('label').nth(3);
  const time = (await label.innerText()).trim();
  await label.click();
  log('picked', await days.nth(chosen).getAttribute('aria-label'), time, page.url());
  await page.waitForTimeout(500);
  await shot(page, `${tag}-08-booking-time`);
  // Sign up mid-booking
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL(/\/signup\//);
  log('signup url', page.url());
  const email = `jo-${uniq()}@example.com`;
  await page.getByLabel('Name', { exact: true }).fill('Josefina María-Ñúñez O\'Brien 💅');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('violet-canal-58-ferry');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForTimeout(1500);
  await shot(page, `${tag}-09-signup-sent`);
  log('signup status', (await page.getByRole('main').innerText()).slice(0, 300).replace(/\n/g, ' | '));
  const m = await waitMail(email, /./);
  log('mail subject', m.subject);
  const link = /https?:\/\/\S+\/signup\/confirm\/\S+/.exec(m.text)?.[0];
  log('link', link);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await shot(page, `${tag}-10-confirm`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signup/confirm/'), { timeout: 20000 });
  await page.waitForLoadState('networkidle');
  log('after confirm', page.url());
  await shot(page, `${tag}-11-back-on-booking`); await sideways(page, `${tag} booking signed in`);
  const checked = await page.getByRole('radio', { checked: true }).count();
  log('radios checked after sign-up', checked);
  const book = page.getByRole('button', { name: 'BOOK', exact: true });
  await book.click();
  await page.waitForURL(/\/booking\/confirmation\//, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-12-confirmation`); await sideways(page, `${tag} confirmation`);
  log('confirmation', (await page.getByRole('main').innerText()).slice(0, 600).replace(/\n/g, ' | '));
  const conf = await waitMail(email, /confirmed/i);
  log('conf mail', conf.subject, '\n', conf.text.slice(0, 1200));
  // back button after booking
  await page.goBack();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await shot(page, `${tag}-13-back-after-booking`);
  log('after back', page.url(), (await page.getByRole('main').innerText()).slice(0, 300).replace(/\n/g, ' | '));
  // account
  await page.goto('/account/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-14-account`); await sideways(page, `${tag} account`);
  // reschedule first
  await page.getByRole('button', { name: 'Reschedule' }).first().click();
  const form = page.getByRole('form', { name: /^Reschedule/ });
  await form.waitFor();
  await shot(page, `${tag}-15-reschedule-open`);
  const dateInput = form.getByLabel(/^Date/);
  const dates = await dateInput.evaluate((el) => ({ type: el.type, min: el.min, max: el.max, tag: el.tagName }));
  log('resched date input', dates);
  if (dates.tag === 'INPUT') {
    const d = new Date(Date.now() + 9 * 86400000).toISOString().slice(0, 10);
    await dateInput.fill(d);
  } else {
    const dayButtons = form.getByRole('button');
    log('resched buttons', await dayButtons.allInnerTexts());
  }
  await page.waitForTimeout(1200);
  await shot(page, `${tag}-16-reschedule-date`);
  await form.locator('label').filter({ hasText: /\d:\d\d/ }).nth(2).click();
  await form.getByRole('button', { name: 'Move to this time' }).click();
  await page.waitForTimeout(2000);
  await shot(page, `${tag}-17-moved`);
  log('after move', (await page.getByRole('main').innerText()).slice(0, 500).replace(/\n/g, ' | '));
  // cancel the other
  const cancels = page.getByRole('button', { name: 'Cancel appointment' });
  log('cancel buttons', await cancels.count());
  await cancels.last().click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await page.waitForTimeout(2000);
  await shot(page, `${tag}-18-cancelled`);
  log('after cancel', (await page.getByRole('main').innerText()).slice(0, 800).replace(/\n/g, ' | '));
  await page.waitForTimeout(2000);
  log('mails', mailsTo(email).map((x) => x.subject));
  // book again
  const again = page.getByRole('button', { name: /Book again/i }).first();
  if (await again.count()) {
    await again.click();
    await page.waitForURL(/\/booking\//);
    await page.waitForLoadState('networkidle');
    await shot(page, `${tag}-19-book-again`);
    log('book again', page.url(), (await page.getByRole('main').innerText()).slice(0, 300).replace(/\n/g, ' | '));
  } else log('no book again button');
  await context.storageState({ path: `/tmp/explore-customer-${tag}-state.json` });
  // details page
  await page.goto('/account/details/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${tag}-20-details`); await sideways(page, `${tag} details`);
} catch (e) {
  problems.push(`[${tag}] SCRIPT FAILED: ${e.message.split('\n').slice(0, 4).join(' ')} @ ${page.url()}`);
  await shot(page, `${tag}-zz-failure`).catch(() => {});
}
report();
await browser.close();

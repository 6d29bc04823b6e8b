// Interaction to Next Paint of the taps people make most, on a 390 px phone in Chromium at 4x CPU slowdown (CDP
// Emulation.setCPUThrottlingRate), read in the page with the Event Timing API: a PerformanceObserver of 'event'
// entries (durationThreshold 16), the longest entry of the tap's interaction (input delay + processing + the wait for
// the next paint). Each tap on a fresh page (a new browser context), median of 5. A tap answered in under 16 ms
// leaves no entry: it counts as 16. The bare Next.js page's figure is a tap on its text, the floor of the machine.
// Used by `npm run bench` (part 'inp') and alone, on servers already running:
//   node scripts/bench/inp.mjs --site http://127.0.0.1:3301 --bare http://127.0.0.1:3302 --cookie 'bnp_card=…'
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { inpRows } from './inp-table.mjs';

const PHONE = { width: 390, height: 844 };
const MENU = '/services/womens-wax/';
const SERVICE = '/services/womens-brazilian-wax/';

/** In the page before its scripts: every interaction's entries, by interactionId. */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The page's next two frames: the entries of an interaction are reported once its paint is done. */
const settle = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));

/** Runs `act` (one tap or key) and answers the longest interaction it caused, in ms. */
async function measure(page, act, done) {
  await settle(page);
  await page.evaluate(() => {
    window.__interactions = [];
  });
  await act();
  if (done) await done();
  await settle(page);
  // The entries arrive after the paint; give a slow frame a moment more.
  await page.waitForTimeout(300);
  const entries = await page.evaluate(() => window.__interactions);
  return Math.max(16, ...entries.map((entry) => entry.duration));
}

/** A fresh phone page at 4x slowdown, hydrated, with `cookies` (name=value; …) for `origin`. */
async function phonePage(browser, origin, path, cookie) {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/New_York', locale: 'en-US' });
  if (cookie) {
    await context.addCookies(cookie.split(/;\s*/).map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: origin })));
  }
  const page = await context.newPage();
  await page.addInitScript(observeInteractions);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  return { page, close: () => context.close() };
}

/** The taps, each a fresh page: name -> async (browser) => ms. */
function taps({ site, bare, cookie }) {
  return {
    'a tap on the bare page': async (browser) => {
      const { page, close } = await phonePage(browser, bare, '/');
      const ms = await measure(page, () => page.getByRole('heading', { level: 1 }).click());
      await close();
      return ms;
    },
    [`Add to booking on a menu ${MENU}`]: async (browser) => {
      const { page, close } = await phonePage(browser, site, MENU);
      const add = page.getByRole('button', { name: /^Add to booking: / }).first();
      const ms = await measure(page, () => add.click(), () => page.getByRole('button', { name: /^Added to booking: / }).first().waitFor());
      await close();
      return ms;
    },
    [`opening the booking cart ${SERVICE}`]: async (browser) => {
      const { page, close } = await phonePage(browser, site, SERVICE, cookie);
      const ms = await measure(
        page,
        () => page.getByRole('banner').getByRole('button', { name: /^Booking Cart/ }).click(),
        () => page.getByRole('dialog', { name: /^Booking Cart\(/ }).waitFor(),
      );
      await close();
      return ms;
    },
    'choosing a day on the booking page /booking/': async (browser) => {
      const { page, close } = await phonePage(browser, site, '/booking/', cookie);
      const strip = page.getByRole('group', { name: 'Day of your visit' });
      const day = await laterDayWithTime(strip);
      const ms = await measure(page, () => day.click(), () => page.getByText(/^Start times on /).first().waitFor());
      await close();
      return ms;
    },
    'choosing a time on the booking page /booking/': async (browser) => {
      const { page, close } = await phonePage(browser, site, '/booking/', cookie);
      const when = page.getByRole('region', { name: 'One time for your whole visit' });
      const time = when.getByRole('group').filter({ has: page.getByRole('radio') }).first().locator('label').first();
      await time.waitFor();
      const ms = await measure(page, () => time.click());
      await close();
      return ms;
    },
    [`a search keystroke ${SERVICE}`]: async (browser) => {
      const { page, close } = await phonePage(browser, site, SERVICE);
      await page.getByRole('banner').getByRole('button', { name: 'Search services' }).click();
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Find a service' });
      await box.pressSequentially('bra');
      await page.getByRole('banner').getByRole('link', { name: /Women · |Men · / }).first().waitFor();
      // The index is loaded and the list shown: the keystroke measured is one more letter.
      const ms = await measure(page, () => box.press('z'));
      await close();
      return ms;
    },
  };
}

/** A day of the strip after the first with a free time (the first is shown already). */
async function laterDayWithTime(strip) {
  const days = strip.getByRole('button');
  await days.first().waitFor();
  for (let i = 1; i < 14; i++) if (await days.nth(i).isEnabled()) return days.nth(i);
  throw new Error('No day with a free time in the strip');
}

/** { name: [ms of each run] }, the taps interleaved run by run, as Lighthouse's pages are. */
export async function measureInp({ site, bare, cookie, runs = 5, log = console.error }) {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file));
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const samples = {};
  try {
    const all = taps({ site, bare, cookie });
    for (let run = 0; run < runs; run += 1) {
      for (const [name, tap] of Object.entries(all)) (samples[name] ??= []).push(Math.round(await tap(browser)));
    }
  } finally {
    await browser.close();
  }
  for (const [name, values] of Object.entries(samples)) log(`inp ${name}: ${values.join(', ')} ms`);
  return samples;
}

export async function inpBenchRows(options) {
  return inpRows(await measureInp(options), options.runs ?? 5);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : fallback;
  };
  const rows = await inpBenchRows({ site: option('site', 'http://127.0.0.1:3000'), bare: option('bare', 'http://127.0.0.1:3302'), cookie: option('cookie', ''), runs: Number(option('runs', '5')) });
  console.log(['| area | measure | value | target | met |', '|---|---|---|---|---|', ...rows.map((row) => `| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`)].join('\n'));
}

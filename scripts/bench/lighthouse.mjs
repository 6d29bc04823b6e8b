// Lighthouse against the production build: home, a service menu, a service page and specials, plus a bare Next.js
// page as the baseline, with the mobile (default) and desktop presets, and the mobile one with its throttling applied
// in the browser (APPLIED: a page arriving in parts, for its layout shifts). Medians of several runs, because this
// machine's CPU is slow and noisy. Used by `npm run bench` (part 'lighthouse') and runnable alone:
//   node scripts/bench/lighthouse.mjs --site http://127.0.0.1:3000 --bare http://127.0.0.1:3302 [--runs 3]
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { APPLIED, CATEGORIES, interleavedTable } from './lighthouse-table.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Only the page's own cookies in the browser (a cart, a sign-in), as a returning visitor's browser holds them. */
async function setPageCookies(browser, url, cookie) {
  const held = await browser.cookies();
  if (held.length > 0) await browser.deleteCookie(...held);
  if (!cookie) return;
  const { hostname } = new URL(url);
  const pairs = cookie.split(/;\s*/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
  await browser.setCookie(...pairs.map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
}

async function audit(url, preset, chrome, attempt = 1) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...(preset === APPLIED ? { throttlingMethod: 'devtools' } : {}) };
  let result;
  try {
    result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  } catch (error) {
    // A busy machine now and then fails a load outright (an interstitial instead of the page): repeat it, as below.
    if (attempt < 3) return audit(url, preset, chrome, attempt + 1);
    throw error;
  }
  const lhr = result?.lhr;
  // A busy machine sometimes loses the trace (NO_NAVSTART): that run is repeated, up to three times.
  if ((!lhr || lhr.runtimeError) && attempt < 3) return audit(url, preset, chrome, attempt + 1);
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const failing = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
    .map((item) => item.id);
  // What the largest paint was, and where its time went (TTFB, load delay, load time, render delay): the cause of a
  // slow LCP starts there.
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpElement = lcpItems[0]?.items?.[0]?.node?.snippet ?? '';
  const lcpPhases = (lcpItems[1]?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)}`).join(', ');
  return { lcpElement, lcpPhases, scores, failing, lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0), tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0), cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0 };
}

/** The table's rows (lighthouse-table.mjs), with one Chromium for all the runs. */
export async function lighthouseTable(options) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    return await interleavedTable({
      ...options,
      audit: async (url, preset, cookie) => {
        await setPageCookies(browser, url, cookie);
        return audit(url, preset, chrome);
      },
    });
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : fallback;
  };
  const site = option('site', 'http://127.0.0.1:3000');
  const bare = option('bare', 'http://127.0.0.1:3302');
  const runs = Number(option('runs', '5'));
  const pages = { home: '/', 'service menu': '/services/womens-wax/', 'service page': '/services/womens-brazilian-wax/', specials: '/specials/women/' };
  const rows = await lighthouseTable({ site, bare, pages, runs });
  console.log(['| area | measure | value | target | met |', '|---|---|---|---|---|', ...rows.map((row) => `| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`)].join('\n'));
}

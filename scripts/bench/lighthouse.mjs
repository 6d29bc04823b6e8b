// Lighthouse against the production build: home, a service menu, a service page and specials, plus a bare Next.js
// page as the baseline, with the mobile (default) and desktop presets. Medians of several runs, because this
// machine's CPU is slow and noisy. Used by `npm run bench` (part 'lighthouse') and runnable alone:
//   node scripts/bench/lighthouse.mjs --site http://127.0.0.1:3000 --bare http://127.0.0.1:3302 [--runs 3]
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

async function audit(url, preset, chrome, attempt = 1) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
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
  return { scores, failing, lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0), tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0), cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0 };
}

/** Median scores per page and preset; rows in the benchmark table's shape. */
export async function lighthouseTable({ site, bare, pages, runs = 3, log = console.error }) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const preset of ['mobile', 'desktop']) {
      const targets = [['bare Next.js page', bare, '/'], ...Object.entries(pages).map(([name, path]) => [name, site, path])];
      let barePerformance = 0;
      for (const [name, origin, path] of targets) {
        const results = [];
        for (let run = 0; run < runs; run += 1) results.push(await audit(origin + path, preset, chrome));
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id]))]));
        const lcp = median(results.map((result) => result.lcpMs));
        const tbt = median(results.map((result) => result.tbtMs));
        const cls = Math.max(...results.map((result) => result.cls));
        const failing = [...new Set(results.flatMap((result) => result.failing))];
        log(`lighthouse ${preset} ${name} ${path}: ${JSON.stringify(scores)} LCP ${lcp} ms TBT ${tbt} ms${failing.length ? ` failing: ${failing.join(', ')}` : ''}`);
        const value = `perf ${scores.performance} / a11y ${scores.accessibility} / bp ${scores['best-practices']} / seo ${scores.seo} (LCP ${lcp} ms, TBT ${tbt} ms, CLS ${cls.toFixed(3)})`;
        if (origin === bare) {
          barePerformance = scores.performance;
          rows.push({ area: `lighthouse ${preset}`, measure: `${name} (baseline)`, value, target: '', pass: '' });
          continue;
        }
        const perfTarget = preset === 'desktop' ? scores.performance === 100 : scores.performance >= barePerformance;
        const pass = perfTarget && scores.accessibility === 100 && scores['best-practices'] === 100 && scores.seo === 100 && cls === 0;
        const target = preset === 'desktop' ? 'all 100, CLS 0' : `a11y/bp/seo 100, perf >= bare (${barePerformance}), CLS 0`;
        rows.push({ area: `lighthouse ${preset} (median of ${runs})`, measure: `${name} ${path}`, value, target, pass });
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
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

// From a tap on 'Check in' to the grid drawn with the badge, in a real Chromium, on the day view of 10 therapists and
// 200 visits today (scripts/bench/desk-tap-seed.ts), p50/p95; and, for comparison, the visit page's own check-in
// (the way before issue 34: a page load and a tap, answered by the server). Needs a production build (.next, or
// NEXT_DIST_DIR); run by scripts/bench/desk-day.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startSiteServer } from './site-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = 3321;
const TAPS = 40;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export async function deskTapBench({ distDir = process.env.NEXT_DIST_DIR } = {}) {
  const origin = `http://127.0.0.1:${PORT}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-tap-'));
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '', DATA_DIR: dataDir, SITE_URL: origin };
  delete env.DATABASE_URL;
  const seeded = JSON.parse(
    execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/desk-tap-seed.ts'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
      .trim()
      .split('\n')
      .at(-1),
  );
  const server = await startSiteServer(PORT, { DATA_DIR: dataDir, ...(distDir ? { NEXT_DIST_DIR: distDir } : {}) });
  const executablePath = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, timezoneId: 'America/New_York' });
    const [name, value] = seeded.cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/desk/day/soho/${seeded.date}/`);
    const grid = [];
    for (const id of seeded.ids.slice(0, TAPS)) {
      await page.locator(`[data-appointment="${id}"]`).click();
      const button = page.getByRole('complementary', { name: 'Visit' }).getByRole('button', { name: 'Check in', exact: true });
      await button.waitFor();
      // Timed in the page: the click's dispatch to the frame after the block carries the new mark.
      grid.push(
        await page.evaluate(
          (appointmentId) =>
            new Promise((resolve) => {
              const block = document.querySelector(`[data-appointment="${appointmentId}"]`);
              const button = [...document.querySelectorAll('aside button')].find((b) => b.textContent === 'Check in');
              const t0 = performance.now();
              const observer = new MutationObserver(() => {
                if (block.getAttribute('data-attendance') !== 'checked_in') return;
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - t0));
              });
              observer.observe(block, { attributes: true });
              button.click();
            }),
          id,
        ),
      );
      await page.getByRole('complementary', { name: 'Visit' }).getByText('Check in: done.').waitFor();
    }
    // The way before: the visit's page, its Check in, the server's answer shown.
    const pageWay = [];
    for (const id of seeded.ids.slice(TAPS, TAPS + 15)) {
      const t0 = Date.now();
      await page.goto(`${origin}/desk/appointments/${id}/`);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await page.getByTestId('visit-status').filter({ hasText: 'Checked in' }).waitFor();
      pageWay.push(Date.now() - t0);
    }
    return { grid: summary(grid), page: summary(pageWay), visits: seeded.ids.length };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function deskTapBenchRows(options = {}) {
  const result = await deskTapBench(options);
  return [
    {
      area: 'desk',
      measure: `tap on Check in to the grid's badge, Chromium, 1024 x 768 touch, 10 therapists, ${result.visits} visits (p50 / p95 of ${result.grid.n})`,
      value: `${result.grid.p50.toFixed(1)} ms / ${result.grid.p95.toFixed(1)} ms`,
      target: 'p95 < 100 ms',
      pass: result.grid.p95 < 100,
    },
    {
      area: 'desk',
      measure: `the visit page's check-in (page load, tap, answer), as before the panel (p50 / p95 of ${result.page.n})`,
      value: `${result.page.p50.toFixed(0)} ms / ${result.page.p95.toFixed(0)} ms`,
      target: '',
      pass: '',
    },
  ];
}

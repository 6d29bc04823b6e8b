#!/usr/bin/env node
// `npm run bench`: builds once, serves the site and a bare Next.js app side by side on loopback, measures, and
// prints one table that is also written to docs/performance.md. Targets come from DESIGN.md's quality bars.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstLoadJs } from './bench/first-load-js.mjs';
import { load } from './bench/load.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const skipBuild = args.has('--no-build');
const option = (name) => [...args].find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length).split(',');
const only = option('only');
const want = (part) => !only || only.includes(part);
// --pages=booking,account: only the pages whose name contains one of these (first-load JS and Lighthouse rows);
// --presets=mobile: Lighthouse's mobile runs alone; 'applied': mobile with its throttling applied in the browser.
const pageFilter = option('pages');
const presets = option('presets') ?? ['mobile', 'desktop', 'applied'];

// BENCH_PORT moves the site and the bare page (BENCH_PORT + 1 and + 2), so two checkouts can measure at once.
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3300);
const SITE_PORT = BASE_PORT + 1;
const BARE_PORT = BASE_PORT + 2;
const site = `http://127.0.0.1:${SITE_PORT}`;
const bare = `http://127.0.0.1:${BARE_PORT}`;
const DIST = '.next-bench';
const BARE_DIR = `${os.tmpdir()}/salon-bench-bare-app-${BARE_PORT}`;

/** A copy of bench/bare-app outside the repository (see its next.config.mjs), with the site's node_modules. */
function prepareBareApp() {
  rmSync(BARE_DIR, { recursive: true, force: true });
  cpSync(`${root}bench/bare-app`, BARE_DIR, { recursive: true });
  symlinkSync(`${root}node_modules`, `${BARE_DIR}/node_modules`);
}

const PAGES = {
  home: '/',
  'service menu': '/services/womens-wax/',
  'service page': '/services/womens-brazilian-wax/',
  specials: '/specials/women/',
};

/**
 * The personal pages, rendered per request from the visitor's cookies (scripts/bench/personal-seed.ts): the booking
 * page with a cart of two areas signed out and signed in, the account and the checkout signed in.
 */
function personalPages(saved) {
  return {
    'booking, two-area cart': { path: '/booking/', cookie: saved.card, target: 'booking' },
    'booking signed in, two-area cart': { path: '/booking/', cookie: `${saved.card}; ${saved.session}`, target: 'booking' },
    'account signed in': { path: '/account/', cookie: saved.session, target: 'report' },
    'checkout signed in': { path: '/checkout/', cookie: saved.session, target: 'report' },
  };
}

/**
 * The menu sent with its stylesheet linked, as to a browser that says it has the file (the bnp_css cookie): Lighthouse
 * starts with an empty cache, so this is the first visit as it was before the stylesheet came inline (issue 38).
 */
function linkedStylesheetPages() {
  const buildId = readFileSync(`${root}${DIST}/BUILD_ID`, 'utf8').trim();
  return { 'service menu, stylesheet linked': { path: PAGES['service menu'], cookie: `bnp_css=${buildId}`, target: 'report' } };
}

function withoutPostgres(env) {
  delete env.DATABASE_URL;
  return env;
}

const pick = (pages) => Object.fromEntries(Object.entries(pages).filter(([name]) => !pageFilter || pageFilter.some((part) => name.includes(part))));

function run(command, commandArgs, env = {}) {
  execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** The site runs on its own server (server.mjs, as `npm start`); the bare app on `next start`. */
function serve(cwd, port, env = {}) {
  const command = cwd === root ? [`${root}server.mjs`] : [`${root}node_modules/next/dist/bin/next`, 'start', '-p', String(port), '-H', '127.0.0.1'];
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not come up`);
}

const rows = [];
const note = (area, measure, value, target, pass) => rows.push({ area, measure, value, target, pass });

async function main() {
  if (!skipBuild) {
    // Prerendered pages carry SITE_URL (canonical links, JSON-LD): build with the origin the benchmark serves.
    run('npx', ['next', 'build'], { NEXT_DIST_DIR: DIST, SITE_URL: site });
    prepareBareApp();
    execFileSync(process.execPath, [`${root}node_modules/next/dist/bin/next`, 'build'], { cwd: BARE_DIR, stdio: 'inherit' });
  }
  if (want('booking')) {
    // In-process figures of the booking engine; they need no server.
    const { bookingBenchRows } = await import('./bench/booking.mjs');
    rows.push(...(await bookingBenchRows()));
  }
  if (want('desk')) {
    // The front desk's day view data on PGlite and PostgreSQL, in-process like the booking figures; and a tap on
    // Check in to the updated grid in Chromium, on a server of this build with its own data.
    const { deskDayBenchRows } = await import('./bench/desk-day.mjs');
    rows.push(...(await deskDayBenchRows({ distDir: DIST })));
  }
  if (want('reports')) {
    // The owner's report of a month on a generated five-year history of the four salons, on PGlite and PostgreSQL,
    // in-process like the booking figures; no server.
    const { reportsBenchRows } = await import('./bench/reports.mjs');
    rows.push(...(await reportsBenchRows()));
  }
  if (want('export-memory')) {
    // The server's memory while the owner downloads a 100,000-row export, read fast and slowly: a server of this
    // build with a generated history of its own.
    const { exportMemoryRows } = await import('./bench/export-memory.mjs');
    rows.push(...(await exportMemoryRows({ distDir: DIST })));
  }
  const dataDir = `${os.tmpdir()}/salon-bench-data`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // The personal pages' customer, in the database before the server opens it (PGlite: one process at a time).
  const saved = JSON.parse(
    execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/personal-seed.ts'], {
      cwd: root,
      env: withoutPostgres({ ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '', DATA_DIR: dataDir, SITE_URL: site }),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .at(-1),
  );
  const pages = pick({ ...PAGES, ...linkedStylesheetPages(), ...personalPages(saved) });
  const servers = [serve(root, SITE_PORT, { NEXT_DIST_DIR: DIST, DATA_DIR: dataDir, SITE_URL: site }), serve(BARE_DIR, BARE_PORT)];
  try {
    await Promise.all([waitFor(`${site}/`), waitFor(`${bare}/`)]);

    if (want('html')) {
      // Uncompressed, as the issue measures it; gzip for what a phone downloads. A browser that has the stylesheet
      // says so in a cookie and gets the plain page; a first visit's carries the stylesheet (inline-stylesheet.mjs).
      const { gzipSync } = await import('node:zlib');
      const hasStylesheet = { cookie: linkedStylesheetPages()['service menu, stylesheet linked'].cookie };
      for (const [name, path] of Object.entries(PAGES)) {
        const html = Buffer.from(await (await fetch(site + path, { headers: hasStylesheet })).arrayBuffer());
        const firstVisit = Buffer.from(await (await fetch(site + path)).arrayBuffer());
        const gzip = gzipSync(html).length;
        // What a phone downloads is the gzip (issue 38 retired issue 13's raw 25 KB: the App Router sends the page twice).
        const target = name === 'service menu' ? '< 8 KB gzip' : '';
        const value = `${kb(html.length)} (${kb(gzip)} gzip); first visit, stylesheet inline: ${kb(gzipSync(firstVisit).length)} gzip`;
        note('HTML', `${name} ${path}`, value, target, target ? gzip < 8 * 1024 : '');
      }
    }

    if (want('js')) {
      // gzip, the `nomodule` polyfills left out (first-load-js.mjs). Catalogue pages: bare + 15 KB (issue 13);
      // the booking page: bare + 45 KB (issue 38); the account and the checkout are shown beside them.
      const baseline = await firstLoadJs(bare, '/');
      note('first-load JS (gzip, without nomodule)', 'bare Next.js page', kb(baseline.gzipBytes), '', '');
      for (const [name, page] of Object.entries(pages)) {
        const { path, cookie, target } = typeof page === 'string' ? { path: page } : page;
        const measured = await firstLoadJs(site, path, { cookie });
        const over = measured.gzipBytes - baseline.gzipBytes;
        const budget = target === 'booking' ? 45 : target === 'report' ? undefined : 15;
        note('first-load JS (gzip, without nomodule)', `${name} ${path}`, `${kb(measured.gzipBytes)} (${over < 0 ? '-' : '+'}${kb(Math.abs(over))})`, budget ? `<= bare + ${budget} KB` : '', budget ? over <= budget * 1024 : '');
      }
    }

    if (want('lighthouse')) {
      const { lighthouseTable } = await import('./bench/lighthouse.mjs');
      for (const row of await lighthouseTable({ site, bare, pages, presets, runs: Number(process.env.LIGHTHOUSE_RUNS ?? 5) })) rows.push(row);
    }

    if (want('inp')) {
      // How fast the taps people make most answer, on a phone at 4x CPU slowdown (scripts/bench/inp.mjs).
      const { inpBenchRows } = await import('./bench/inp.mjs');
      rows.push(...(await inpBenchRows({ site, bare, cookie: saved.card, runs: Number(process.env.INP_RUNS ?? 5) })));
    }

    if (want('load')) {
      // Warm both paths once, then load each in turn on the same server.
      const staticPath = '/images/bench-static.txt';
      const pagePath = PAGES['service page'];
      await fetch(site + staticPath);
      await fetch(site + pagePath);
      const file = await load(site + staticPath);
      const page = await load(site + pagePath);
      note('load (50 conn, 10 s)', `static file ${staticPath}`, `${file.requestsPerSecond} req/s`, '', file.non2xx === 0);
      const ratio = page.requestsPerSecond / file.requestsPerSecond;
      note('load (50 conn, 10 s)', `service page ${pagePath}`, `${page.requestsPerSecond} req/s, p99 ${page.p99Ms} ms`, '', page.non2xx === 0);
      note('load (50 conn, 10 s)', 'page / static file', `${(ratio * 100).toFixed(0)}%`, '>= 75%', ratio >= 0.75);
      // A returning visitor (booking cart and favourites in cookies) gets the very same prerendered file.
      const cookie = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/saved-state-cookie.ts'], { cwd: root, encoding: 'utf8' }).trim();
      await fetch(site + pagePath, { headers: { cookie } });
      const personal = await load(site + pagePath, { headers: { cookie } });
      const personalRatio = personal.requestsPerSecond / file.requestsPerSecond;
      note('load (50 conn, 10 s)', `service page with saved state`, `${personal.requestsPerSecond} req/s, p99 ${personal.p99Ms} ms`, '', personal.non2xx === 0);
      note('load (50 conn, 10 s)', 'page with saved state / static file', `${(personalRatio * 100).toFixed(0)}%`, '>= 75%', personalRatio >= 0.75);
    }

    if (want('flood')) {
      // Its own server and data folder: the flood uses up the loopback address's sign-in limits.
      const { signinFloodRows } = await import('./bench/signin-flood.mjs');
      rows.push(...(await signinFloodRows()));
    }

    if (want('enumeration')) {
      const { enumerationRows } = await import('./bench/enumeration.mjs');
      rows.push(...(await enumerationRows()));
    }

    if (want('api')) {
      // Its own server on a throw-away PostgreSQL cluster, from the same build.
      const out = execFileSync('bash', ['scripts/with-postgres.sh', process.execPath, 'scripts/bench/api-load.mjs', '--json'], {
        cwd: root,
        env: { ...process.env, NEXT_DIST_DIR: DIST, NODE_OPTIONS: '' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      rows.push(...JSON.parse(out.trim().split('\n').at(-1)));
    }
    if (want('live')) {
      // Two servers of the same build on a throw-away PostgreSQL cluster: a published price to their cached pages.
      const out = execFileSync('bash', ['scripts/with-postgres.sh', process.execPath, 'scripts/bench/catalog-live.mjs', '--json'], {
        cwd: root,
        env: { ...process.env, NEXT_DIST_DIR: DIST, NODE_OPTIONS: '' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      rows.push(...JSON.parse(out.trim().split('\n').at(-1)));
    }
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }
  report();
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function report() {
  const header = '| area | measure | value | target | met |\n|---|---|---|---|---|';
  const lines = rows.map((row) => `| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`);
  const table = [header, ...lines].join('\n');
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const file = `${root}docs/performance.md`;
  // The hand-written notes below the table (from '## Notes' on) survive a new run; only the table is replaced.
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes')) : '';
  const text = `# Performance\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${machine}.\n\n${table}\n${notes}`;
  console.log(`\n${table}\n`);
  if (!only && !pageFilter && !option('presets')) writeFileSync(file, text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

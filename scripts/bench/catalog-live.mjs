#!/usr/bin/env node
// Publishing to pages served from cache, on two instances: two production servers (server.mjs) of one build on one
// PostgreSQL (DATABASE_URL). Each round publishes a new price of the Brazilian wax on the database, as the owner's
// editor does (a catalog_changes row and a NOTIFY in the change's transaction), and times until each instance's service
// page, a visitor's cached file, shows it in its JSON-LD. Then the menu page's requests per second from the page cache,
// with the catalogue untouched and after a change, side by side in one run.
//   bash scripts/with-postgres.sh node scripts/bench/catalog-live.mjs     (after a build; NEXT_DIST_DIR picks the build)
// Prints the table rows; with --json, one JSON line of rows for scripts/bench.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { load } from './load.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORTS = [Number(process.env.CATALOG_LIVE_PORT ?? 3306), Number(process.env.CATALOG_LIVE_PORT ?? 3306) + 1];
const ROUNDS = Number(process.env.CATALOG_LIVE_ROUNDS ?? 20);
const SERVICE = 'womens-brazilian-wax';
const PAGE = `/services/${SERVICE}/`;
const MENU = '/services/womens-wax/';
const LIMIT_MS = 10_000;

function start(port, dataDir) {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: origin, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { origin, stop: async () => (child.kill('SIGTERM'), exited) };
}

async function waitForHealth(origin) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${origin}/api/health/ did not answer`);
}

/** The price the service page's JSON-LD offers, and whether the answer was one shared cached file. */
async function shown(origin) {
  const response = await fetch(`${origin}${PAGE}`);
  const html = await response.text();
  const cacheControl = response.headers.get('cache-control') ?? '';
  const shared = /\bs-maxage=\d+/.test(cacheControl) && !/private|no-store/.test(cacheControl) && !response.headers.has('set-cookie');
  return { price: /"offers":\{"@type":"Offer","price":"([\d.]+)"/.exec(html)?.[1], shared };
}

async function publishPrice(client, price) {
  await client.query('begin');
  await client.query(`update catalog_services set price = $2, data = jsonb_set(data, '{price}', to_jsonb($2::numeric)) where moniker = $1`, [SERVICE, price]);
  const { rows } = await client.query(`insert into catalog_changes (tags) values ($1) returning id`, [['catalog-menu']]);
  await client.query('select pg_notify($1, $2)', ['catalog_changed', String(rows[0].id)]);
  await client.query('commit');
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function catalogLiveRows() {
  if (!process.env.DATABASE_URL) throw new Error('catalog-live needs DATABASE_URL: run it through scripts/with-postgres.sh.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-live-'));
  // One after the other: the first migrates and seeds the empty database.
  const first = start(PORTS[0], dataDir);
  const servers = [first];
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await waitForHealth(first.origin);
    servers.push(start(PORTS[1], dataDir));
    await waitForHealth(servers[1].origin);
    await client.connect();
    const latencies = [];
    let allShared = true;
    for (const server of servers) allShared &&= (await shown(server.origin)).shared;
    for (let round = 1; round <= ROUNDS; round++) {
      const price = 100 + round;
      const published = performance.now();
      await publishPrice(client, price);
      await Promise.all(
        servers.map(async (server) => {
          for (;;) {
            const page = await shown(server.origin);
            if (page.price === price.toFixed(2)) {
              latencies.push(performance.now() - published);
              allShared &&= page.shared;
              return;
            }
            if (performance.now() - published > 60_000) throw new Error(`${server.origin} did not show ${price} within a minute`);
            await sleep(25);
          }
        }),
      );
      // The pages settle (lib/catalog/live.ts renders them again once more) before the next round.
      await sleep(2_500);
    }
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);

    const menuUrl = `${first.origin}${MENU}`;
    await fetch(menuUrl);
    const untouched = await load(menuUrl);
    await publishPrice(client, 99);
    await sleep(3_000);
    await fetch(menuUrl);
    const afterChange = await load(menuUrl);
    const ratio = afterChange.requestsPerSecond / untouched.requestsPerSecond;
    return [
      {
        area: 'live catalogue (PostgreSQL, 2 instances)',
        measure: `a published price to the cached service page of each instance, ${ROUNDS} rounds`,
        value: `p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s, max ${(latencies.at(-1) / 1000).toFixed(2)} s; shared cache (s-maxage, no cookie) ${allShared ? 'throughout' : '**not throughout**'}`,
        target: 'p95 < 10 s',
        pass: p95 < LIMIT_MS && allShared,
      },
      {
        area: 'live catalogue (PostgreSQL, 2 instances)',
        measure: `menu page ${MENU} from the page cache (50 conn, 10 s): untouched / after a change`,
        value: `${untouched.requestsPerSecond} / ${afterChange.requestsPerSecond} req/s (${(ratio * 100).toFixed(0)}%), p99 ${untouched.p99Ms} / ${afterChange.p99Ms} ms`,
        target: '>= 90%',
        pass: ratio >= 0.9 && untouched.non2xx === 0 && afterChange.non2xx === 0,
      },
    ];
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await catalogLiveRows();
  if (process.argv.includes('--json')) {
    // The table marks a miss; bench.mjs goes on to print it.
    process.stdout.write(`${JSON.stringify(rows)}\n`);
    process.exit(0);
  } else {
    console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass ? 'yes' : '**no**'} |`);
  }
  process.exit(rows.every((row) => row.pass) ? 0 : 1);
}

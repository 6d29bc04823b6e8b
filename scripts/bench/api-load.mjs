#!/usr/bin/env node
// The API load run: a production server on real PostgreSQL (DATABASE_URL), then 200 booking attempts sent at once
// over loopback for 20 half-hour times of two therapists (ten racers per time, half naming a therapist, half 'any').
// It checks that nothing answered 5xx, that no therapist is booked twice at once, and that every 201 is one row.
//   bash scripts/with-postgres.sh node scripts/bench/api-load.mjs      (after a build; NEXT_DIST_DIR picks the build)
// Prints the table rows; with --json, one JSON line of rows for scripts/bench.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.API_LOAD_PORT ?? 3303);
const origin = `http://127.0.0.1:${PORT}`;
const ATTEMPTS = Number(process.env.API_LOAD_ATTEMPTS ?? 200);
const RACERS_PER_TIME = 10;

function worker(args) {
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' };
  const out = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/api-load-worker.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

async function waitForHealth() {
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

/** A Tuesday at least two weeks ahead in New York: therapists 1 and 2 both do hair removal at SoHo then. */
function tuesdayAhead() {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 14));
  while (date.getUTCDay() !== 2) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function apiLoadRows() {
  if (!process.env.DATABASE_URL) throw new Error('api-load needs DATABASE_URL: run it through scripts/with-postgres.sh.');
  const server = spawn(process.execPath, [`${root}node_modules/next/dist/bin/next`, 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SITE_URL: origin, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth();
    const { customers, item } = worker(['setup', String(ATTEMPTS)]);
    const day = tuesdayAhead();
    const times = [];
    for (let minutes = 10 * 60; times.length < Math.ceil(ATTEMPTS / RACERS_PER_TIME); minutes += 30) {
      times.push(`${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    }
    const attempts = customers.map((customer, i) => {
      const time = times[Math.floor(i / RACERS_PER_TIME)];
      // Half name a therapist (1 or 2 in turn), half take any therapist.
      const therapist = i % 2 === 0 ? 0 : i % 4 === 1 ? 1 : 2;
      const card = {
        header: { location: '1', gender: String(item.gen) },
        svcAreas: [{ areaId: 1, svcTherapist: therapist, svcDate: time, svcNote: '', svcTypes: [{ svcTypeId: item.svcType, svcArray: [{ id: item.id, serviceTypeId: item.svcType, gen: item.gen, areaId: 1, duration: 1 }] }] }],
        pkgAvailable: [],
      };
      return { customer, card };
    });
    const t0 = performance.now();
    const results = await Promise.all(
      attempts.map(async ({ customer, card }) => {
        const started = performance.now();
        const response = await fetch(`${origin}/api/appointments/${customer.userId}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie: customer.cookie },
          body: JSON.stringify(card),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const tally = {};
    for (const r of results) tally[r.status] = (tally[r.status] ?? 0) + 1;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const { overlapping, booked } = worker(['check']);
    const fiveXx = results.filter((r) => r.status >= 500).length;
    const created = tally[201] ?? 0;
    const tallyText = Object.entries(tally).map(([status, n]) => `${n} x ${status}`).join(', ');
    return [
      {
        area: 'API load (PostgreSQL)',
        measure: `${ATTEMPTS} booking attempts at once, ${times.length} times x 2 therapists`,
        value: `${tallyText} in ${seconds.toFixed(2)} s (${Math.round(ATTEMPTS / seconds)} req/s; p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms)`,
        target: 'no 5xx',
        pass: fiveXx === 0,
      },
      {
        area: 'API load (PostgreSQL)',
        measure: 'double bookings (overlapping booked appointments of one therapist)',
        value: `${overlapping}; ${booked} rows booked for ${created} answers 201, at most ${times.length * 2} places`,
        target: '0, rows = 201s',
        pass: overlapping === 0 && booked === created && created <= times.length * 2,
      },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await apiLoadRows();
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

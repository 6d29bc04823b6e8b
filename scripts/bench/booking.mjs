#!/usr/bin/env node
// Booking figures: one day's slots (10 therapists, 500 appointments) and create-appointment p50/p95 on PGlite and on a
// throw-away PostgreSQL server. `node scripts/bench/booking.mjs` alone, or as part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const worker = ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/booking-worker.ts'];

function run(args, { postgres = false } = {}) {
  const command = postgres ? 'bash' : process.execPath;
  const commandArgs = postgres ? ['scripts/with-postgres.sh', process.execPath, ...args] : args;
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' };
  delete env.DATABASE_URL;
  const out = execFileSync(command, commandArgs, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const ms = (value) => `${value.toFixed(3)} ms`;

export async function bookingBenchRows() {
  const rows = [];
  const slots = run([...worker, 'slots']);
  rows.push({
    area: 'booking',
    measure: "one day's slots, 10 therapists, 500 appointments (p50 / p95)",
    value: `${ms(slots.busy.p50)} / ${ms(slots.busy.p95)}`,
    target: '< 1 ms',
    pass: slots.busy.p95 < 1,
  });
  rows.push({
    area: 'booking',
    measure: `one day's slots, 10 therapists, 40 appointments, ${slots.slotsOnLightDay} starts (p50 / p95)`,
    value: `${ms(slots.light.p50)} / ${ms(slots.light.p95)}`,
    target: '< 1 ms',
    pass: slots.light.p95 < 1,
  });
  const visit = run([...worker, 'visit']);
  rows.push({
    area: 'booking',
    measure: "one day's visit times, 3 areas chained, 10 therapists, 500 appointments (p50 / p95)",
    value: `${ms(visit.busy.p50)} / ${ms(visit.busy.p95)}`,
    target: '< 5 ms',
    pass: visit.busy.p95 < 5,
  });
  rows.push({
    area: 'booking',
    measure: `one day's visit times, 3 areas chained, 10 therapists, 40 appointments, ${visit.visitsOnLightDay} starts (p50 / p95)`,
    value: `${ms(visit.light.p50)} / ${ms(visit.light.p95)}`,
    target: '< 5 ms',
    pass: visit.light.p95 < 5,
  });
  if (process.env.BENCH_BOOKING_ENGINE_ONLY === '1') return rows;
  for (const postgres of [false, true]) {
    const create = run([...worker, 'create'], { postgres });
    for (const [what, figures] of [
      ['booking transaction (createBooking)', create.booking],
      ['whole POST handler (session, booking, confirmation mail)', create.handler],
    ]) {
      rows.push({
        area: 'booking',
        measure: `create appointment, ${what}, ${create.db} (p50 / p95 of ${figures.n})`,
        value: `${figures.p50.toFixed(1)} ms / ${figures.p95.toFixed(1)} ms`,
        target: 'p95 < 20 ms',
        pass: figures.p95 < 20,
      });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await bookingBenchRows();
  console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass ? 'yes' : '**no**'} |`);
}

#!/usr/bin/env node
// The front desk's day view data (10 therapists, 200 appointments) p50/p95 on PGlite and on a throw-away PostgreSQL
// server. `npm run bench:desk` alone, or as part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const worker = ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/desk-day-worker.ts'];

function run({ postgres }) {
  const command = postgres ? 'bash' : process.execPath;
  const args = postgres ? ['scripts/with-postgres.sh', process.execPath, ...worker] : worker;
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' };
  delete env.DATABASE_URL;
  const out = execFileSync(command, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1));
}

export async function deskDayBenchRows() {
  const rows = [];
  for (const postgres of [false, true]) {
    const result = run({ postgres });
    rows.push({
      area: 'desk',
      measure: `day view data, ${result.therapists} therapists, ${result.appointments} appointments, ${result.db} (p50 / p95 of ${result.day.n})`,
      value: `${result.day.p50.toFixed(1)} ms / ${result.day.p95.toFixed(1)} ms`,
      target: 'p95 < 50 ms',
      pass: result.day.p95 < 50,
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await deskDayBenchRows();
  console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass ? 'yes' : '**no**'} |`);
}

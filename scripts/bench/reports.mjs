#!/usr/bin/env node
// The owner's report of a month on a generated five-year history of the four salons (40,000 customers, about
// 250,000 appointments; lib/reports/test-support/history.ts): p50/p95 of reportFor for all four salons and for SoHo,
// and of each of its parts, on PGlite and on a throw-away PostgreSQL server (scripts/with-postgres.sh).
// `npm run bench:reports`; `--only=pglite` or `--only=postgres` for one of them.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runBenchWorker } from './run-worker.mjs';

const WORKER = 'scripts/bench/reports-worker.ts';
const TARGET_MS = { pglite: 1000, postgres: 300 };
const TARGET_LABEL = { pglite: 'p95 < 1 s', postgres: 'p95 < 300 ms' };
const NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

export async function reportsBenchRows({ only } = {}) {
  const rows = [];
  for (const postgres of [false, true]) {
    if (only && only !== (postgres ? 'postgres' : 'pglite')) continue;
    const result = runBenchWorker(WORKER, { postgres });
    const kind = result.db;
    const { history } = result;
    const month = result.period.from.slice(0, 7);
    rows.push({
      area: 'reports',
      measure: `generated history on ${NAME[kind]}: ${history.appointments} appointments, ${history.customers} customers, ${history.from} to ${history.to} (npm run seed:history)`,
      value: `${(history.ms / 1000).toFixed(1)} s`,
      target: '',
      pass: '',
    });
    for (const [key, label] of [
      ['all', 'all four salons'],
      ['salon', 'SoHo'],
    ]) {
      const figures = result[key];
      rows.push({
        area: 'reports',
        measure: `report of ${month} beside the month before, ${label}, ${NAME[kind]} (p50 / p95 of ${figures.n})`,
        value: `${ms(figures.p50)} / ${ms(figures.p95)}`,
        target: TARGET_LABEL[kind],
        pass: figures.p95 < TARGET_MS[kind],
      });
    }
    for (const [part, figures] of Object.entries(result.parts)) {
      rows.push({
        area: 'reports',
        measure: `its part ${part}, one month, all four salons, ${NAME[kind]} (p50 / p95 of ${figures.n})`,
        value: `${ms(figures.p50)} / ${ms(figures.p95)}`,
        target: '',
        pass: '',
      });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const rows = await reportsBenchRows({ only });
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`);
}

#!/usr/bin/env node
// The front desk's day view data (10 therapists, 200 appointments) p50/p95 on PGlite and on a throw-away PostgreSQL
// server, and a tap on Check in to the updated grid in Chromium (desk-tap.mjs, on a production build).
// `npm run bench:desk` alone (after `npm run build`), or as part of `npm run bench`.
import { fileURLToPath } from 'node:url';
import { deskTapBenchRows } from './desk-tap.mjs';
import { runBenchWorker } from './run-worker.mjs';

const WORKER = 'scripts/bench/desk-day-worker.ts';

export async function deskDayBenchRows({ distDir } = {}) {
  const rows = [];
  for (const postgres of [false, true]) {
    const result = runBenchWorker(WORKER, { postgres });
    rows.push({
      area: 'desk',
      measure: `day view data, ${result.therapists} therapists, ${result.appointments} appointments, ${result.db} (p50 / p95 of ${result.day.n})`,
      value: `${result.day.p50.toFixed(1)} ms / ${result.day.p95.toFixed(1)} ms`,
      target: 'p95 < 50 ms',
      pass: result.day.p95 < 50,
    });
  }
  rows.push(...(await deskTapBenchRows({ distDir })));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await deskDayBenchRows();
  console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`);
}

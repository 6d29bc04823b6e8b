#!/usr/bin/env node
// The desk's customer search over 50,000 customers: p50/p95 of a search by partial name, e-mail and phone, on PGlite
// and on a throw-away PostgreSQL server (scripts/with-postgres.sh). `npm run bench:customer-search`.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runBenchWorker } from './run-worker.mjs';

const WORKER = 'scripts/bench/customer-search-worker.ts';
const TARGET_MS = 20;
const LABELS = { name: 'partial name', email: 'partial email', phone: 'partial phone', callerId: "caller ID ('+1 212-555-0147')", typo: 'name with a typo (trigram similarity)' };

export async function customerSearchBenchRows() {
  const rows = [];
  for (const postgres of [false, true]) {
    const result = runBenchWorker(WORKER, { postgres });
    for (const kind of ['name', 'email', 'phone', 'callerId', 'typo']) {
      const figures = result[kind];
      rows.push({
        area: 'desk',
        measure: `customer search by ${LABELS[kind]}, ${result.customers} customers, ${result.db}, ${figures.plan}, ${figures.found.toFixed(1)} found on average (p50 / p95 of ${figures.n})`,
        value: `${figures.p50.toFixed(1)} ms / ${figures.p95.toFixed(1)} ms`,
        target: `p95 < ${TARGET_MS} ms`,
        pass: figures.p95 < TARGET_MS,
      });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await customerSearchBenchRows();
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass ? 'yes' : '**no**'} |`);
}

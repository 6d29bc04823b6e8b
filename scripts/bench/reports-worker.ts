/**
 * Measures the owner's report (lib/reports/figures.ts, reportFor) on a generated five-year history of the four salons
 * (lib/reports/test-support/history.ts: 40,000 customers, about 250,000 appointments) and prints one JSON line. Run
 * by scripts/bench/reports.mjs: PGlite in a fresh folder, or the server in DATABASE_URL.
 * BENCH_HISTORY_APPOINTMENTS and BENCH_HISTORY_CUSTOMERS make a smaller history for a quick look.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = 30;
const WARM_UP = 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(runs: number, run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  const sorted = samples.sort((a, b) => a - b);
  return { n: runs, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'salon-bench-reports-'));
  if (dataDir) process.env.DATA_DIR = dataDir;
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { FULL_HISTORY, generateHistory, historyDays } = await import('@/lib/reports/test-support/history');
  const { byDayFor, figuresFor, packagesFor, reportFor, topServicesFor, utilisationFor } = await import('@/lib/reports/figures');
  const { presetPeriod } = await import('@/lib/reports/period');
  try {
    const database = await getDatabase();
    const { db } = database;
    const history = await generateHistory(db, {
      days: historyDays(FULL_HISTORY.years),
      customers: Number(process.env.BENCH_HISTORY_CUSTOMERS ?? FULL_HISTORY.customers),
      appointments: Number(process.env.BENCH_HISTORY_APPOINTMENTS ?? FULL_HISTORY.appointments),
      onProgress: (message) => process.stderr.write(`[bench:reports ${database.kind}] ${message}\n`),
    });
    // Last month: a whole month of history, compared with the month before it.
    const period = presetPeriod('last-month', Date.now());
    const all = await timed(RUNS, () => reportFor(db, { ...period, location: 'all' }));
    const salon = await timed(RUNS, () => reportFor(db, { ...period, location: 1 }));
    const parts: Record<string, Awaited<ReturnType<typeof timed>>> = {};
    for (const [name, part] of Object.entries({ figuresFor, byDayFor, utilisationFor, topServicesFor, packagesFor })) {
      parts[name] = await timed(20, () => part(db, period, 'all'));
    }
    const report = await reportFor(db, { ...period, location: 'all' });
    console.log(
      JSON.stringify({
        db: database.kind,
        history,
        period,
        visits: report.current.visitsHeld,
        all,
        salon,
        parts,
      }),
    );
  } finally {
    await closeDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

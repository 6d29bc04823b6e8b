/**
 * Seeds a PGlite folder (DATA_DIR) for the export's memory benchmark (scripts/bench/export-memory.mjs): a generated
 * history (lib/reports/test-support/history.ts) of BENCH_EXPORT_APPOINTMENTS appointments (100,000 by default) and an
 * owner's session. Prints one JSON line: the cookie, the history's first and last dates and its appointments.
 *   DATA_DIR=... node --conditions=react-server --import tsx scripts/bench/export-memory-seed.ts
 */
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDatabase } from '@/lib/db';
import { FULL_HISTORY, generateHistory, historyDays } from '@/lib/reports/test-support/history';

async function main() {
  try {
    const { db } = await getDatabase();
    const appointments = Number(process.env.BENCH_EXPORT_APPOINTMENTS ?? 100_000);
    const history = await generateHistory(db, {
      days: historyDays(FULL_HISTORY.years),
      customers: Math.round((FULL_HISTORY.customers * appointments) / FULL_HISTORY.appointments),
      appointments,
      onProgress: (message) => process.stderr.write(`[bench:export-memory] ${message}\n`),
    });
    const owner = await signedIn(db, 'owner');
    return { cookie: owner.cookie, from: history.from, to: history.to, appointments: history.appointments };
  } finally {
    await closeDb();
  }
}

process.stdout.write(`${JSON.stringify(await main())}\n`);

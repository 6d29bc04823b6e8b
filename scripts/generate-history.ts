/**
 * Writes a generated history of the four salons into the site's database (`npm run seed:history`): five years ending
 * today, 40,000 customers and about 250,000 appointments by default (lib/reports/test-support/history.ts says what it
 * holds and how). For the owner's reports on a real-sized history: a demo, or a measurement (npm run bench:reports).
 *   npm run seed:history                                  # into DATA_DIR's PGlite (.data by default), or DATABASE_URL
 *   npm run seed:history -- --years=1 --customers=8000 --appointments=50000 --seed=7
 * The database must hold no appointments yet. With PGlite, stop the site first: one process owns its folder.
 */
import { parseArgs } from 'node:util';
import { FULL_HISTORY, generateHistory, historyDays } from '@/lib/reports/test-support/history';

const USAGE = 'Usage: npm run seed:history -- [--years=5] [--customers=40000] [--appointments=250000] [--seed=35]';

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number above 0, not "${value}".\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({ options: { years: { type: 'string' }, customers: { type: 'string' }, appointments: { type: 'string' }, seed: { type: 'string' } }, strict: true }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const { getDatabase, closeDb } = await import('@/lib/db');
try {
  const database = await getDatabase();
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env.DATA_DIR?.trim() || '.data'}`;
  console.error(`Generating a history into ${where}...`);
  const summary = await generateHistory(database.db, {
    days: historyDays(whole('years', values.years, FULL_HISTORY.years)),
    customers: whole('customers', values.customers, FULL_HISTORY.customers),
    appointments: whole('appointments', values.appointments, FULL_HISTORY.appointments),
    seed: whole('seed', values.seed, 35),
    onProgress: (message) => console.error(`  ${message}`),
  });
  console.log(
    [
      `History from ${summary.from} to ${summary.to} (days ahead already booked) in ${(summary.ms / 1000).toFixed(1)} s:`,
      `  ${summary.customers} customers, ${summary.bookings} bookings, ${summary.appointments} appointments (${summary.deskAppointments} made at the desk)`,
      `  ${summary.cancelledEarly} cancelled early, ${summary.cancelledLate} late, ${summary.noShows} no-shows, ${summary.moved} moved`,
      `  ${summary.packageOrders} packages bought, ${summary.packageSessions} sessions used; ${summary.events} appointment events`,
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}

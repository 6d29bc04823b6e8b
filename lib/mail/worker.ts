import 'server-only';
import { queueDueReminders } from '@/lib/booking/reminders';
import { getDb, type Database } from '@/lib/db';
import { releaseExpiredDeposits } from '@/lib/deposits/booking';
import { env } from '@/lib/env';
import { deliverDue, releaseClaims } from './outbox';

interface WorkerGlobal {
  __salonMailWorker?: { stop(): Promise<void> };
}
const store = globalThis as typeof globalThis & WorkerGlobal;

/**
 * One round: end the deposit holds that ran out unpaid (lib/deposits), queue the due reminders, then send what is due
 * in the outbox (in batches until none is left).
 */
export async function mailTick(now: Date = new Date()): Promise<void> {
  const db = await getDb();
  await releaseExpiredDeposits(db, now);
  await queueDueReminders(db, { now });
  for (let round = 0; round < 20; round++) {
    const report = await deliverDue(db, { now, limit: 25 });
    if (report.sent + report.retrying + report.failed + report.dropped < 25) break;
  }
}

/**
 * At start, before the worker's first round: on PGlite no other process can hold a claim, so any there is was left by
 * a process that died mid-send (kill -9, a power cut); it is freed and its mail sent again at once. On PostgreSQL
 * other instances may be sending: their claims run out with the lease (MAIL_LEASE_MS).
 */
export async function releaseClaimsOfDeadProcess(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  const freed = await releaseClaims(database.db);
  if (freed > 0) console.info(`[mail] ${freed} mail(s) an earlier process was sending when it stopped will be sent again`);
}

/**
 * Runs mailTick every MAIL_WORKER_INTERVAL_MS inside the server process (started by instrumentation.ts), one round
 * at a time. Every instance runs one: the claims in the database (lib/mail/outbox.ts, lib/booking/reminders.ts)
 * keep them from sending anything twice. Stopped by server.mjs before the database closes.
 */
export function startMailWorker(): { stop(): Promise<void> } {
  if (store.__salonMailWorker) return store.__salonMailWorker;
  const interval = env().MAIL_WORKER_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = mailTick()
        .catch((error: unknown) => console.error('[mail] the mail worker round failed', error))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, interval);
    timer.unref();
  };
  schedule();
  const worker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      store.__salonMailWorker = undefined;
    },
  };
  store.__salonMailWorker = worker;
  (globalThis as { __salonStopMailWorker?: () => Promise<void> }).__salonStopMailWorker = () => worker.stop();
  return worker;
}

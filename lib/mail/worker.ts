import 'server-only';
import { queueDueReminders } from '@/lib/booking/reminders';
import { getDb, type Database } from '@/lib/db';
import { releaseExpiredDeposits } from '@/lib/deposits/booking';
import { env } from '@/lib/env';
import { repeatRound } from '@/lib/server/repeating-round';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import { deliverDue, releaseClaims, type DeliveryReport } from './outbox';

/** What one round did: the reminders it queued, and the outbox's mail it sent, will try again, gave up or dropped. */
export interface MailRound extends DeliveryReport {
  remindersQueued: number;
}

/**
 * One round: end the deposit holds that ran out unpaid (lib/deposits), queue the due reminders, then send what is due
 * in the outbox (in batches until none is left).
 */
export async function mailTick(now: Date = new Date()): Promise<MailRound> {
  const db = await getDb();
  await releaseExpiredDeposits(db, now);
  const round: MailRound = { remindersQueued: await queueDueReminders(db, { now }), sent: 0, retrying: 0, failed: 0, dropped: 0 };
  for (let batch = 0; batch < 20; batch++) {
    const report = await deliverDue(db, { now, limit: 25 });
    round.sent += report.sent;
    round.retrying += report.retrying;
    round.failed += report.failed;
    round.dropped += report.dropped;
    if (report.sent + report.retrying + report.failed + report.dropped < 25) break;
  }
  return round;
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
 * keep them from sending anything twice. Stopped by server.mjs before the database closes. With
 * MAIL_WORKER_INTERVAL_MS=0 none runs: a host without long-lived processes calls GET /api/cron/mail/ instead
 * (lib/mail/cron.ts), and the worker returned has nothing to stop.
 */
export function startMailWorker(): { stop(): Promise<void> } {
  const started = sharedSlot('mailWorker');
  if (started) return started;
  const interval = env().MAIL_WORKER_INTERVAL_MS;
  if (interval === 0) {
    console.info('[mail] no mail worker in this process (MAIL_WORKER_INTERVAL_MS=0): a scheduler calls /api/cron/mail/');
    return { stop: async () => undefined };
  }
  const rounds = repeatRound(() => mailTick(), interval, (error) => console.error('[mail] the mail worker round failed', error));
  const worker = {
    async stop() {
      await rounds.stop();
      setSharedSlot('mailWorker', undefined);
    },
  };
  setSharedSlot('mailWorker', worker);
  setSharedSlot('stopMailWorker', () => worker.stop());
  return worker;
}

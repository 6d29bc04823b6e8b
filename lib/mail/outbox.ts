import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { appointments, outbox, type OutboxRow } from '@/lib/db/schema';
import { env, type Env } from '@/lib/env';
import type { MailMessage } from './compose';
import { isPermanentRefusal, mailTransport } from './transport';

/** How long one instance may hold a claimed row before another may try it (a crash mid-send frees it then). */
export const MAIL_LEASE_MS = 2 * 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait before the next try after `attempts` failed ones: 1, 2, 4 ... minutes (MAIL_RETRY_FIRST_SECONDS), at most an hour. */
export function retryDelayMs(attempts: number, firstMs = 60_000): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Writes a mail into the outbox; nothing is sent yet. Inside a transaction (tx) the mail exists exactly when the
 * change it reports was committed (the reminders' claim uses this).
 */
export async function queueMail(db: Db | Tx, message: MailMessage, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? null,
      attachments: message.attachments ?? null,
      calendar: message.calendar ?? null,
      expiresAt: message.expiresAt ?? null,
      appointmentId: message.appointment?.id ?? null,
      appointmentStartsAt: message.appointment?.startsAt ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  dropped: number;
}

/**
 * A mail's way through the outbox. pending (due at nextAttemptAt) -> claimed (still pending, with attempts + 1 and a
 * lease in lockedUntil; FOR UPDATE SKIP LOCKED, so two instances never take one row) -> sent, only once the transport
 * has handed it over for good (the file renamed into place and synced, or the SMTP server's 250). A passing failure
 * makes it pending again (next try after retryDelayMs); a refusal for good, or a row still unsent after
 * MAIL_GIVE_UP_HOURS, failed; no longer worth sending, expired or obsolete. A process that dies holding a claim
 * leaves the row pending: it is claimed again when the lease runs out (at once after a restart on PGlite:
 * releaseClaims). So a mail handed over but not yet marked is sent twice, and none is lost.
 */
export async function claimDue(db: Db, options: { now?: Date; ids?: readonly number[]; limit?: number } = {}): Promise<OutboxRow[]> {
  const now = options.now ?? new Date();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        options.ids ? inArray(outbox.id, [...options.ids]) : undefined,
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(options.limit ?? 25)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedUntil: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The hand-over is done: the row is never claimed again. */
export async function markSent(db: Db, row: Pick<OutboxRow, 'id'>, now: Date = new Date()): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).where(eq(outbox.id, row.id));
}

/**
 * Frees every claim, so that what a killed process was sending is due at once instead of after the lease. Only
 * where no other process can hold a claim: PGlite, whose data folder belongs to one process (lib/db/data-dir-lock.mjs),
 * when it opens. Returns how many it freed.
 */
export async function releaseClaims(db: Db): Promise<number> {
  const freed = await db
    .update(outbox)
    .set({ lockedUntil: null })
    .where(and(eq(outbox.status, 'pending'), isNotNull(outbox.lockedUntil)))
    .returning({ id: outbox.id });
  return freed.length;
}

/**
 * Claims due rows and sends them (claimDue, then each handed over and marked). Errors of one mail never stop the
 * others; a failed one is logged.
 */
export async function deliverDue(db: Db, options: { now?: Date; ids?: readonly number[]; limit?: number } = {}): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const current = env();
  const claimed = await claimDue(db, { ...options, now });
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, dropped: 0 };
  if (claimed.length === 0) return report;
  const transport = mailTransport(current);
  try {
    for (const row of claimed) {
      const outcome = await deliverOne(db, row, now, current, transport);
      report[outcome]++;
    }
  } finally {
    transport.close();
  }
  return report;
}

async function stillWanted(db: Db, row: OutboxRow, now: Date): Promise<boolean> {
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return false;
  if (!row.appointmentId || !row.appointmentStartsAt) return true;
  const [appointment] = await db.select({ status: appointments.status, startsAt: appointments.startsAt }).from(appointments).where(eq(appointments.id, row.appointmentId));
  return appointment?.status === 'booked' && appointment.startsAt.getTime() === row.appointmentStartsAt.getTime();
}

async function deliverOne(db: Db, row: OutboxRow, now: Date, current: Env, transport: ReturnType<typeof mailTransport>): Promise<keyof DeliveryReport> {
  if (!(await stillWanted(db, row, now))) {
    const status = row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'obsolete';
    await db.update(outbox).set({ status, lockedUntil: null }).where(eq(outbox.id, row.id));
    console.info(`[mail] outbox #${row.id} to ${row.to} not sent: ${status}`);
    return 'dropped';
  }
  try {
    await transport.send(row);
    await markSent(db, row, now);
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tooOld = now.getTime() - row.createdAt.getTime() >= current.MAIL_GIVE_UP_HOURS * 3_600_000;
    if (isPermanentRefusal(error) || tooOld) {
      await db.update(outbox).set({ status: 'failed', lockedUntil: null, lastError: message }).where(eq(outbox.id, row.id));
      console.error(`[mail] outbox #${row.id} to ${row.to} failed for good after ${row.attempts} tries: ${message}`);
      return 'failed';
    }
    const next = new Date(now.getTime() + retryDelayMs(row.attempts, current.MAIL_RETRY_FIRST_SECONDS * 1000));
    await db.update(outbox).set({ nextAttemptAt: next, lockedUntil: null, lastError: message }).where(eq(outbox.id, row.id));
    console.warn(`[mail] outbox #${row.id} to ${row.to} not sent (try ${row.attempts}), next try at ${next.toISOString()}: ${message}`);
    return 'retrying';
  }
}

export type MailDelivery = { id: number; status: OutboxRow['status'] };

/**
 * Queues a mail and tries it at once. Callers run it after the answer (afterAnswer): a slow or absent SMTP server
 * delays the mail, never the request, and a failed try stays queued for the background worker (lib/mail/worker.ts).
 */
export async function sendMail(db: Db, message: MailMessage): Promise<MailDelivery> {
  const id = await queueMail(db, message);
  await deliverDue(db, { ids: [id] });
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  return { id, status: row?.status ?? 'pending' };
}

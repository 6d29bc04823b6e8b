import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { therapistById } from '@/lib/catalog/catalog';
import { AREAS, type AreaId } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { appointments, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { queueMail } from '@/lib/mail';
import { toSlotStartIso } from './dates';
import { reminderMail } from './mails';

/**
 * Queues the reminders that are due: booked appointments that start within the lead time (REMINDER_LEAD_HOURS) and
 * are still ahead, that have no reminder for their current start yet, and that were booked or last moved before the
 * reminder time (otherwise the confirmation or change mail has just said it). A reminder that fell due while no
 * instance ran is queued late, as long as the visit is still ahead.
 *
 * The claim is the primary key of appointment_reminders (appointment, start): of several instances exactly one
 * inserts it, in the same transaction that writes the mail into the outbox, so each reminder is queued once, across
 * restarts too. The due appointments are locked (FOR UPDATE SKIP LOCKED), so a move or cancellation running at the
 * same moment either commits first (and the row no longer qualifies) or waits until the reminder is queued (and the
 * outbox drops it as obsolete: lib/mail/outbox.ts). Returns how many were queued.
 */
export async function queueDueReminders(db: Db, options: { now?: Date; leadHours?: number; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const leadMs = (options.leadHours ?? env().REMINDER_LEAD_HOURS) * 3_600_000;
  const horizon = new Date(now.getTime() + leadMs);
  const lead = `${leadMs / 1000} seconds`;
  return db.transaction(async (tx) => {
    // Both drivers (PGlite, node-postgres) answer { rows }.
    const claimed = (await tx.execute(sql`
      with due as (
        select a.id, a.starts_at from appointments a
        where a.status = 'booked'
          and a.starts_at > ${now.toISOString()}::timestamptz
          and a.starts_at <= ${horizon.toISOString()}::timestamptz
          and a.updated_at <= a.starts_at - ${lead}::interval
          and not exists (select 1 from appointment_reminders r where r.appointment_id = a.id and r.starts_at = a.starts_at)
        order by a.starts_at
        limit ${options.limit ?? 50}
        for update of a skip locked
      )
      insert into appointment_reminders (appointment_id, starts_at, claimed_at)
      select id, starts_at, ${now.toISOString()}::timestamptz from due
      on conflict do nothing
      returning appointment_id`)) as unknown as { rows: { appointment_id: string }[] };
    const ids = claimed.rows.map((r) => r.appointment_id);
    if (ids.length === 0) return 0;
    const rows = await tx
      .select({ appointment: appointments, email: users.email, name: users.name })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.customerId))
      .where(inArray(appointments.id, ids));
    for (const { appointment: a, email, name } of rows) {
      // A customer the desk created with a phone only has no address: the claim stands, nothing is mailed.
      if (!email) continue;
      const mail = reminderMail(
        {
          to: email,
          name,
          location: a.location,
          appointments: [
            {
              id: a.id,
              areaName: AREAS[a.areaId as AreaId] ?? String(a.areaId),
              therapistName: therapistById(a.therapistId)?.name ?? `Therapist ${a.therapistId}`,
              start: toSlotStartIso(a.startsAt.getTime()),
              end: toSlotStartIso(a.endsAt.getTime()),
              status: a.status,
              lines: a.lines,
              sequence: a.icsSequence,
            },
          ],
        },
        now,
      );
      await queueMail(tx, mail, now);
    }
    return rows.length;
  });
}

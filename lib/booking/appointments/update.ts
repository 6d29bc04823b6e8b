import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { forbidden } from '@/lib/api/errors';
import { isDeskRole } from '@/lib/auth/roles';
import { AREAS, type AreaId } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { depositOnCancel, depositSentence } from '@/lib/deposits/fee-rule';
import { settleDepositOnCancel, type SettledDeposit } from '@/lib/deposits/fee';
import { appointments, bookings } from '@/lib/db/schema';
import { recordAppointmentEvent, visitsTheSalonAskedToMove } from '../appointment-events';
import { busyFor, withoutHeld } from '../busy';
import { APPOINTMENT_STATUS, appointmentStartMs, type AppointmentCard } from '../card-schema';
import { queueBookingChanges } from '../mails';
import { refundSession } from '../packages';
import { assertOnlineNotice } from '../notice';
import { lockCustomer, lockTherapistTimes, transactionWithRetry } from '../therapist-locks';
import { assertBeforeCutoff, type Actor } from './access';
import { claimTherapist, CUSTOMER_NO_OVERLAP, isExclusionViolation } from './claim';
import { customerBusy, invalid, slotTaken } from './errors';
import { rosteredFor, targetOrInvalid } from './planning';
import { readBooking, type BookedCard } from './read';

export interface UpdateOptions {
  actor: Actor;
  customerId: string;
  bookingId: string;
  card: AppointmentCard;
  now?: number;
}

export interface UpdateResult {
  /** The booking after the change (the answer). */
  card: BookedCard;
  /** The booking as the change found it, under its locks (what the waitlist compares). */
  before: BookedCard;
  /** The outbox ids of the move and cancellation mails queued with the change. */
  mails: number[];
  /** What the cancellation of the whole visit did with its deposit (credit, or kept as the fee), if it had one. */
  deposit?: SettledDeposit;
}

/**
 * PUT with the card: status '2' cancels the listed areas (all when none are listed) and gives package sessions back;
 * otherwise each listed area moves to its new svcDate and svcTherapist (its services stay as booked). The customer's
 * mails about it are queued in the same transaction (lib/booking/mails.ts).
 */
export async function updateBooking(db: Db, options: UpdateOptions): Promise<UpdateResult> {
  const now = options.now ?? Date.now();
  const { actor, customerId, bookingId, card } = options;
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking) throw forbidden('You can only reach your own appointments.');
  const cancelling = card.header.status === APPOINTMENT_STATUS.CANCELLED;
  return transactionWithRetry(db, async (tx) => {
    await lockCustomer(tx, customerId);
    const before = (await readBooking(tx, customerId, bookingId))!;
    const done = async (deposit?: SettledDeposit): Promise<UpdateResult> => {
      const after = (await readBooking(tx, customerId, bookingId))!;
      const notes = deposit ? { cancellation: depositSentence(deposit.event, deposit.cents) } : undefined;
      return { card: after, before, mails: await queueBookingChanges(tx, customerId, before, after, notes), ...(deposit ? { deposit } : {}) };
    };
    const rows = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, 'booked')))
      .for('update');
    const asked = isDeskRole(actor.role) ? new Set<string>() : await visitsTheSalonAskedToMove(tx, rows.map((r) => r.id));
    if (cancelling) {
      const areaIds = new Set(card.svcAreas.map((a) => a.areaId));
      const chosen = rows.filter((r) => areaIds.size === 0 || areaIds.has(r.areaId));
      if (chosen.length === 0) throw invalid('Nothing in this booking is left to cancel.', 'svcAreas');
      for (const row of chosen) {
        assertBeforeCutoff(actor, row.startsAt, now, 'svcAreas', asked.has(row.id));
        await tx.update(appointments).set({ status: 'cancelled', attendance: null, cancelledAt: new Date(now), updatedAt: new Date(now), icsSequence: sql`${appointments.icsSequence} + 1` }).where(eq(appointments.id, row.id));
        await recordAppointmentEvent(tx, { appointmentId: row.id, actorId: actor.userId, action: 'cancelled', details: { start: row.startsAt.toISOString(), therapistId: row.therapistId }, at: now });
        for (const line of row.lines) if (line.pkgId) await refundSession(tx, customerId, line.pkgId, line.id);
      }
      // The deposit belongs to the whole visit: it is decided when nothing of the visit is left booked, by the notice
      // given before its first appointment (the desk's cancellations too: staff may waive a kept fee afterwards).
      if (chosen.length === rows.length) {
        const salonAsked = isDeskRole(actor.role) ? await visitsTheSalonAskedToMove(tx, chosen.map((r) => r.id)) : asked;
        const startsAt = Math.min(...chosen.map((r) => r.startsAt.getTime()));
        const outcome = depositOnCancel({ startsAt, now, salonAsked: chosen.some((r) => salonAsked.has(r.id)) });
        return done(await settleDepositOnCancel(tx, { bookingId, outcome, now }));
      }
      return done();
    }
    if (card.svcAreas.length === 0) throw invalid('Choose the appointment to move.', 'svcAreas');
    // The customer constraint is checked once all areas have moved, so that two areas of the card may swap times.
    await tx.execute(sql.raw(`set constraints ${CUSTOMER_NO_OVERLAP} deferred`));
    for (const [i, area] of card.svcAreas.entries()) {
      const field = `svcAreas.${i}`;
      const row = rows.find((r) => r.areaId === area.areaId);
      if (!row) throw invalid(`This booking has no upcoming ${AREAS[area.areaId as AreaId] ?? 'such'} appointment.`, field);
      assertBeforeCutoff(actor, row.startsAt, now, field, asked.has(row.id));
      const start = appointmentStartMs(area.svcDate);
      if (start === undefined) throw invalid('Choose a time for this appointment.', `${field}.svcDate`);
      if (start <= now) throw invalid('That time has already passed. Please choose another time.', `${field}.svcDate`);
      // A customer's move is an online booking of the new time; the desk may move to any free time.
      if (!isDeskRole(actor.role)) assertOnlineNotice(row.location, start, now, `${field}.svcDate`);
      const end = start + (row.endsAt.getTime() - row.startsAt.getTime());
      const target = targetOrInvalid(String(row.location), row.areaId, area.svcTherapist, `${field}.svcTherapist`, {
        channel: isDeskRole(actor.role) ? 'desk' : 'online',
        serviceIds: row.lines.map((line) => line.id),
      });
      const planned = { target, start, end, field };
      const rostered = await rosteredFor(tx, planned, now);
      await lockTherapistTimes(tx, rostered.map((therapistId) => ({ therapistId, start, end })));
      // The appointment being moved does not block its own new time.
      const busy = await busyFor(tx, rostered, { start, end });
      const taken = new Set(busy.filter((b) => !(b.therapistId === row.therapistId && b.start === row.startsAt.getTime())).map((b) => b.therapistId));
      const free = target.therapistId !== 0 ? (rostered.includes(target.therapistId) ? [target.therapistId] : []) : rostered.filter((id) => !taken.has(id));
      const candidates = await withoutHeld(tx, free, { start, end }, undefined, now);
      if (candidates.length === 0) throw slotTaken();
      await claimTherapist(tx, candidates, async (t, therapistId) => {
        await t
          .update(appointments)
          .set({ therapistId, requestedTherapistId: target.therapistId, startsAt: new Date(start), endsAt: new Date(end), note: area.svcNote, updatedAt: new Date(now), icsSequence: sql`${appointments.icsSequence} + 1` })
          .where(eq(appointments.id, row.id));
        await recordAppointmentEvent(t, {
          appointmentId: row.id,
          actorId: actor.userId,
          action: 'moved',
          details: { from: { start: row.startsAt.toISOString(), therapistId: row.therapistId }, to: { start: new Date(start).toISOString(), therapistId } },
          at: now,
        });
      });
    }
    try {
      await tx.execute(sql.raw(`set constraints ${CUSTOMER_NO_OVERLAP} immediate`));
    } catch (error) {
      if (isExclusionViolation(error)) throw customerBusy();
      throw error;
    }
    return done();
  });
}

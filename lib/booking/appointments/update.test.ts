import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { appointmentEvents, appointments, outbox, users } from '@/lib/db/schema';
import { cardFor, FIRST_ITEM_OF_AREA, PACKAGE_OF, WAX, WAX_WITH_PACKAGE, type AreaChoice } from '@/lib/booking/test-support/cards';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { appointmentCardSchema } from '../card-schema';
import { recordAppointmentEvent, visitsTheSalonAskedToMove } from '../appointment-events';
import { SLOT_TAKEN_MESSAGE } from '../messages';
import { creditPackage, ownedPackages } from '../packages';
import type { Actor } from './access';
import { createBooking } from './create';
import { updateBooking } from './update';

jest.setTimeout(120_000);
createTempDataDir('salon-appointments-update-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York. At SoHo on Mondays only therapist 1 does hair removal (area 1); on Tuesdays 1 and 2.
const NOW = Date.parse('2027-01-04T17:00:00Z');
const HOUR = 3_600_000;
const WAX_30 = WAX.find((i) => i.duration === 30)!;
const BROWS = FIRST_ITEM_OF_AREA(2);
const parsed = (areas: readonly AreaChoice[], header: Record<string, unknown> = {}) => appointmentCardSchema.parse(cardFor(areas, header));
const failure = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: unknown) => error);

async function customer() {
  const db = await getDb();
  const userId = await insertUser(db);
  const me: Actor = { userId, role: 'customer' };
  const staff: Actor = { userId: await insertUser(db, 'staff'), role: 'staff' };
  const book = async (areas: readonly AreaChoice[]) => (await createBooking(db, { actor: me, customerId: userId, card: parsed(areas), now: NOW })).card;
  const update = (bookingId: string, card: ReturnType<typeof parsed>, { actor = me, now = NOW }: { actor?: Actor; now?: number } = {}) =>
    updateBooking(db, { actor, customerId: userId, bookingId, card, now }).then((result) => result.card);
  const rowsOf = (bookingId: string) => db.select().from(appointments).where(eq(appointments.bookingId, bookingId)).orderBy(asc(appointments.areaId));
  const eventsOf = (appointmentId: string) => db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, appointmentId)).orderBy(asc(appointmentEvents.id));
  return { db, userId, me, staff, book, update, rowsOf, eventsOf };
}

describe('updateBooking: cancelling (status 2)', () => {
  it('cancels the listed areas only, gives their package sessions back and records who cancelled', async () => {
    const c = await customer();
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(c.userId, offer.pvId, 1, c.db);
    const booked = await c.book([
      { therapist: 1, date: '2027-01-11 10:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId },
      { areaId: 2, therapist: 0, date: '2027-01-11 11:00', items: [BROWS] },
    ]);
    expect(await ownedPackages(c.db, c.userId)).toEqual([expect.objectContaining({ sessionsLeft: 0 })]);
    const answer = await c.update(booked.header.aptId, parsed([{ areaId: 1, date: '' }], { status: '2' }));
    const [wax, brows] = await c.rowsOf(booked.header.aptId);
    expect(wax).toMatchObject({ status: 'cancelled', cancelledAt: new Date(NOW), icsSequence: 1, attendance: null });
    expect(brows).toMatchObject({ status: 'booked', cancelledAt: null, icsSequence: 0 });
    expect(answer.appointments.map((a) => a.status)).toEqual(['cancelled', 'booked']);
    expect(answer.header.status).toBe('1');
    expect(await ownedPackages(c.db, c.userId)).toEqual([expect.objectContaining({ sessionsLeft: 1 })]);
    expect((await c.eventsOf(wax!.id)).map((e) => [e.action, e.actorId, e.details])).toEqual([
      ['booked', c.userId, expect.anything()],
      ['cancelled', c.userId, { start: wax!.startsAt.toISOString(), therapistId: 1 }],
    ]);
  });

  it('cancels every area when none is listed; then nothing is left to cancel (422)', async () => {
    const c = await customer();
    const booked = await c.book([{ therapist: 1, date: '2027-01-11 12:00' }, { areaId: 2, therapist: 0, date: '2027-01-11 13:00', items: [BROWS] }]);
    const answer = await c.update(booked.header.aptId, parsed([], { status: '2' }));
    expect(answer.header.status).toBe('2');
    expect((await c.rowsOf(booked.header.aptId)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect(await failure(c.update(booked.header.aptId, parsed([], { status: '2' })))).toMatchObject({
      status: 422,
      message: 'Nothing in this booking is left to cancel.',
      fields: { svcAreas: 'Nothing in this booking is left to cancel.' },
    });
  });
});

describe('updateBooking: the rules for everyone', () => {
  it('refuses another customer\'s booking with 403, whether or not it exists', async () => {
    const c = await customer();
    const theirs = await (await customer()).book([{ therapist: 1, date: '2027-01-11 14:00' }]);
    for (const bookingId of [theirs.header.aptId, randomUUID()]) {
      expect(await failure(c.update(bookingId, parsed([], { status: '2' })))).toMatchObject({ status: 403, message: 'You can only reach your own appointments.' });
    }
    expect((await c.rowsOf(theirs.header.aptId))[0]!.status).toBe('booked');
  });

  it('keeps customers to the 24-hour cut-off while staff may change it until it starts', async () => {
    const c = await customer();
    // Tuesday 2027-01-05 10:00 in New York: 22 hours after NOW.
    const booked = await c.book([{ therapist: 1, date: '2027-01-05 10:00' }]);
    const cutOff = { status: 422, message: 'Appointments can be changed or cancelled up to 24 hours before they start. Please call the salon.' };
    expect(await failure(c.update(booked.header.aptId, parsed([], { status: '2' })))).toMatchObject(cutOff);
    expect(await failure(c.update(booked.header.aptId, parsed([{ therapist: 1, date: '2027-01-19 10:00' }])))).toMatchObject({ ...cutOff, fields: { 'svcAreas.0': cutOff.message } });
    expect((await c.rowsOf(booked.header.aptId))[0]).toMatchObject({ status: 'booked', startsAt: new Date('2027-01-05T15:00:00Z') });

    const started = Date.parse('2027-01-05T15:00:00Z');
    expect(await failure(c.update(booked.header.aptId, parsed([], { status: '2' }), { actor: c.staff, now: started }))).toMatchObject({ status: 422, message: 'That appointment has already started.' });
    await c.update(booked.header.aptId, parsed([], { status: '2' }), { actor: c.staff, now: started - HOUR });
    const [row] = await c.rowsOf(booked.header.aptId);
    expect(row).toMatchObject({ status: 'cancelled' });
    expect((await c.eventsOf(row!.id)).at(-1)).toMatchObject({ action: 'cancelled', actorId: c.staff.userId });
  });
});

describe('updateBooking: a visit the salon asked to move', () => {
  it('may be moved by its customer inside the cut-off once the desk has mailed them; once moved, the ask is spent', async () => {
    const c = await customer();
    // Tuesday 2027-01-05 10:00 in New York: 22 hours after NOW, inside the cut-off.
    const booked = await c.book([{ therapist: 1, date: '2027-01-05 10:00' }]);
    const [row] = await c.rowsOf(booked.header.aptId);
    const cutOff = { status: 422, message: 'Appointments can be changed or cancelled up to 24 hours before they start. Please call the salon.' };
    expect(await failure(c.update(booked.header.aptId, parsed([{ therapist: 1, date: '2027-01-05 11:00' }])))).toMatchObject(cutOff);

    await recordAppointmentEvent(c.db, { appointmentId: row!.id, actorId: c.staff.userId, action: 'notified', at: NOW });
    expect([...(await visitsTheSalonAskedToMove(c.db, [row!.id]))]).toEqual([row!.id]);
    await c.update(booked.header.aptId, parsed([{ therapist: 2, date: '2027-01-05 11:00' }]), { now: NOW + 60_000 });
    expect((await c.rowsOf(booked.header.aptId))[0]).toMatchObject({ therapistId: 2, startsAt: new Date('2027-01-05T16:00:00Z') });

    expect((await visitsTheSalonAskedToMove(c.db, [row!.id])).size).toBe(0);
    expect(await failure(c.update(booked.header.aptId, parsed([], { status: '2' }), { now: NOW + 120_000 }))).toMatchObject(cutOff);
  });
});

describe('updateBooking: moving', () => {
  it('moves an area to its new time and therapist, keeps its services and length, and records the move', async () => {
    const c = await customer();
    const booked = await c.book([{ therapist: 1, date: '2027-01-11 10:00', items: [WAX_30], note: 'first' }]);
    const answer = await c.update(booked.header.aptId, parsed([{ therapist: 2, date: '2027-01-12 14:00', note: 'moved' }]));
    const [row] = await c.rowsOf(booked.header.aptId);
    expect(row).toMatchObject({
      therapistId: 2,
      requestedTherapistId: 2,
      startsAt: new Date('2027-01-12T19:00:00Z'),
      endsAt: new Date(Date.parse('2027-01-12T19:00:00Z') + WAX_30.duration * 60_000),
      note: 'moved',
      icsSequence: 1,
      updatedAt: new Date(NOW),
      status: 'booked',
    });
    expect(row!.lines.map((l) => l.id)).toEqual([WAX_30.id]);
    expect(answer.appointments[0]).toMatchObject({ therapistId: 2, localStart: '2027-01-12 14:00' });
    expect((await c.eventsOf(row!.id)).at(-1)).toMatchObject({
      action: 'moved',
      actorId: c.userId,
      details: { from: { start: '2027-01-11T15:00:00.000Z', therapistId: 1 }, to: { start: '2027-01-12T19:00:00.000Z', therapistId: 2 } },
    });
  });

  it('gives "any therapist" one who is free, and may move onto a time overlapping its own old one', async () => {
    const c = await customer();
    const booked = await c.book([{ therapist: 1, date: '2027-01-12 10:00', items: [WAX_30] }]);
    await insertAppointment(c.db, { customerId: await insertUser(c.db), therapistId: 2, start: '2027-01-12T15:15:00Z', minutes: 30 });
    await c.update(booked.header.aptId, parsed([{ therapist: 0, date: '2027-01-12 10:15' }]));
    expect((await c.rowsOf(booked.header.aptId))[0]).toMatchObject({ therapistId: 1, requestedTherapistId: 0, startsAt: new Date('2027-01-12T15:15:00Z') });
  });

  it('lets two areas of the card swap times in one change', async () => {
    const c = await customer();
    const booked = await c.book([
      { therapist: 1, date: '2027-01-11 10:00', items: [WAX_30] },
      { areaId: 2, therapist: 0, date: '2027-01-11 10:30', items: [BROWS] },
    ]);
    await c.update(booked.header.aptId, parsed([
      { therapist: 1, date: '2027-01-11 10:30', items: [WAX_30] },
      { areaId: 2, therapist: 0, date: '2027-01-11 10:00', items: [BROWS] },
    ]));
    expect((await c.rowsOf(booked.header.aptId)).map((r) => [r.areaId, r.startsAt.toISOString()])).toEqual([
      [1, '2027-01-11T15:30:00.000Z'],
      [2, '2027-01-11T15:00:00.000Z'],
    ]);
  });

  it('answers 416 for a time that is taken and leaves the appointment where it was', async () => {
    const c = await customer();
    const booked = await c.book([{ therapist: 1, date: '2027-01-18 10:00' }]);
    await insertAppointment(c.db, { customerId: await insertUser(c.db), therapistId: 1, start: '2027-01-18T17:00:00Z', minutes: 60 });
    expect(await failure(c.update(booked.header.aptId, parsed([{ therapist: 1, date: '2027-01-18 12:00' }])))).toMatchObject({ status: 416, code: 'slot_taken', message: SLOT_TAKEN_MESSAGE });
    expect((await c.rowsOf(booked.header.aptId))[0]).toMatchObject({ startsAt: new Date('2027-01-18T15:00:00Z'), icsSequence: 0 });
  });

  it('answers 422 for no area, an area the booking does not have, a time gone by or off the roster', async () => {
    const c = await customer();
    const booked = await c.book([{ therapist: 1, date: '2027-01-18 14:00' }]);
    const id = booked.header.aptId;
    expect(await failure(c.update(id, parsed([])))).toMatchObject({ status: 422, fields: { svcAreas: 'Choose the appointment to move.' } });
    expect(await failure(c.update(id, parsed([{ areaId: 2, date: '2027-01-18 15:00', items: [BROWS] }])))).toMatchObject({
      status: 422,
      fields: { 'svcAreas.0': 'This booking has no upcoming Brow & Lashes appointment.' },
    });
    expect(await failure(c.update(id, parsed([{ therapist: 1, date: '2027-01-04 10:00' }])))).toMatchObject({
      status: 422,
      fields: { 'svcAreas.0.svcDate': 'That time has already passed. Please choose another time.' },
    });
    expect(await failure(c.update(id, parsed([{ therapist: 1, date: '2027-01-18 10:05' }])))).toMatchObject({ status: 422, fields: { 'svcAreas.0.svcDate': expect.stringMatching(/outside the opening hours/) } });
    expect(await failure(c.update(id, parsed([{ therapist: 99, date: '2027-01-18 15:00' }])))).toMatchObject({ status: 422, fields: { 'svcAreas.0.svcTherapist': expect.stringMatching(/Therapist 99/) } });
    expect((await c.rowsOf(id))[0]).toMatchObject({ startsAt: new Date('2027-01-18T19:00:00Z'), icsSequence: 0 });
  });
});

describe('updateBooking: the customer\'s mails', () => {
  it('queues the move and the cancellation mails in the change\'s own transaction; a refused change queues none', async () => {
    const c = await customer();
    const [user] = await c.db.select({ email: users.email }).from(users).where(eq(users.id, c.userId));
    const mails = () => c.db.select().from(outbox).where(eq(outbox.to, user!.email!)).orderBy(asc(outbox.id));
    const booked = await c.book([{ therapist: 1, date: '2027-01-25 10:00' }]);
    const appointmentId = booked.appointments[0]!.id;
    const moved = await updateBooking(c.db, { actor: c.me, customerId: c.userId, bookingId: booked.header.aptId, card: parsed([{ therapist: 1, date: '2027-01-25 11:00' }]), now: NOW });
    expect(moved.before.appointments[0]!.start).toBe('2027-01-25T15:00:00.000Z');
    expect(moved.card.appointments[0]!.start).toBe('2027-01-25T16:00:00.000Z');
    // Nothing runs after the answer here: the mails are in the outbox already (after the booking's confirmation).
    const afterMove = await mails();
    expect(afterMove.map((m) => [m.id, m.subject, m.status])).toEqual([
      [afterMove[0]!.id, 'Your Bare & Polished NYC booking is confirmed', 'pending'],
      [moved.mails[0], 'Your Bare & Polished NYC appointment has moved', 'pending'],
    ]);
    expect(afterMove[1]!.calendar?.content).toContain('SEQUENCE:1');
    expect(afterMove[1]!.calendar?.content).toContain(`UID:${appointmentId}@bookings.salon`);

    await insertAppointment(c.db, { customerId: await insertUser(c.db), therapistId: 1, start: '2027-01-25T17:00:00Z', minutes: 60 });
    expect(await failure(c.update(booked.header.aptId, parsed([{ therapist: 1, date: '2027-01-25 12:00' }])))).toMatchObject({ status: 416 });
    expect(await mails()).toHaveLength(2);

    const cancelled = await updateBooking(c.db, { actor: c.me, customerId: c.userId, bookingId: booked.header.aptId, card: parsed([], { status: '2' }), now: NOW });
    const all = await mails();
    expect(all.map((m) => m.subject)).toEqual([
      'Your Bare & Polished NYC booking is confirmed',
      'Your Bare & Polished NYC appointment has moved',
      'Your Bare & Polished NYC appointment is cancelled',
    ]);
    expect(cancelled.mails).toEqual([all[2]!.id]);
    expect(all[2]!.calendar).toMatchObject({ method: 'CANCEL', content: expect.stringContaining('SEQUENCE:2') });
  });
});

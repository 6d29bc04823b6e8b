import { asc, eq, sql } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { appointmentEvents, appointments, bookings, outbox, slotHolds, users } from '@/lib/db/schema';
import { cardFor, FIRST_ITEM_OF_AREA, PACKAGE_OF, WAX, WAX_WITH_PACKAGE, type AreaChoice } from '@/lib/booking/test-support/cards';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { appointmentCardSchema } from '../card-schema';
import { placeHolds } from '../holds';
import { creditPackage, ownedPackages } from '../packages';
import { SLOT_TAKEN_MESSAGE } from '../messages';
import { createBooking } from './create';

jest.setTimeout(120_000);
createTempDataDir('salon-appointments-create-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York. At SoHo on Mondays only therapist 1 does hair removal (area 1); on Tuesdays 1 and 2.
const NOW = Date.parse('2027-01-04T17:00:00Z');
const card = (areas: readonly AreaChoice[]) => appointmentCardSchema.parse(cardFor(areas));

async function customer() {
  const db = await getDb();
  const userId = await insertUser(db);
  const book = (areas: readonly AreaChoice[], extra: { idempotencyKey?: string; createdBy?: string; holder?: string } = {}) =>
    createBooking(db, { actor: { userId, role: 'customer' }, customerId: userId, card: card(areas), now: NOW, ...extra });
  const rows = () => db.select().from(appointments).where(eq(appointments.customerId, userId)).orderBy(asc(appointments.startsAt));
  const bookingRows = () => db.select().from(bookings).where(eq(bookings.customerId, userId));
  return { db, userId, book, rows, bookingRows };
}

const failure = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: unknown) => error);

describe('createBooking', () => {
  it('books one appointment per area in one booking, answers the card as booked, and records who booked each', async () => {
    const me = await customer();
    const wax = WAX.find((i) => i.duration === 30)!;
    const brows = FIRST_ITEM_OF_AREA(2);
    const { card: booked, replayed } = await me.book([
      { therapist: 1, date: '2027-01-11 10:00', items: [wax] },
      { areaId: 2, therapist: 0, date: '2027-01-11 10:30', items: [brows] },
    ]);
    expect(replayed).toBe(false);
    const rows = await me.rows();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.bookingId))).toEqual(new Set([booked.header.aptId]));
    expect(rows.map((r) => [r.areaId, r.startsAt.toISOString(), r.endsAt.getTime() - r.startsAt.getTime(), r.price, r.status])).toEqual([
      [1, '2027-01-11T15:00:00.000Z', wax.duration * 60_000, wax.price, 'booked'],
      [2, '2027-01-11T15:30:00.000Z', brows.duration * 60_000, brows.price, 'booked'],
    ]);
    expect(booked.header).toMatchObject({ customerId: me.userId, location: '1', status: '1' });
    expect(booked.appointments.map((a) => a.id)).toEqual(rows.map((r) => r.id));
    const [bookingRow] = await me.bookingRows();
    expect(bookingRow).toMatchObject({ createdBy: null, idempotencyKey: null, location: 1 });
    for (const row of rows) {
      const events = await me.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, row.id));
      expect(events).toEqual([expect.objectContaining({ actorId: me.userId, action: 'booked', at: new Date(NOW), details: { start: row.startsAt.toISOString(), therapistId: row.therapistId } })]);
    }
  });

  it('gives "any therapist" the first rostered one who is free, and records the staff member who booked', async () => {
    const me = await customer();
    const staff = await insertUser(me.db, 'staff');
    await insertAppointment(me.db, { customerId: await insertUser(me.db), therapistId: 1, start: '2027-01-12T15:00:00Z', minutes: 60 });
    const { card: booked } = await me.book([{ therapist: 0, date: '2027-01-12 10:00' }], { createdBy: staff });
    expect(booked.appointments[0]).toMatchObject({ therapistId: 2, requestedTherapistId: 0 });
    expect((await me.bookingRows())[0]!.createdBy).toBe(staff);
  });

  it('books nothing when one area\'s time is taken: 416, and no booking or appointment row is left', async () => {
    const me = await customer();
    await insertAppointment(me.db, { customerId: await insertUser(me.db), therapistId: 1, start: '2027-01-11T15:30:00Z', minutes: 15 });
    // The free area comes first, so its row is written before the taken one fails.
    const lost = await failure(me.book([
      { areaId: 2, therapist: 0, date: '2027-01-11 10:00', items: [FIRST_ITEM_OF_AREA(2)] },
      { therapist: 1, date: '2027-01-11 10:30' },
    ]));
    expect(lost).toMatchObject({ status: 416, code: 'slot_taken', message: SLOT_TAKEN_MESSAGE });
    expect(await me.rows()).toHaveLength(0);
    expect(await me.bookingRows()).toHaveLength(0);
  });

  it('answers a retry with the same Idempotency-Key with the first booking, and a different card under it with 422', async () => {
    const me = await customer();
    const first = await me.book([{ therapist: 1, date: '2027-01-18 10:00' }], { idempotencyKey: 'key-1' });
    const again = await me.book([{ therapist: 1, date: '2027-01-18 10:00' }], { idempotencyKey: 'key-1' });
    expect(again.replayed).toBe(true);
    expect(again.card.header.aptId).toBe(first.card.header.aptId);
    expect(again.card.appointments).toEqual(first.card.appointments);
    expect(await me.rows()).toHaveLength(1);
    expect(await failure(me.book([{ therapist: 1, date: '2027-01-18 11:00' }], { idempotencyKey: 'key-1' }))).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect(await me.rows()).toHaveLength(1);
  });

  it('a package line costs nothing and takes one session of that package', async () => {
    const me = await customer();
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 3, me.db);
    const { card: booked } = await me.book([{ therapist: 1, date: '2027-01-18 14:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId }]);
    expect(booked.appointments[0]!.price).toBe(0);
    expect(await ownedPackages(me.db, me.userId)).toEqual([expect.objectContaining({ pkgId: offer.pvId.toLowerCase(), sessionsUsed: 1, sessionsLeft: 2 })]);
  });

  it('refuses a time another visitor holds, books one the caller holds and ends the caller\'s holds', async () => {
    const me = await customer();
    const held = card([{ therapist: 1, date: '2027-01-25 10:00' }]);
    await placeHolds(me.db, 'someone-else', held, NOW);
    expect(await failure(me.book([{ therapist: 1, date: '2027-01-25 10:00' }]))).toMatchObject({ status: 416 });
    await me.db.delete(slotHolds).where(eq(slotHolds.holderHash, 'someone-else'));
    await placeHolds(me.db, 'me', held, NOW);
    await me.book([{ therapist: 1, date: '2027-01-25 10:00' }], { holder: 'me' });
    expect(await me.db.select().from(slotHolds).where(eq(slotHolds.holderHash, 'me'))).toHaveLength(0);
  });

  it('queues the confirmation in the booking\'s own transaction: there when it returns, none for a refusal or a replay, no booking without it', async () => {
    const me = await customer();
    const [user] = await me.db.select({ email: users.email }).from(users).where(eq(users.id, me.userId));
    const mails = () => me.db.select().from(outbox).where(eq(outbox.to, user!.email!));
    const booked = await me.book([{ therapist: 1, date: '2027-02-01 10:00' }], { idempotencyKey: 'mail-key-1' });
    // Nothing runs after the answer here: the mail is in the outbox already, waiting for the worker if need be.
    expect(await mails()).toEqual([expect.objectContaining({ id: booked.confirmation, subject: 'Your Bare & Polished NYC booking is confirmed', status: 'pending' })]);
    expect((await mails())[0]!.calendar?.content).toContain(`UID:${booked.card.appointments[0]!.id}@bookings.salon`);
    expect(await me.book([{ therapist: 1, date: '2027-02-01 10:00' }], { idempotencyKey: 'mail-key-1' })).toMatchObject({ replayed: true, confirmation: null });
    expect(await failure(me.book([{ therapist: 1, date: '2027-02-01 10:00' }]))).toMatchObject({ status: 416 });
    expect(await mails()).toHaveLength(1);

    // The outbox cannot take the mail: the booking is not stored either.
    await me.db.execute(sql`alter table outbox rename to outbox_away`);
    try {
      expect(await failure(me.book([{ therapist: 1, date: '2027-02-01 11:00' }]))).toMatchObject({ message: expect.stringMatching(/outbox/) });
    } finally {
      await me.db.execute(sql`alter table outbox_away rename to outbox`);
    }
    expect((await me.rows()).map((r) => r.startsAt.toISOString())).toEqual(['2027-02-01T15:00:00.000Z']);
  });

  it('queues no mail for a customer without an address (created at the desk with a phone only)', async () => {
    const me = await customer();
    await me.db.update(users).set({ email: null, phone: '2125550100' }).where(eq(users.id, me.userId));
    const booked = await me.book([{ therapist: 1, date: '2027-02-01 12:00' }]);
    expect(booked).toMatchObject({ replayed: false, confirmation: null });
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { appointmentCardSchema } from '@/lib/booking/card-schema';
import { recordAppointmentEvent } from '@/lib/booking/appointment-events';
import type { Actor } from '@/lib/booking/appointments/access';
import { createBooking } from '@/lib/booking/appointments/create';
import { updateBooking } from '@/lib/booking/appointments/update';
import { cardFor, FIRST_ITEM_OF_AREA, WAX, type AreaChoice } from '@/lib/booking/test-support/cards';
import { callRoute, insertUser, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { accountCredits, activityLog, appointments, deposits, outbox, users } from '@/lib/db/schema';
import { changeVisit } from '@/lib/desk/visit';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { creditBalanceCents } from './credit';
import { CREDIT_REASON_TEXT, creditStatement } from './credit-history';
import { waiveFee } from './fee';
import { depositOnCancel, depositSentence, leftToPayCents } from './fee-rule';
import { waiveFeeHandler } from './handlers';
import { seedPaidDeposit } from './test-support';
import { visitMoney } from './visit-money';

jest.setTimeout(120_000);
createTempDataDir('deposit-fee-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York; the visits are on the Monday after, at SoHo with therapist 1.
const NOW = Date.parse('2027-01-04T17:00:00Z');
const HOUR = 3_600_000;
const WAX_30 = WAX.find((i) => i.duration === 30)!;
const parsed = (areas: readonly AreaChoice[], header: Record<string, unknown> = {}) => appointmentCardSchema.parse(cardFor(areas, header));
const CANCEL_ALL = () => parsed([], { status: '2' });

describe('the fee rule', () => {
  it('credits a cancellation 24 hours or more ahead, keeps a later one, and credits it when the salon asked to move the visit', () => {
    const startsAt = NOW + 24 * HOUR;
    expect(depositOnCancel({ startsAt, now: NOW, salonAsked: false })).toBe('credited');
    expect(depositOnCancel({ startsAt, now: NOW + 1, salonAsked: false })).toBe('kept');
    expect(depositOnCancel({ startsAt, now: NOW + 23 * HOUR, salonAsked: true })).toBe('credited');
  });

  it('says what happened, with the amount', () => {
    expect(depositSentence('credited', 10_000)).toBe('Your $100.00 deposit is now account credit: your next deposit or package uses it first.');
    expect(depositSentence('kept-late', 2_500)).toBe('As the visit was cancelled less than 24 hours before it, the $25.00 deposit is kept as the late-cancellation fee.');
    expect(depositSentence('kept-no-show', 5_000)).toMatch(/the \$50\.00 deposit is kept as the fee for a missed appointment/);
    expect(depositSentence('waived', 5_000)).toMatch(/waived the fee: the \$50\.00 deposit is now account credit/);
  });

  it('leaves to pay at the salon the price less packages and the deposit, never below zero', () => {
    expect(leftToPayCents({ priceCents: 60_000, packageCents: 0, depositCents: 10_000 })).toBe(50_000);
    expect(leftToPayCents({ priceCents: 6_000, packageCents: 3_000, depositCents: 5_000 })).toBe(0);
  });
});

async function visitWithDeposit(cents = 10_000, date = '2027-01-11 10:00') {
  const db = await getDb();
  const customerId = await insertUser(db);
  const me: Actor = { userId: customerId, role: 'customer' };
  const staffId = await insertUser(db, 'staff');
  const staff: Actor = { userId: staffId, role: 'staff' };
  const booked = (await createBooking(db, { actor: me, customerId, card: parsed([{ therapist: 1, date, items: [WAX_30] }]), now: NOW })).card;
  const bookingId = booked.header.aptId;
  await seedPaidDeposit(db, { bookingId, customerId, cents });
  const [row] = await db.select().from(appointments).where(eq(appointments.bookingId, bookingId));
  const [user] = await db.select().from(users).where(eq(users.id, customerId));
  const deposit = async () => (await db.select().from(deposits).where(eq(deposits.bookingId, bookingId)))[0]!;
  const lastMail = async () => (await db.select().from(outbox).where(eq(outbox.to, user!.email!)).orderBy(desc(outbox.id)))[0]!;
  const cancel = (actor: Actor, now: number, card = CANCEL_ALL()) => updateBooking(db, { actor, customerId, bookingId, card, now });
  return { db, customerId, me, staff, staffId, bookingId, appointmentId: row!.id, startsAt: row!.startsAt.getTime(), deposit, lastMail, cancel };
}

describe('cancelling a visit with a deposit', () => {
  it('24 hours or more ahead: the deposit becomes account credit once, and the cancellation mail says so', async () => {
    const v = await visitWithDeposit(10_000);
    const result = await v.cancel(v.me, NOW);
    expect(result.deposit).toEqual({ event: 'credited', cents: 10_000 });
    expect(await v.deposit()).toMatchObject({ state: 'credited', decidedAt: new Date(NOW), decidedBy: null });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(10_000);
    expect(await v.db.select().from(accountCredits).where(eq(accountCredits.customerId, v.customerId))).toEqual([
      expect.objectContaining({ amountCents: 10_000, reason: 'deposit-credited', bookingId: v.bookingId }),
    ]);
    const mail = await v.lastMail();
    expect(mail.subject).toMatch(/cancelled/);
    expect(mail.text).toContain('Your $100.00 deposit is now account credit: your next deposit or package uses it first.');
  });

  it('later than that (by phone, through the desk): the deposit is kept as the fee, no credit, and the mail says so', async () => {
    const v = await visitWithDeposit(5_000);
    const late = v.startsAt - 2 * HOUR;
    const result = await v.cancel(v.staff, late);
    expect(result.deposit).toEqual({ event: 'kept-late', cents: 5_000 });
    expect(await v.deposit()).toMatchObject({ state: 'kept', decidedBy: null });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(0);
    expect((await v.lastMail()).text).toContain('the $50.00 deposit is kept as the late-cancellation fee');
  });

  it('inside 24 hours when the salon had asked the customer to move it: credited', async () => {
    const v = await visitWithDeposit(5_000);
    await recordAppointmentEvent(v.db, { appointmentId: v.appointmentId, actorId: v.staffId, action: 'notified', details: {}, at: NOW });
    await v.cancel(v.me, v.startsAt - 3 * HOUR);
    expect(await v.deposit()).toMatchObject({ state: 'credited' });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(5_000);
  });

  it('only when nothing of the visit is left booked: cancelling one of two appointments keeps the deposit paid', async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    const me: Actor = { userId: customerId, role: 'customer' };
    const booked = (
      await createBooking(db, {
        actor: me,
        customerId,
        card: parsed([
          { therapist: 1, date: '2027-01-11 12:00', items: [WAX_30] },
          { areaId: 2, therapist: 0, date: '2027-01-11 13:00', items: [FIRST_ITEM_OF_AREA(2)] },
        ]),
        now: NOW,
      })
    ).card;
    await seedPaidDeposit(db, { bookingId: booked.header.aptId, customerId, cents: 5_000 });
    const partial = await updateBooking(db, { actor: me, customerId, bookingId: booked.header.aptId, card: parsed([{ areaId: 2, date: '' }], { status: '2' }), now: NOW });
    expect(partial.deposit).toBeUndefined();
    expect((await db.select().from(deposits).where(eq(deposits.bookingId, booked.header.aptId)))[0]).toMatchObject({ state: 'paid' });
    await updateBooking(db, { actor: me, customerId, bookingId: booked.header.aptId, card: CANCEL_ALL(), now: NOW });
    expect((await db.select().from(deposits).where(eq(deposits.bookingId, booked.header.aptId)))[0]).toMatchObject({ state: 'credited' });
  });

  it('a visit without a deposit is cancelled as before, its mail without a deposit sentence', async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    const me: Actor = { userId: customerId, role: 'customer' };
    const booked = (await createBooking(db, { actor: me, customerId, card: parsed([{ therapist: 1, date: '2027-01-11 15:00', items: [WAX_30] }]), now: NOW })).card;
    const result = await updateBooking(db, { actor: me, customerId, bookingId: booked.header.aptId, card: CANCEL_ALL(), now: NOW });
    expect(result.deposit).toBeUndefined();
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, `${customerId}@example.com`)).orderBy(desc(outbox.id));
    expect(mail!.text).not.toMatch(/deposit/);
  });
});

describe('a no-show marked at the desk', () => {
  it('keeps the deposit and mails the customer the fee; undoing the mark pays it again', async () => {
    const v = await visitWithDeposit(10_000, '2027-01-11 16:00');
    const after = v.startsAt + HOUR;
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: 'no_show' }, after);
    expect(await v.deposit()).toMatchObject({ state: 'kept', decidedBy: null });
    const mail = await v.lastMail();
    expect(mail.subject).toMatch(/We missed you/);
    expect(mail.text).toContain('the $100.00 deposit is kept as the fee for a missed appointment');
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: null }, after);
    expect(await v.deposit()).toMatchObject({ state: 'paid', decidedAt: null });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(0);
  });
});

describe('waiving a kept fee', () => {
  it('turns it into credit given by the staff member, logged with who; only a kept fee, once', async () => {
    const v = await visitWithDeposit(5_000, '2027-01-11 17:00');
    const staff = { userId: v.staffId, name: 'Dana Desk' };
    await expect(waiveFee(v.db, { bookingId: v.bookingId, staff })).rejects.toMatchObject({ status: 409, message: 'Only a kept fee can be waived: this deposit is paid.' });
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: 'no_show' }, v.startsAt + HOUR);
    expect(await waiveFee(v.db, { bookingId: v.bookingId, staff, now: v.startsAt + 2 * HOUR })).toEqual({ event: 'waived', cents: 5_000 });
    expect(await v.deposit()).toMatchObject({ state: 'waived', decidedBy: v.staffId, decidedAt: new Date(v.startsAt + 2 * HOUR) });
    expect(await v.db.select().from(accountCredits).where(eq(accountCredits.customerId, v.customerId))).toEqual([
      expect.objectContaining({ amountCents: 5_000, reason: 'waived-fee', bookingId: v.bookingId, createdBy: v.staffId }),
    ]);
    const [entry] = await v.db.select().from(activityLog).where(and(eq(activityLog.kind, 'deposits'), eq(activityLog.actorId, v.staffId)));
    expect(entry).toMatchObject({ action: 'waived', actorName: 'Dana Desk', summary: 'Fee of $50.00 waived: now account credit' });
    await expect(waiveFee(v.db, { bookingId: v.bookingId, staff })).rejects.toMatchObject({ status: 409 });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(5_000);
    // Undoing the no-show after a waiver leaves the waiver as it is: its credit is given.
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: null }, v.startsAt + 3 * HOUR);
    expect(await v.deposit()).toMatchObject({ state: 'waived' });
  });

  it('answers 404 for a visit without a deposit', async () => {
    const db = await getDb();
    const staffId = await insertUser(db, 'staff');
    await expect(waiveFee(db, { bookingId: '00000000-0000-4000-8000-000000000000', staff: { userId: staffId, name: 'S' } })).rejects.toMatchObject({ status: 404 });
  });
});

describe("a visit's money at the desk", () => {
  it('is the price less a deposit still held and the packages; a kept, credited or waived deposit is no longer held for it', async () => {
    const v = await visitWithDeposit(1_000, '2027-01-12 10:00');
    const money = await visitMoney(v.db, v.bookingId);
    const price = Math.round(WAX_30.price * 100);
    expect(money).toMatchObject({ deposit: { amountCents: 1_000, state: 'paid' }, priceCents: price, packageCents: 0, leftCents: Math.max(0, price - 1_000) });
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: 'no_show' }, v.startsAt + HOUR);
    expect(await visitMoney(v.db, v.bookingId)).toMatchObject({ deposit: { state: 'kept' }, leftCents: price });
  });

  it('waives through the API for staff only, and answers a bad body with 4xx', async () => {
    const v = await visitWithDeposit(2_000, '2027-01-12 12:00');
    await changeVisit(v.db, v.staff, v.appointmentId, { action: 'attendance', attendance: 'no_show' }, v.startsAt + HOUR);
    const customer = await signedIn(v.db);
    const staff = await signedIn(v.db, 'staff');
    const post = (body: unknown, cookie?: string) => callRoute(waiveFeeHandler, {}, { ...jsonInit('POST', body, cookie), path: '/api/desk/deposits/waive/' });
    expect((await post({ bookingId: v.bookingId })).status).toBe(401);
    expect((await post({ bookingId: v.bookingId }, customer.cookie)).status).toBe(403);
    expect((await post({ bookingId: 'nope' }, staff.cookie)).status).toBe(422);
    const waived = await post({ bookingId: v.bookingId.toUpperCase() }, staff.cookie);
    expect(await waived.json()).toEqual({ event: 'waived', cents: 2_000 });
    expect(await creditBalanceCents(v.db, v.customerId)).toBe(2_000);
    expect((await post({ bookingId: v.bookingId }, staff.cookie)).status).toBe(409);
  });
});

describe("the account page's credit", () => {
  it('is the balance and the movements in words, newest first; nothing for a customer who never had credit', async () => {
    const v = await visitWithDeposit(3_000, '2027-01-13 10:00');
    expect(await creditStatement(v.db, v.customerId)).toBeUndefined();
    await v.cancel(v.me, NOW);
    const statement = await creditStatement(v.db, v.customerId);
    expect(statement).toEqual({ balanceCents: 3_000, movements: [{ cents: 3_000, reason: 'deposit-credited', at: expect.any(Date) }] });
    expect(CREDIT_REASON_TEXT[statement!.movements[0]!.reason]).toBe('Deposit of a visit cancelled in time');
  });
});

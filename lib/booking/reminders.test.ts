import { and, asc, eq, isNotNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { cardFor } from '@/lib/booking/test-support/cards';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointmentReminders, appointments, outbox, users } from '@/lib/db/schema';
import { deliverDue } from '@/lib/mail';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createBooking } from './appointments/create';
import { updateBooking } from './appointments/update';
import { appointmentCardSchema } from './card-schema';
import { queueDueReminders } from './reminders';

jest.setTimeout(120_000);
createTempDataDir('salon-reminders-');
afterAll(closeDb);
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const HOUR = 3_600_000;
const parsedCard = (...args: Parameters<typeof cardFor>) => appointmentCardSchema.parse(cardFor(...args));
/** The clock of these tests: the bookings are made now, the reminders run at the times each test names. */
const BOOKED_AT = Date.parse('2027-01-04T17:00:00Z');

async function book(date: string, therapist = 0) {
  const db = await getDb();
  const me = await signedIn(db);
  const { card } = await createBooking(db, { actor: { userId: me.userId, role: 'customer' }, customerId: me.userId, card: parsedCard([{ therapist, date }]), now: BOOKED_AT });
  const [user] = await db.select().from(users).where(eq(users.id, me.userId));
  const a = card.appointments[0]!;
  // The row's updated_at comes from the database clock; the tests' clock says when it was booked.
  await db.update(appointments).set({ updatedAt: new Date(BOOKED_AT), createdAt: new Date(BOOKED_AT) }).where(eq(appointments.id, a.id));
  return { db, me, email: user!.email!, bookingId: card.header.aptId, appointmentId: a.id, start: Date.parse(a.start) };
}

const remindersTo = async (email: string) =>
  (await getDb())
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), isNotNull(outbox.appointmentId)))
    .orderBy(asc(outbox.id));

describe('reminders', () => {
  it('one reminder the day before, with time, place, therapist, how to change it and the invitation; never twice', async () => {
    const { db, email, start, appointmentId } = await book('2027-01-13 10:00', 1);
    expect(await queueDueReminders(db, { now: new Date(start - 25 * HOUR) })).toBe(0);
    const at = new Date(start - 24 * HOUR + 60_000);
    expect(await queueDueReminders(db, { now: at })).toBe(1);
    expect(await queueDueReminders(db, { now: at })).toBe(0);
    expect(await queueDueReminders(db, { now: new Date(start - HOUR) })).toBe(0);
    // A restart: a new database handle on the same folder finds the claim.
    await closeDb();
    expect(await queueDueReminders(await getDb(), { now: new Date(start - 2 * HOUR) })).toBe(0);

    const [reminder, ...more] = await remindersTo(email);
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ appointmentId, status: 'pending', expiresAt: new Date(start) });
    expect(reminder!.subject).toBe('Reminder: your Bare & Polished NYC appointment on Wednesday, January 13, 2027 at 10:00 AM EST');
    for (const part of [reminder!.text, reminder!.html!]) {
      expect(part).toContain('Wednesday, January 13, 2027 at 10:00 AM EST');
      expect(part).toContain('131 Spring Street, 2nd Floor, New York, NY 10012');
      expect(part).toMatch(/with [A-Z][a-z]+ [A-Z]/);
      expect(part).toContain('Online changes close 24 hours before a visit. To reschedule or cancel now, please call us at (212) 555-0148.');
    }
    const calendar = new ICAL.Component(ICAL.parse(reminder!.calendar!.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${appointmentId}@bookings.salon`);
    expect(event.startDate.toJSDate().getTime()).toBe(start);

    expect(await deliverDue(await getDb(), { now: at, ids: [reminder!.id] })).toMatchObject({ sent: 1 });
  });

  it('the lead time is configurable: REMINDER_LEAD_HOURS=48 sends it two days before', async () => {
    const { db, start } = await book('2027-01-14 10:00');
    process.env.REMINDER_LEAD_HOURS = '48';
    try {
      expect(await queueDueReminders(db, { now: new Date(start - 47 * HOUR) })).toBe(1);
    } finally {
      delete process.env.REMINDER_LEAD_HOURS;
    }
  });

  it('a late reminder after downtime goes out while the visit is ahead; none once it has begun', async () => {
    const late = await book('2027-01-15 10:00');
    expect(await queueDueReminders(late.db, { now: new Date(late.start - 2 * HOUR) })).toBe(1);
    const past = await book('2027-01-15 12:00');
    expect(await queueDueReminders(past.db, { now: new Date(past.start + 60_000) })).toBe(0);
    expect(await remindersTo(past.email)).toHaveLength(0);
  });

  it('none for a cancelled appointment; a moved one gets a reminder for its new time, and an unsent old one is dropped', async () => {
    const cancelled = await book('2027-01-18 10:00');
    await updateBooking(cancelled.db, { actor: { userId: cancelled.me.userId, role: 'customer' }, customerId: cancelled.me.userId, bookingId: cancelled.bookingId, card: parsedCard([], { status: '2' }), now: BOOKED_AT });
    expect(await queueDueReminders(cancelled.db, { now: new Date(cancelled.start - 23 * HOUR) })).toBe(0);
    expect(await remindersTo(cancelled.email)).toHaveLength(0);

    const moved = await book('2027-01-19 10:00');
    const { db } = moved;
    // The old time's reminder is queued but not yet sent (say the SMTP server is down) when the desk moves the visit.
    expect(await queueDueReminders(db, { now: new Date(moved.start - 23 * HOUR) })).toBe(1);
    await updateBooking(db, { actor: { userId: moved.me.userId, role: 'staff' }, customerId: moved.me.userId, bookingId: moved.bookingId, card: parsedCard([{ date: '2027-01-21 10:00' }]), now: moved.start - 22 * HOUR });
    const newStart = Date.parse('2027-01-21T15:00:00Z');
    const [old] = await remindersTo(moved.email);
    expect(await deliverDue(db, { now: new Date(moved.start - 21 * HOUR), ids: [old!.id] })).toMatchObject({ dropped: 1, sent: 0 });
    expect((await db.select().from(outbox).where(eq(outbox.id, old!.id)))[0]!.status).toBe('obsolete');
    expect(await queueDueReminders(db, { now: new Date(newStart - 25 * HOUR) })).toBe(0);
    expect(await queueDueReminders(db, { now: new Date(newStart - 23 * HOUR) })).toBe(1);
    const reminders = await remindersTo(moved.email);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.appointmentStartsAt).toEqual(new Date(newStart));
    expect(reminders[1]!.text).toContain('Thursday, January 21, 2027 at 10:00 AM EST');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(reminders[1]!.calendar!.content)).getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(1);
    expect(await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, moved.appointmentId))).toHaveLength(2);
  });

  it('none for a visit booked or moved inside the lead time: its confirmation or change mail has just said it', async () => {
    const { db, start, appointmentId, email } = await book('2027-01-22 10:00');
    await db.update(appointments).set({ updatedAt: new Date(start - 5 * HOUR) }).where(eq(appointments.id, appointmentId));
    expect(await queueDueReminders(db, { now: new Date(start - 4 * HOUR) })).toBe(0);
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it('says until when it can be changed online when the reminder comes before the cut-off', async () => {
    const { db, start, email } = await book('2027-01-25 10:00');
    process.env.REMINDER_LEAD_HOURS = '72';
    try {
      expect(await queueDueReminders(db, { now: new Date(start - 70 * HOUR) })).toBe(1);
    } finally {
      delete process.env.REMINDER_LEAD_HOURS;
    }
    const [reminder] = await remindersTo(email);
    expect(reminder!.text).toContain('You can reschedule or cancel online until Sunday, January 24, 2027 at 10:00 AM EST');
    expect(reminder!.text).toContain('/account/');
  });
});

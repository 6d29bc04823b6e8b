/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import type { DateInLocationTz } from '@/lib/booking/dates';
import type { Actor } from '@/lib/booking/appointments/access';
import { appointmentCardSchema } from '@/lib/booking/card-schema';
import { createBooking } from '@/lib/booking/appointments/create';
import { cardFor, WAX } from '@/lib/booking/test-support/cards';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { appointmentEvents, outbox, therapistTimeOff, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { deskLocationBySlug, readDeskDay } from './day';
import { notifyCustomer, reassignAll } from './to-resolve';
import { changeVisit } from './visit';

jest.setTimeout(120_000);
createTempDataDir('salon-to-resolve-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York; the sick day is Tuesday 2027-01-12, when therapists 1 and 2 do hair removal
// (area 1) at SoHo.
const NOW = Date.parse('2027-01-04T17:00:00Z');
const DAY = '2027-01-12' as DateInLocationTz;
const SOHO = deskLocationBySlug('soho')!;
const WAX_30 = WAX.find((i) => i.duration === 30)!;

async function bookedWith(therapist: number, time: string, name: string) {
  const db = await getDb();
  const customerId = await insertUser(db);
  await db.update(users).set({ name }).where(eq(users.id, customerId));
  const card = appointmentCardSchema.parse(cardFor([{ therapist, date: `${DAY} ${time}`, items: [WAX_30] }]));
  const booked = await createBooking(db, { actor: { userId: customerId, role: 'customer' }, customerId, card, now: NOW });
  return { customerId, id: booked.card.appointments[0]!.id };
}

const failure = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: unknown) => error);

describe("a sick day's list on the day view", () => {
  it('lists the visits inside new time off with who is free; reassigns, refuses a therapist just taken, mails, and empties', async () => {
    const db = await getDb();
    const staff: Actor = { userId: await insertUser(db, 'staff'), role: 'staff' };
    const ann = await bookedWith(1, '10:00', 'Ann Sick');
    const ben = await bookedWith(1, '11:00', 'Ben Sick');
    const usual = await readDeskDay(db, SOHO, DAY, NOW);
    expect(usual.toResolve).toEqual([]);
    expect(usual.blocks.map((b) => b.conflict)).toEqual([null, null]);

    await db.insert(therapistTimeOff).values({ therapistId: 1, startsAt: new Date(`${DAY}T09:00:00-05:00`), endsAt: new Date(`${DAY}T14:00:00-05:00`), reason: 'Sick' });
    const sick = await readDeskDay(db, SOHO, DAY, NOW);
    expect(sick.blocks.map((b) => [b.customerName, b.conflict])).toEqual([
      ['Ann Sick', 'time_off'],
      ['Ben Sick', 'time_off'],
    ]);
    expect(sick.toResolve.map((i) => [i.customerName, i.start, i.conflict, i.free.map((t) => t.id), i.customerEmail, i.notifiedAt])).toEqual([
      ['Ann Sick', '10:00', 'time_off', [2], `${ann.customerId}@example.com`, null],
      ['Ben Sick', '11:00', 'time_off', [2], `${ben.customerId}@example.com`, null],
    ]);

    // Another customer takes therapist 2 at 11:00 after the list was read: Ben's reassignment answers with a sentence.
    await bookedWith(2, '11:00', 'Cat Other');
    const refused = await failure(changeVisit(db, staff, ben.id, { action: 'move', date: DAY, time: '11:00', therapistId: 2 }, NOW));
    expect(refused).toMatchObject({ status: 416, message: expect.stringMatching(/\S/) });
    const afterRace = await readDeskDay(db, SOHO, DAY, NOW);
    expect(afterRace.toResolve.map((i) => [i.customerName, i.free.map((t) => t.id)])).toEqual([
      ['Ann Sick', [2]],
      ['Ben Sick', []],
    ]);

    // Reassign all: Ann goes to therapist 2 at her own time; Ben stays, with why.
    const all = await reassignAll(db, staff, afterRace.toResolve, NOW);
    expect(all).toEqual({ moved: 1, left: [{ id: ben.id, customerName: 'Ben Sick', reason: 'nobody free is qualified' }], message: '1 visit reassigned. Still to resolve: Ben Sick (nobody free is qualified).' });
    const afterAll = await readDeskDay(db, SOHO, DAY, NOW);
    expect(afterAll.blocks.find((b) => b.id === ann.id)).toMatchObject({ therapistId: 2, start: '10:00', conflict: null });
    expect(afterAll.toResolve.map((i) => i.customerName)).toEqual(['Ben Sick']);

    // Notify Ben: the mail with the link to his own change page, recorded as 'notified' and shown on the item.
    const { notifiedAt } = await notifyCustomer(db, staff, ben.id, NOW);
    expect(notifiedAt).toBe(new Date(NOW).toISOString());
    const mail = (await db.select().from(outbox).where(eq(outbox.to, `${ben.customerId}@example.com`))).find((m) => m.subject.startsWith('Please choose another time'));
    expect(mail?.text).toContain(`/account/#appointment-${ben.id}`);
    const events = await db.select().from(appointmentEvents).where(and(eq(appointmentEvents.appointmentId, ben.id), eq(appointmentEvents.action, 'notified')));
    expect(events.map((e) => e.actorId)).toEqual([staff.userId]);
    expect((await readDeskDay(db, SOHO, DAY, NOW)).toResolve.map((i) => i.notifiedAt)).toEqual([new Date(NOW).toISOString()]);

    // Ben's visit cancelled (he could not come another time): the list is empty.
    await changeVisit(db, staff, ben.id, { action: 'cancel' }, NOW);
    expect((await readDeskDay(db, SOHO, DAY, NOW)).toResolve).toEqual([]);
  });

  it('a customer without an e-mail cannot be mailed: a sentence says to call', async () => {
    const db = await getDb();
    const staff: Actor = { userId: await insertUser(db, 'staff'), role: 'staff' };
    const dee = await bookedWith(2, '15:00', 'Dee Phone');
    await db.update(users).set({ email: null, phone: '2125550147' }).where(eq(users.id, dee.customerId));
    expect(await failure(notifyCustomer(db, staff, dee.id, NOW))).toMatchObject({ status: 422, message: 'Dee Phone has no e-mail address: call them instead.' });
  });
});

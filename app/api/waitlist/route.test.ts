import { asc, eq, inArray, sql } from 'drizzle-orm';
import { DELETE } from './[entryId]/route';
import { GET, POST } from './route';
import { cardFor, WAX } from '@/lib/booking/test-support/cards';
import { allServiceItems } from '@/lib/catalog/catalog';
import { callRoute, insertAppointment, jsonInit, ORIGIN, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { outbox, therapistTimeOff, users, waitlistEntries } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createAppointment, updateAppointment } from '@/lib/booking/handlers';
import { notifyWaitlist, waitlistOfDay, type WaitlistEntryView } from '@/lib/booking/waitlist';

jest.setTimeout(120_000);
createTempDataDir('salon-waitlist-');
afterAll(closeDb);

// Monday 4 January 2027, noon in New York; the day waited for is the Monday after, when only Maria Lopez (1) does
// Hair Removal (area 1) at SoHo.
const NOW = freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });
const DAY = '2027-01-11';

const wanted = (areas: [number, number, number][], extra: Record<string, unknown> = {}) => ({
  location: '1',
  date: DAY,
  kind: 'area',
  areas: areas.map(([areaId, therapistId, minutes]) => ({ areaId, therapistId, minutes })),
  ...extra,
});
const join = (body: unknown, cookie?: string) => callRoute(POST, {}, { path: '/api/waitlist/', ...jsonInit('POST', body, cookie) });
const list = (cookie?: string, query = '') => callRoute(GET, {}, { path: `/api/waitlist/${query}`, headers: cookie ? { cookie } : {} });
const leave = (entryId: string, cookie?: string) => callRoute(DELETE, { entryId }, { path: `/api/waitlist/${entryId}/`, method: 'DELETE', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

async function joined(body: unknown, cookie: string): Promise<WaitlistEntryView> {
  const response = await join(body, cookie);
  expect(response.status).toBe(201);
  return (await response.json()) as WaitlistEntryView;
}

describe('the waitlist API', () => {

  it('answers 401 to a signed-out visitor on every method', async () => {
    expect((await list()).status).toBe(401);
    expect((await join(wanted([[1, 0, 15]]))).status).toBe(401);
    expect((await leave('6b1f3c0e-8a7d-4c1e-9f55-0d7a3a1b2c3d')).status).toBe(401);
  });

  it('refuses bad input with a 4xx and names the field', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const status = async (response: Promise<Response>) => (await response).status;
    expect(await status(callRoute(POST, {}, { path: '/api/waitlist/', method: 'POST', body: '{}', headers: { origin: ORIGIN, cookie: me.cookie } }))).toBe(415);
    expect(await status(join('{"location":', me.cookie))).toBe(400);
    expect(await status(join(wanted([[1, 0, 15]]), undefined))).toBe(401);
    const cases: [unknown, string][] = [
      [wanted([[1, 0, 15]], { date: '2027-02-30' }), 'date'],
      [wanted([[1, 0, 15]], { date: '2027-01-01' }), 'date'],
      [wanted([[1, 0, 15]], { date: '2028-01-11' }), 'date'],
      // Memorial Day: the salon is closed.
      [wanted([[1, 0, 15]], { date: '2027-05-31' }), 'date'],
      [wanted([[1, 0, 15]], { location: '9' }), 'location'],
      [wanted([[1, 4, 15]]), 'areas.0'],
      [wanted([[1, 0, 20]]), 'areas.0.minutes'],
      [wanted([[1, 0, 15], [3, 0, 60]]), 'areas'],
      [wanted([[1, 0, 15], [1, 0, 30]], { kind: 'visit' }), 'areas'],
      [wanted([[1, 0, 15]], { kind: 'later' }), 'kind'],
      [wanted([[1, 0, 15]], { customerId: me.userId }), ''],
      [wanted([]), 'areas'],
      // A facial is not a service of hair removal; an id that is not one at all.
      [{ ...wanted([]), areas: [{ areaId: 1, therapistId: 0, minutes: 15, services: [allServiceItems().find((i) => i.areaId === 3)!.id] }] }, 'areas.0.services'],
      [{ ...wanted([]), areas: [{ areaId: 1, therapistId: 0, minutes: 15, services: ['not-an-id'] }] }, 'areas.0.services.0'],
    ];
    for (const [body, field] of cases) {
      const response = await join(body, me.cookie);
      expect([response.status, body]).toEqual([422, body]);
      const answer = (await response.json()) as { error: { fields?: Record<string, string> } };
      if (field) expect(Object.keys(answer.error.fields ?? {})).toContain(field);
    }
    expect(await status(list(me.cookie, '?all=1'))).toBe(400);
    expect(await status(leave('not-an-id', me.cookie))).toBe(400);
    const crossSite = await callRoute(POST, {}, { path: '/api/waitlist/', ...jsonInit('POST', wanted([[1, 0, 15]]), me.cookie, { origin: 'https://evil.example' }) });
    expect(crossSite.status).toBe(403);
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, me.userId))).toEqual([]);
  });

  it('a customer joins once per wish, sees only their own entries and leaves only their own', async () => {
    const db = await getDb();
    const ann = await signedIn(db);
    const bob = await signedIn(db);
    const first = await joined(wanted([[1, 0, 15]], { date: '2027-01-13' }), ann.cookie);
    expect(first).toMatchObject({ location: 1, locationName: 'SoHo', date: '2027-01-13', kind: 'area', notifiedAt: null });
    expect(first.areas).toEqual([{ areaId: 1, therapistId: 0, minutes: 15, areaName: 'Hair Removal', therapistName: 'any therapist' }]);
    const again = await join(wanted([[1, 0, 15]], { date: '2027-01-13' }), ann.cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as WaitlistEntryView).id).toBe(first.id);
    const visit = await joined(wanted([[1, 1, 15], [3, 0, 60]], { date: '2027-01-13', kind: 'visit' }), ann.cookie);
    const bobs = await joined(wanted([[1, 0, 30]], { date: '2027-01-13' }), bob.cookie);

    const annList = (await (await list(ann.cookie)).json()) as { entries: WaitlistEntryView[] };
    expect(annList.entries.map((e) => e.id)).toEqual([first.id, visit.id]);

    // Bob cannot leave Ann's entry, and cannot tell it from one that does not exist.
    const foreign = await leave(first.id, bob.cookie);
    expect(foreign.status).toBe(404);
    expect((await leave('6b1f3c0e-8a7d-4c1e-9f55-0d7a3a1b2c3d', bob.cookie)).status).toBe(404);
    expect(((await (await list(ann.cookie)).json()) as { entries: unknown[] }).entries).toHaveLength(2);

    expect((await leave(first.id, ann.cookie)).status).toBe(204);
    expect((await leave(first.id, ann.cookie)).status).toBe(404);
    expect(((await (await list(ann.cookie)).json()) as { entries: WaitlistEntryView[] }).entries.map((e) => e.id)).toEqual([visit.id]);
    expect(((await (await list(bob.cookie)).json()) as { entries: WaitlistEntryView[] }).entries.map((e) => e.id)).toEqual([bobs.id]);
  });
});

describe('a cancellation tells the waitlist', () => {
  it('queues exactly the right mails, in the order the customers asked, once', async () => {
    const db = await getDb();
    const other = await signedIn(db);
    const bob = await signedIn(db);
    // Maria's Monday is full: 10:00-12:00 and 12:15-20:00 by another customer, 12:00-12:15 by Bob.
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${DAY}T10:00:00-05:00`, minutes: 120 });
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${DAY}T12:15:00-05:00`, minutes: 465 });
    const created = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${DAY} 12:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    expect(created.status).toBe(201);
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;

    const waiting = await Promise.all(Array.from({ length: 6 }, () => signedIn(db)));
    const [w1, w2, w3, w4, w5, w6] = waiting as [typeof other, typeof other, typeof other, typeof other, typeof other, typeof other];
    // Fits; asked from the booking page, so with the service in the cart (the link brings it to any device).
    const e1 = await joined({ ...wanted([]), areas: [{ areaId: 1, therapistId: 0, minutes: 15, services: [WAX[0]!.id.toUpperCase()] }] }, w1.cookie);
    expect(e1.areas[0]).toMatchObject({ services: [WAX[0]!.id] });
    await joined(wanted([[1, 1, 30]]), w2.cookie); // 15 minutes free: too short
    const e3 = await joined(wanted([[1, 1, 15]]), w3.cookie); // fits
    const e4 = await joined(wanted([[1, 0, 15]]), w4.cookie); // fits, but leaves
    expect((await leave(e4.id, w4.cookie)).status).toBe(204);
    await joined(wanted([[1, 0, 15]], { date: '2027-01-12' }), w5.cookie); // another day
    const e6 = await joined(wanted([[1, 0, 15]], { kind: 'visit' }), w6.cookie); // the whole visit: fits
    const emails = new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, waiting.map((w) => w.userId)))).map((u) => [u.id, u.email]));
    const outboxBefore = (await db.select({ id: outbox.id }).from(outbox)).length;

    const put = (cookie: string) =>
      updateAppointment(new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid}/`, jsonInit('PUT', cardFor([], { status: '2' }), cookie)), { customerId: bob.userId, cid });
    expect((await put(bob.cookie)).status).toBe(200);

    const waitlistMails = async () =>
      (await db.select().from(outbox).orderBy(asc(outbox.id))).slice(outboxBefore).filter((m) => m.subject.startsWith('A time has freed up'));
    const mails = await waitlistMails();
    expect(mails.map((m) => m.to)).toEqual([emails.get(w1.userId), emails.get(w3.userId), emails.get(w6.userId)]);
    for (const mail of mails) {
      expect(mail.status).toBe('sent');
      expect(mail.subject).toBe('A time has freed up at Bare & Polished NYC on Monday, January 11, 2027 at 12:00 PM EST');
      expect(mail.text).toContain('- Monday, January 11, 2027 at 12:00 PM EST: Hair Removal (15 min) with');
      expect(mail.text).toContain('not held for you');
      expect(mail.html).toContain('Book this time');
      expect(mail.text).toContain('131 Spring Street');
      expect(mail.expiresAt?.toISOString()).toBe('2027-01-11T17:00:00.000Z');
    }
    expect(mails[0]!.text).toContain(`http://localhost:3000/booking/?svc=${WAX[0]!.id}&loc=1&times=each&d1=${DAY}&t1=12%3A00`);
    expect(mails[0]!.text).toContain('with the services you asked for, on any phone or computer');
    expect(mails[1]!.text).toContain(`http://localhost:3000/booking/?times=each&th1=1&d1=${DAY}&t1=12%3A00`);
    expect(mails[2]!.text).toContain(`http://localhost:3000/booking/?d1=${DAY}&t1=12%3A00`);
    const notified = await db.select().from(waitlistEntries).where(inArray(waitlistEntries.id, [e1.id, e3.id, e6.id]));
    expect(notified.every((e) => e.notifiedAt?.getTime() === NOW)).toBe(true);

    // A second instance or a retry with the same freed time mails nobody again.
    const freed = [{ therapistId: 1, start: Date.parse(`${DAY}T12:00:00-05:00`), end: Date.parse(`${DAY}T12:15:00-05:00`) }];
    expect(await notifyWaitlist(db, { location: 1, freed })).toEqual([]);
    // Booked again and cancelled again: the same time, so still no second mail.
    const rebooked = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${DAY} 12:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    expect(rebooked.status).toBe(201);
    const cid2 = ((await rebooked.json()) as { header: { aptId: string } }).header.aptId;
    const desk = await signedIn(db, 'staff');
    const byDesk = await updateAppointment(new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid2}/`, jsonInit('PUT', cardFor([], { status: '2' }), desk.cookie)), {
      customerId: bob.userId,
      cid: cid2,
    });
    expect(byDesk.status).toBe(200);
    expect(await waitlistMails()).toHaveLength(3);

    // The desk's list of the day: the entries not left, in the order they asked, with each customer's contact.
    const day = await waitlistOfDay(db, 1, DAY as never);
    expect(day.map((r) => r.customerEmail)).toEqual([w1, w2, w3, w6].map((w) => emails.get(w.userId)));
    expect(day[0]!.customerName).toMatch(/^User /);
  });

  it('a move by the desk frees the old time for the waitlist; entries for past days are ignored', async () => {
    const db = await getDb();
    const other = await signedIn(db);
    const bob = await signedIn(db);
    const desk = await signedIn(db, 'staff');
    const TUE = '2027-01-19';
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${TUE}T10:00:00-05:00`, minutes: 60 });
    const created = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${TUE} 11:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;
    // Maria and Anna (2) do Hair Removal on Tuesdays; Anna is booked all day, Maria from 11:15 on.
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${TUE}T11:15:00-05:00`, minutes: 525 });
    const third = await signedIn(db);
    await insertAppointment(db, { customerId: third.userId, therapistId: 2, start: `${TUE}T10:00:00-05:00`, minutes: 600 });
    const w = await signedIn(db);
    const entry = await joined(wanted([[1, 0, 15]], { date: TUE }), w.cookie);
    // An entry for a day already gone (written straight into the table) is never mailed.
    const [past] = await db.insert(waitlistEntries).values({ customerId: w.userId, location: 1, date: '2027-01-03', kind: 'area', areas: [{ areaId: 1, therapistId: 0, minutes: 15 }] }).returning();
    expect(await notifyWaitlist(db, { location: 1, freed: [{ therapistId: 1, start: Date.parse('2027-01-03T12:00:00-05:00'), end: Date.parse('2027-01-03T13:00:00-05:00') }] })).toEqual([]);

    const moved = await updateAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid}/`, jsonInit('PUT', cardFor([{ therapist: 1, date: '2027-01-20 11:00' }]), desk.cookie)),
      { customerId: bob.userId, cid },
    );
    expect(moved.status).toBe(200);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, w.userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, user!.email!));
    expect(mails.map((m) => m.subject)).toEqual(['A time has freed up at Bare & Polished NYC on Tuesday, January 19, 2027 at 11:00 AM EST']);
    const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    expect(row!.notifiedAt?.getTime()).toBe(NOW);
    const [pastRow] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, past!.id));
    expect(pastRow!.notifiedAt).toBeNull();
  });
});

describe("a customer's own appointments", () => {
  it('a freed time overlapping her own booking is not offered to her (taking it would answer 416); the others are offered it', async () => {
    const db = await getDb();
    const other = await signedIn(db);
    const bob = await signedIn(db);
    const MON = '2027-02-08';
    // Maria's Monday is full but for Bob's 12:00-12:15.
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${MON}T10:00:00-05:00`, minutes: 120 });
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${MON}T12:15:00-05:00`, minutes: 465 });
    const created = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${MON} 12:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    expect(created.status).toBe(201);
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;
    // Wendy asked first, and has a facial at the Midtown salon from 11:30 to 12:30 that day; Vera is free.
    const wendy = await signedIn(db);
    const vera = await signedIn(db);
    await insertAppointment(db, { customerId: wendy.userId, therapistId: 4, areaId: 3, location: 2, start: `${MON}T11:30:00-05:00`, minutes: 60 });
    await joined(wanted([[1, 0, 15]], { date: MON }), wendy.cookie);
    await joined(wanted([[1, 0, 15]], { date: MON }), vera.cookie);

    const cancelled = await updateAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid}/`, jsonInit('PUT', cardFor([], { status: '2' }), bob.cookie)),
      { customerId: bob.userId, cid },
    );
    expect(cancelled.status).toBe(200);
    const emailOf = async (userId: string) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email!;
    const subjects = async (userId: string) => (await db.select().from(outbox).where(eq(outbox.to, await emailOf(userId)))).map((m) => m.subject);
    expect(await subjects(vera.userId)).toEqual(['A time has freed up at Bare & Polished NYC on Monday, February 8, 2027 at 12:00 PM EST']);
    expect(await subjects(wendy.userId)).toEqual([]);
    // The time would have been refused to her.
    const taking = createAppointment(
      new Request(`${ORIGIN}/api/appointments/${wendy.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${MON} 12:00` }]), wendy.cookie)),
      { customerId: wendy.userId },
    );
    await expect(taking).rejects.toMatchObject({ status: 416, code: 'customer_busy' });
  });
});

describe('the front desk schedule', () => {
  it('a time freed while its therapist is away fits nobody', async () => {
    const db = await getDb();
    const bob = await signedIn(db);
    const other = await signedIn(db);
    const third = await signedIn(db);
    const TUE = '2027-01-26';
    const created = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 1, date: `${TUE} 11:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    expect(created.status).toBe(201);
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${TUE}T10:00:00-05:00`, minutes: 60 });
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${TUE}T11:15:00-05:00`, minutes: 525 });
    await insertAppointment(db, { customerId: third.userId, therapistId: 2, start: `${TUE}T10:00:00-05:00`, minutes: 600 });
    // The desk gives Maria the late morning off after Bob booked it.
    await db.insert(therapistTimeOff).values({ therapistId: 1, startsAt: new Date(`${TUE}T10:30:00-05:00`), endsAt: new Date(`${TUE}T12:00:00-05:00`) });
    const w = await signedIn(db);
    await joined(wanted([[1, 0, 15]], { date: TUE }), w.cookie);
    const cancelled = await updateAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid}/`, jsonInit('PUT', cardFor([], { status: '2' }), bob.cookie)),
      { customerId: bob.userId, cid },
    );
    expect(cancelled.status).toBe(200);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, w.userId));
    expect(await db.select().from(outbox).where(eq(outbox.to, user!.email!))).toEqual([]);
  });
});

describe('a failing waitlist never fails the change', () => {
  it('the cancellation answers 200 and the failure is logged when the waitlist cannot be told', async () => {
    const db = await getDb();
    const bob = await signedIn(db);
    const other = await signedIn(db);
    const THU = '2027-01-21';
    await insertAppointment(db, { customerId: other.userId, therapistId: 1, start: `${THU}T10:00:00-05:00`, minutes: 600 });
    const third = await signedIn(db);
    await insertAppointment(db, { customerId: third.userId, therapistId: 2, start: `${THU}T10:00:00-05:00`, minutes: 60 });
    const created = await createAppointment(
      new Request(`${ORIGIN}/api/appointments/${bob.userId}/`, jsonInit('POST', cardFor([{ therapist: 2, date: `${THU} 11:00` }]), bob.cookie)),
      { customerId: bob.userId },
    );
    expect(created.status).toBe(201);
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;
    await insertAppointment(db, { customerId: third.userId, therapistId: 2, start: `${THU}T11:15:00-05:00`, minutes: 525 });
    const w = await signedIn(db);
    await joined(wanted([[1, 0, 15]], { date: THU }), w.cookie);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // The claim table is gone: every notice fails.
    await db.execute(sql`alter table waitlist_notices rename to waitlist_notices_away`);
    try {
      const cancelled = await updateAppointment(
        new Request(`${ORIGIN}/api/appointments/${bob.userId}/${cid}/`, jsonInit('PUT', cardFor([], { status: '2' }), bob.cookie)),
        { customerId: bob.userId, cid },
      );
      expect(cancelled.status).toBe(200);
    } finally {
      await db.execute(sql`alter table waitlist_notices_away rename to waitlist_notices`);
    }
    expect(logged).toHaveBeenCalledWith('The waitlist could not be told of a freed time', expect.anything());
  });
});

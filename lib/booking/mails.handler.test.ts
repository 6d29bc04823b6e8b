import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { cardFor } from '@/lib/booking/test-support/cards';
import { jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { outbox, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { deliverDue } from '@/lib/mail';
import { closedPort, startTestSmtp } from '@/lib/test-support/smtp';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createAppointment, updateAppointment } from './handlers';

const put = (customerId: string, cid: string, init: RequestInit) => updateAppointment(new Request(`http://localhost:3000/api/appointments/${customerId}/${cid}/`, init), { customerId, cid });

jest.setTimeout(120_000);
createTempDataDir('salon-booking-mails-');
afterAll(closeDb);

freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

/** The one event of a mailed calendar file, as ical.js (Mozilla's parser) reads it. */
function calendarOf(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: events[0]!.getFirstPropertyValue('status'),
    startUtc: event.startDate.zone.tzid === 'UTC' ? event.startDate.toJSDate().toISOString() : `not UTC: ${event.startDate.toString()}`,
    endUtc: event.endDate.toJSDate().toISOString(),
  };
}

async function mailsTo(email: string) {
  return (await getDb()).select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id));
}

describe('booking mails', () => {
  it('a new booking mails the customer once, with the .ics; a replayed request does not mail again', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const [user] = await db.select().from(users).where(eq(users.id, me.userId));
    const body = cardFor([{ therapist: 0, date: '2027-01-11 10:00' }]);
    const send = () =>
      createAppointment(
        new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', body, me.cookie, { 'idempotency-key': 'mail-test-0001' })),
        { customerId: me.userId },
      );
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(200);
    const mails = await mailsTo(user!.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Bare & Polished NYC booking is confirmed');
    // The visit summary of the booking page: each service's time, therapist, duration and price, then the totals.
    expect(mails[0]!.text).toContain('(times are New York time)');
    expect(mails[0]!.text).toContain('- Monday, January 11, 2027 at 10:00 AM EST: Eyebrows (Hair Removal) with');
    expect(mails[0]!.text).toContain('Total: $30 for 15 min');
    expect(mails[0]!.text).toContain('a deposit paid for it is kept as the late-cancellation fee');
    expect(mails[0]!.html).toContain('Monday, January 11, 2027 at 10:00 AM EST: Eyebrows (Hair Removal) with');
    // As the confirmation page: directions, Google Calendar's event (10:00 AM EST is 15:00 UTC), Apple and Outlook.
    expect(mails[0]!.text).toContain('Directions to SoHo: https://www.google.com/maps/search/?api=1&query=131%20Spring%20Street');
    expect(mails[0]!.text).toMatch(/Add to Google Calendar: https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&\S*dates=20270111T150000Z%2F20270111T151500Z/);
    expect(mails[0]!.text).toContain('Add to Apple Calendar / Outlook: open the attached calendar invitation');
    expect(mails[0]!.html).toContain('>Add to Google Calendar</a>');
    const folder = path.resolve(env().DATA_DIR, 'outbox');
    const files = readdirSync(folder).map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as { to: string; attachments?: { content: string }[] });
    const mine = files.filter((f) => f.to === user!.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attachments?.[0]?.content).toContain('DTSTART:20270111T150000Z');
  });

  it('a move by the customer and a cancellation by the desk each mail an update of the same calendar event', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const desk = await signedIn(db, 'staff');
    const [user] = await db.select().from(users).where(eq(users.id, me.userId));
    const created = await createAppointment(new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', cardFor([{ therapist: 0, date: '2027-01-11 12:00' }]), me.cookie)), {
      customerId: me.userId,
    });
    expect(created.status).toBe(201);
    const cid = ((await created.json()) as { header: { aptId: string } }).header.aptId;

    const moved = await put(me.userId, cid, jsonInit('PUT', cardFor([{ therapist: 0, date: '2027-01-12 11:00' }]), me.cookie));
    expect(moved.status).toBe(200);
    const cancelled = await put(me.userId, cid, jsonInit('PUT', cardFor([], { status: '2' }), desk.cookie));
    expect(cancelled.status).toBe(200);
    // A PUT that changes nothing (the booking is already cancelled: 422) mails nothing.
    await expect(put(me.userId, cid, jsonInit('PUT', cardFor([], { status: '2' }), desk.cookie))).rejects.toMatchObject({ status: 422 });

    const mails = await mailsTo(user!.email!);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Bare & Polished NYC booking is confirmed',
      'Your Bare & Polished NYC appointment has moved',
      'Your Bare & Polished NYC appointment is cancelled',
    ]);
    const [confirmation, change, cancellation] = mails.map((m) => {
      expect(m.status).toBe('sent');
      expect(m.attachments?.[0]?.content).toBe(m.calendar?.content);
      return calendarOf(m.calendar!.content);
    });
    expect(confirmation).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', startUtc: '2027-01-11T17:00:00.000Z' });
    expect(change).toMatchObject({ method: 'REQUEST', uid: confirmation!.uid, sequence: 1, status: 'CONFIRMED', startUtc: '2027-01-12T16:00:00.000Z' });
    expect(change!.endUtc).toBe(new Date(Date.parse('2027-01-12T16:00:00Z') + (Date.parse(confirmation!.endUtc) - Date.parse(confirmation!.startUtc))).toISOString());
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: confirmation!.uid, sequence: 2, status: 'CANCELLED', startUtc: '2027-01-12T16:00:00.000Z' });
    expect(mails[1]!.text).toContain('Tuesday, January 12, 2027 at 11:00 AM EST');
    // The move says what it was, so the customer can tell which appointment moved.
    expect(mails[1]!.text).toMatch(/Tuesday, January 12, 2027 at 11:00 AM EST: .* \(was Monday, January 11, 2027 at 12:00 PM EST\)/);
    expect(mails[2]!.text).toContain('Tuesday, January 12, 2027 at 11:00 AM EST');
    for (const m of mails) expect(m.text).toContain('131 Spring Street');
  });

  it('with the SMTP server down a booking still answers 201; the confirmation waits in the outbox and goes out later', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const db = await getDb();
      const me = await signedIn(db);
      const [user] = await db.select().from(users).where(eq(users.id, me.userId));
      const created = await createAppointment(new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', cardFor([{ therapist: 0, date: '2027-01-13 12:00' }]), me.cookie)), {
        customerId: me.userId,
      });
      expect(created.status).toBe(201);
      const [waiting] = await mailsTo(user!.email!);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      const smtp = await startTestSmtp({ port });
      try {
        expect(await deliverDue(db, { now: new Date(waiting!.nextAttemptAt), ids: [waiting!.id] })).toMatchObject({ sent: 1 });
        expect(smtp.received.map((m) => m.subject)).toEqual(['Your Bare & Polished NYC booking is confirmed']);
        expect(smtp.received[0]!.attachments.map((a) => a.contentType)).toContain('text/calendar');
      } finally {
        await smtp.close();
      }
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});

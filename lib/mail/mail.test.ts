import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { closedPort, startTestSmtp } from '@/lib/test-support/smtp';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { composeMail, deliverDue, queueMail, resetPasswordMail, retryDelayMs, sendMail } from '.';

jest.setTimeout(120_000);
const dataDir = createTempDataDir();
afterAll(closeDb);
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

const message = (to: string) => composeMail({ to, subject: 'Hello <there>', greeting: 'Hi Ana,', blocks: ['Body & more', { link: { label: 'Open', url: 'http://localhost:3000/x?a=1&b=2' } }], siteUrl: 'http://localhost:3000' });

describe('composeMail', () => {
  it('writes a plain-text and an HTML part with the same words, escaped, signed with the salon address and phone', () => {
    const mail = message('a@example.com');
    expect(mail.text).toContain('Body & more');
    expect(mail.text).toContain('Open: http://localhost:3000/x?a=1&b=2');
    expect(mail.html).toContain('Body &amp; more');
    expect(mail.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
    expect(mail.html).toContain('<title>Hello &lt;there&gt;</title>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('131 Spring Street, 2nd Floor, New York, NY 10012');
      expect(part).toContain('(212) 555-0148');
    }
  });

  it('signs with the salon of the mail, and adds the unsubscribe line to offers only', () => {
    const mail = composeMail({ to: 'a@example.com', subject: 's', greeting: 'Hi,', blocks: [], location: 2, siteUrl: 'http://x', unsubscribeUrl: 'http://x/unsubscribe/t/' });
    expect(mail.text).toContain('18 West 45th Street');
    expect(mail.text).toContain('Unsubscribe in one click: http://x/unsubscribe/t/');
    expect(mail.html).toContain('href="http://x/unsubscribe/t/"');
    expect(message('a@example.com').text).not.toContain('nsubscribe');
  });
});

describe('the outbox without SMTP_URL', () => {
  it('keeps the message, prints it to the log and writes DATA_DIR/outbox/, and counts it as sent', async () => {
    const db = await getDb();
    const delivery = await sendMail(db, message('log@example.com'));
    expect(delivery.status).toBe('sent');
    const [row] = await db.select().from(outbox).where(eq(outbox.id, delivery.id));
    expect(row).toMatchObject({ to: 'log@example.com', status: 'sent', attempts: 1 });
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/^\[mail\] outbox #\d+ to log@example.com: Hello <there>\nHi Ana,/));
    const files = readdirSync(path.join(dataDir, 'outbox')).map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')));
    expect(files.find((f) => f.id === delivery.id)).toMatchObject({ to: 'log@example.com', text: row!.text, html: row!.html });
  });
});

describe('the outbox through a real SMTP server', () => {
  it('sends from MAIL_FROM with a text and an HTML part, the headers and the calendar invitation', async () => {
    const smtp = await startTestSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'Bare & Polished NYC <bookings@salon.example>';
    try {
      const db = await getDb();
      const delivery = await sendMail(db, {
        ...message('smtp@example.com'),
        headers: { 'List-Unsubscribe': '<http://localhost:3000/u/>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        calendar: { method: 'REQUEST', content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' },
      });
      expect(delivery.status).toBe('sent');
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from?.value).toEqual([{ address: 'bookings@salon.example', name: 'Bare & Polished NYC' }]);
      expect(mail.subject).toBe('Hello <there>');
      expect(mail.text).toContain('Open: http://localhost:3000/x?a=1&b=2');
      expect(mail.html).toContain('Body &amp; more');
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <http://localhost:3000/u/>');
      expect(smtp.raw[0]).toMatch(/Content-Type: multipart\/alternative/);
      expect(smtp.raw[0]).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail through an outage: retried with backoff from the database, sent once the server is back', async () => {
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const db = await getDb();
    const t0 = new Date('2027-02-01T12:00:00Z');
    const id = await queueMail(db, message('outage@example.com'), t0);
    expect(await deliverDue(db, { now: t0, ids: [id] })).toMatchObject({ retrying: 1 });
    let [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.nextAttemptAt.getTime() - t0.getTime()).toBe(60_000);
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    // Not due before its time.
    expect(await deliverDue(db, { now: new Date(t0.getTime() + 59_000), ids: [id] })).toMatchObject({ sent: 0, retrying: 0 });
    const t1 = new Date(t0.getTime() + 60_000);
    await deliverDue(db, { now: t1, ids: [id] });
    [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime() - t1.getTime()).toBe(120_000);

    const smtp = await startTestSmtp({ port });
    try {
      expect(await deliverDue(db, { now: new Date(t1.getTime() + 120_000), ids: [id] })).toMatchObject({ sent: 1 });
      expect(await deliverDue(db, { now: new Date(t1.getTime() + 999_000), ids: [id] })).toMatchObject({ sent: 0 });
      expect(smtp.received.map((m) => m.to && 'value' in m.to ? m.to.value[0]!.address : '')).toEqual(['outage@example.com']);
      [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('marks a mail failed when the server refuses the recipient for good, and after MAIL_GIVE_UP_HOURS of failures', async () => {
    const smtp = await startTestSmtp({ refuse: (address) => address.startsWith('nobody') });
    process.env.SMTP_URL = smtp.url;
    const db = await getDb();
    try {
      const refused = await sendMail(db, message('nobody@example.com'));
      expect(refused.status).toBe('failed');
      expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/failed for good after 1 tries: .*550/));
    } finally {
      await smtp.close();
    }
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    const t0 = new Date('2027-03-01T12:00:00Z');
    const id = await queueMail(db, message('late@example.com'), t0);
    await deliverDue(db, { now: new Date(t0.getTime() + 119 * 3_600_000), ids: [id] });
    expect((await db.select().from(outbox).where(eq(outbox.id, id)))[0]!.status).toBe('pending');
    await deliverDue(db, { now: new Date(t0.getTime() + 121 * 3_600_000), ids: [id] });
    expect((await db.select().from(outbox).where(eq(outbox.id, id)))[0]!.status).toBe('failed');
  });

  it('one claim per row: a row leased by one round is not taken by another until the lease runs out', async () => {
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const db = await getDb();
    const t0 = new Date('2027-04-01T12:00:00Z');
    const id = await queueMail(db, message('lease@example.com'), t0);
    // As if an instance died mid-send: claimed (lease two minutes) but never finished.
    await db.update(outbox).set({ lockedUntil: new Date(t0.getTime() + 120_000), attempts: 1 }).where(eq(outbox.id, id));
    expect(await deliverDue(db, { now: new Date(t0.getTime() + 60_000), ids: [id] })).toEqual({ sent: 0, retrying: 0, failed: 0, dropped: 0 });
    const smtp = await startTestSmtp({ port });
    try {
      expect(await deliverDue(db, { now: new Date(t0.getTime() + 120_000), ids: [id] })).toMatchObject({ sent: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('waits 1, 2, 4 ... minutes between tries, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});

describe('account mails', () => {
  it('have both parts and the link in each', () => {
    const mail = resetPasswordMail('a@example.com', 'Ana', 'http://localhost:3000/resetpassword/tok/');
    expect(mail.text).toContain('http://localhost:3000/resetpassword/tok/');
    expect(mail.html).toContain('href="http://localhost:3000/resetpassword/tok/"');
  });
});

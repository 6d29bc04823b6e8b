import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { closeDb, getDatabase, getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { startTestSmtp } from '@/lib/test-support/smtp';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { composeMail } from './compose';
import { claimDue, deliverDue, MAIL_LEASE_MS, markSent, queueMail, releaseClaims } from './outbox';
import { mailTransport } from './transport';
import { releaseClaimsOfDeadProcess } from './worker';

/**
 * The outbox across a crash: a mail counts as sent only once it is handed over for good, and a claim left by a dead
 * process is taken again, so a crash anywhere between the claim and the mark sends the mail again and loses none.
 */

jest.setTimeout(120_000);
const dataDir = createTempDataDir('salon-outbox-');
afterAll(closeDb);
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.SMTP_URL;
});

const message = (to: string) => composeMail({ to, subject: 'Your booking is confirmed', greeting: 'Hi Ana,', blocks: ['See you soon.'], siteUrl: 'http://localhost:3000' });
const rowOf = async (id: number) => (await (await getDb()).select().from(outbox).where(eq(outbox.id, id)))[0]!;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('the outbox state machine', () => {
  it('a claim holds the row (pending, leased, counted) until it is marked sent; then it is never claimed again', async () => {
    const db = await getDb();
    const t0 = new Date('2027-05-01T12:00:00Z');
    const id = await queueMail(db, message('claim@example.com'), t0);
    const [claimed] = await claimDue(db, { now: t0, ids: [id] });
    expect(claimed).toMatchObject({ id, status: 'pending', attempts: 1, lockedUntil: at(t0, MAIL_LEASE_MS) });
    // Another round, or another instance, does not take it while the lease lasts.
    expect(await claimDue(db, { now: at(t0, MAIL_LEASE_MS - 1), ids: [id] })).toEqual([]);
    await markSent(db, claimed!, at(t0, 1_000));
    expect(await rowOf(id)).toMatchObject({ status: 'sent', sentAt: at(t0, 1_000), lockedUntil: null });
    expect(await claimDue(db, { now: at(t0, 10 * MAIL_LEASE_MS), ids: [id] })).toEqual([]);
  });

  it('killed after the SMTP server took the mail, before marking it: sent again once the lease runs out, as the same message', async () => {
    const smtp = await startTestSmtp();
    process.env.SMTP_URL = smtp.url;
    try {
      const db = await getDb();
      const t0 = new Date('2027-05-02T12:00:00Z');
      const id = await queueMail(db, message('handed-over@example.com'), t0);
      // The dead process's last steps: claimed, handed over (250), and nothing more.
      const [claimed] = await claimDue(db, { now: t0, ids: [id] });
      const transport = mailTransport(env());
      await transport.send(claimed!);
      transport.close();
      expect(smtp.received).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });

      expect(await deliverDue(db, { now: at(t0, MAIL_LEASE_MS - 1), ids: [id] })).toMatchObject({ sent: 0 });
      expect(await deliverDue(db, { now: at(t0, MAIL_LEASE_MS), ids: [id] })).toMatchObject({ sent: 1 });
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received).toHaveLength(2);
      // One Message-ID for the row: a mail program shows the two copies as one message.
      expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
      expect(smtp.received[0]!.messageId).toMatch(new RegExp(`^<outbox\\.${id}\\.${t0.getTime()}@`));
      expect(await deliverDue(db, { now: at(t0, 10 * MAIL_LEASE_MS), ids: [id] })).toMatchObject({ sent: 0 });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('killed while the SMTP server was still taking the mail: it is sent once the lease runs out', async () => {
    const smtp = await startTestSmtp();
    process.env.SMTP_URL = smtp.url;
    try {
      const db = await getDb();
      const t0 = new Date('2027-05-03T12:00:00Z');
      const id = await queueMail(db, message('mid-send@example.com'), t0);
      // Claimed, and the process died before the server had the whole message.
      expect(await claimDue(db, { now: t0, ids: [id] })).toHaveLength(1);
      expect(smtp.received).toHaveLength(0);
      expect(await deliverDue(db, { now: at(t0, MAIL_LEASE_MS), ids: [id] })).toMatchObject({ sent: 1 });
      expect(smtp.received.map((m) => m.subject)).toEqual(['Your booking is confirmed']);
    } finally {
      await smtp.close();
    }
  });

  it('after a restart on PGlite, the claims of the process that died are freed at once; sent mail stays sent', async () => {
    const db = await getDb();
    const t0 = new Date();
    const stuck = await queueMail(db, message('stuck@example.com'), t0);
    const done = await queueMail(db, message('done@example.com'), t0);
    await claimDue(db, { now: t0, ids: [stuck, done] });
    await markSent(db, { id: done }, t0);
    expect(await claimDue(db, { now: at(t0, 1_000), ids: [stuck] })).toEqual([]);

    const database = await getDatabase();
    expect(database.kind).toBe('pglite');
    await releaseClaimsOfDeadProcess(database);
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/^\[mail\] \d+ mail\(s\) an earlier process was sending when it stopped will be sent again$/));
    expect(await rowOf(stuck)).toMatchObject({ status: 'pending', lockedUntil: null });
    expect(await deliverDue(db, { now: at(t0, 1_000), ids: [stuck, done] })).toMatchObject({ sent: 1 });
    expect(await rowOf(done)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(stuck)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('on PostgreSQL the claims stay: another live instance may be sending them (they run out with the lease)', async () => {
    const db = await getDb();
    const t0 = new Date();
    const id = await queueMail(db, message('other-instance@example.com'), t0);
    await claimDue(db, { now: t0, ids: [id] });
    await releaseClaimsOfDeadProcess({ db, kind: 'postgres', listen: async () => ({ stop: async () => undefined }), close: async () => undefined });
    expect((await rowOf(id)).lockedUntil).toEqual(at(t0, MAIL_LEASE_MS));
    // The same rows would be freed by releaseClaims itself: the kind alone decides.
    expect(await releaseClaims(db)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id)).lockedUntil).toBeNull();
  });
});

describe('the outbox files without SMTP', () => {
  it('a file is in DATA_DIR/outbox/ whole or not at all: what a crash left half-written is replaced when the mail is sent again', async () => {
    const db = await getDb();
    const t0 = new Date();
    const id = await queueMail(db, message('file@example.com'), t0);
    const name = `${t0.getTime()}-${id}.json`;
    const folder = path.join(dataDir, 'outbox');
    const scratch = path.join(dataDir, '.outbox-partial');
    // The dead process had claimed the mail and written half of its file under the scratch name.
    await claimDue(db, { now: t0, ids: [id] });
    mkdirSync(scratch, { recursive: true });
    writeFileSync(path.join(scratch, name), '{"id":');
    expect(existsSync(path.join(folder, name))).toBe(false);

    await releaseClaimsOfDeadProcess(await getDatabase());
    expect(await deliverDue(db, { now: at(t0, 1_000), ids: [id] })).toMatchObject({ sent: 1 });
    expect(JSON.parse(readFileSync(path.join(folder, name), 'utf8'))).toMatchObject({ id, to: 'file@example.com', subject: 'Your booking is confirmed' });
    expect(readdirSync(scratch)).toEqual([]);
    // Every file of the folder is whole.
    for (const file of readdirSync(folder)) expect(() => JSON.parse(readFileSync(path.join(folder, file), 'utf8'))).not.toThrow();
  });
});

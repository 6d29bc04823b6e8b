import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { composeMail, queueMail } from '.';
import { startMailWorker } from './worker';

jest.setTimeout(120_000);
createTempDataDir('salon-mail-worker-');
afterAll(closeDb);
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.MAIL_WORKER_INTERVAL_MS;
});

describe('the mail worker', () => {
  it('sends what is queued without being asked, one instance per process, and stops cleanly', async () => {
    process.env.MAIL_WORKER_INTERVAL_MS = '50';
    const db = await getDb();
    const id = await queueMail(db, composeMail({ to: 'worker@example.com', subject: 'Queued', greeting: 'Hi,', blocks: ['Text'], siteUrl: 'http://localhost:3000' }));
    const worker = startMailWorker();
    expect(startMailWorker()).toBe(worker);
    try {
      const status = async () => (await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]!.status;
      for (let i = 0; i < 200 && (await status()) !== 'sent'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await status()).toBe('sent');
    } finally {
      await worker.stop();
    }
    // Stopped: a mail queued now stays pending.
    const later = await queueMail(db, composeMail({ to: 'worker@example.com', subject: 'After', greeting: 'Hi,', blocks: [], siteUrl: 'http://localhost:3000' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, later)))[0]!.status).toBe('pending');
    expect(startMailWorker()).not.toBe(worker);
    await startMailWorker().stop();
  });

  it('runs no worker with MAIL_WORKER_INTERVAL_MS=0 (a scheduler calls /api/cron/mail/ instead)', async () => {
    process.env.MAIL_WORKER_INTERVAL_MS = '0';
    process.env.CRON_SECRET = 'cron-secret-0123456789abcdef';
    try {
      const db = await getDb();
      const id = await queueMail(db, composeMail({ to: 'worker@example.com', subject: 'Left', greeting: 'Hi,', blocks: [], siteUrl: 'http://localhost:3000' }));
      const worker = startMailWorker();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]!.status).toBe('pending');
      await worker.stop();
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

describe("the worker's round", () => {
  it('ends the deposit holds that ran out unpaid, and leaves the ones still running', async () => {
    const { insertUser } = await import('@/lib/booking/test-support/fixtures');
    const { pendingDeposits } = await import('@/lib/db/schema');
    const { mailTick } = await import('./worker');
    const db = await getDb();
    const customerId = await insertUser(db);
    const now = new Date('2027-01-04T17:00:00Z');
    const row = (minutes: number) => ({ customerId, request: {}, holderHash: 'h', amountCents: 5000, expiresAt: new Date(now.getTime() + minutes * 60_000) });
    const [gone, running] = await db.insert(pendingDeposits).values([row(-1), row(5)]).returning({ id: pendingDeposits.id });
    await mailTick(now);
    const status = async (id: string) => (await db.select({ status: pendingDeposits.status }).from(pendingDeposits).where(eq(pendingDeposits.id, id)))[0]!.status;
    expect(await status(gone!.id)).toBe('released');
    expect(await status(running!.id)).toBe('awaiting_payment');
  });
});

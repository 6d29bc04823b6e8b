import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { composeMail, queueMail } from '@/lib/mail';
import { API_ROUTES } from '@/lib/server/api-routes.mjs';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(120_000);
createTempDataDir('salon-cron-mail-');
afterAll(closeDb);
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.CRON_SECRET;
  delete process.env.SALON_API_URL;
});

const SECRET = 'cron-secret-0123456789abcdef';
const call = (authorization?: string) => GET(new Request('http://localhost:3000/api/cron/mail/', { headers: authorization ? { authorization } : {} }));

/** A visit three hours from now, booked a week ago: its reminder is due. Returns the customer's address. */
async function visitDueForItsReminder(): Promise<string> {
  const db = await getDb();
  const customer = randomUUID();
  const email = `cron-${customer}@example.com`;
  await db.execute(sql`insert into users (id, email, name, password_hash) values (${customer}, ${email}, 'Rosa', 'x')`);
  const booking = (await db.execute(sql`insert into bookings (customer_id, location, gender) values (${customer}, 1, 0) returning id`)) as unknown as { rows: { id: string }[] };
  const start = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 3 * 3_600_000);
  await db.execute(sql`
    insert into appointments (booking_id, customer_id, location, area_id, therapist_id, requested_therapist_id, starts_at, ends_at, lines, price, created_at, updated_at)
    values (${booking.rows[0]!.id}, ${customer}, 1, 1, 1, 1, ${start.toISOString()}, ${new Date(start.getTime() + 1_800_000).toISOString()}, '[]', 0, now() - interval '7 days', now() - interval '7 days')`);
  return email;
}

describe('GET /api/cron/mail/', () => {
  it('is not there without CRON_SECRET', async () => {
    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(404);
  });

  it('answers 401 without the secret, with another one, or with it under another scheme', async () => {
    process.env.CRON_SECRET = SECRET;
    for (const authorization of [undefined, 'Bearer wrong-secret-0123456789', `Bearer ${SECRET}x`, `Basic ${SECRET}`, 'Bearer']) {
      const response = await call(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="cron"');
      expect((await response.json()).error.message).toMatch(/Authorization: Bearer <CRON_SECRET>/);
    }
  });

  it('does one round of the worker with the secret: queues the due reminder, sends it and the due mail, and says so', async () => {
    process.env.CRON_SECRET = SECRET;
    const db = await getDb();
    const email = await visitDueForItsReminder();
    const queued = await queueMail(db, composeMail({ to: email, subject: 'Queued earlier', greeting: 'Hi,', blocks: ['Text'], siteUrl: 'http://localhost:3000' }));

    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, remindersQueued: 1, sent: 2, retrying: 0, failed: 0, dropped: 0, tookMs: expect.any(Number) });
    const reminders = await db.select().from(outbox).where(and(eq(outbox.to, email), isNotNull(outbox.appointmentId)));
    expect(reminders.map((r) => [r.status, r.subject.startsWith('Reminder: ')])).toEqual([['sent', true]]);
    expect((await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, queued)))[0]!.status).toBe('sent');

    // The next round finds nothing left to do.
    expect(await (await call(`bearer  ${SECRET}`)).json()).toMatchObject({ remindersQueued: 0, sent: 0 });
  });

  it('answers 500 with a sentence when the round fails, and logs why', async () => {
    process.env.CRON_SECRET = SECRET;
    await closeDb();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.DATABASE_URL = 'postgres://nobody:none@127.0.0.1:1/none';
    try {
      const response = await call(`Bearer ${SECRET}`);
      expect(response.status).toBe(500);
      expect((await response.json()).error).toEqual({ code: 'mail_round_failed', message: 'The mail round failed; what was due stays in the outbox for the next round.' });
      expect(logged).toHaveBeenCalledWith('[mail] the cron round failed', expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }));
    } finally {
      delete process.env.DATABASE_URL;
      await closeDb();
    }
  });

  it('has nothing to do in proxy mode, where the upstream sends the mail', async () => {
    process.env.CRON_SECRET = SECRET;
    process.env.SALON_API_URL = 'http://127.0.0.1:1';
    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_configured');
  });
});

describe('vercel.json', () => {
  it('schedules this route, at its own address (with the trailing slash the site uses), every few minutes', () => {
    const config = JSON.parse(readFileSync(path.join(process.cwd(), 'vercel.json'), 'utf8')) as { crons: { path: string; schedule: string }[] };
    expect(config.crons).toEqual([{ path: '/api/cron/mail/', schedule: '*/5 * * * *' }]);
    expect(API_ROUTES).toContainEqual({ path: '/api/cron/mail/', methods: ['GET'] });
  });
});

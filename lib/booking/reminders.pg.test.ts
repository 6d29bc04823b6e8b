import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDatabase } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { appointmentReminders, appointments, outbox, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { deliverDue } from '@/lib/mail';
import { startTestSmtp } from '@/lib/test-support/smtp';
import { queueDueReminders } from './reminders';

/**
 * Two instances on one PostgreSQL server (each its own pool of connections, as two processes have), both running
 * the mail worker's round at the same moments: each reminder is queued once and sent once.
 * Runs only under `npm run test:pg` (scripts/with-postgres.sh sets DATABASE_URL).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('reminders.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// A month no other test books in, so that only these appointments are due.
const FIRST = Date.parse('2028-06-07T14:00:00Z');
const COUNT = 24;

it('two instances: every appointment gets exactly one reminder, through a real SMTP server', async () => {
  const one = await getDatabase();
  expect(one.kind).toBe('postgres');
  const two = await openDatabase(env());
  const smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
  try {
    const emails: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const customerId = await insertUser(one.db);
      await insertAppointment(one.db, { customerId, therapistId: 1 + (i % 2), start: new Date(FIRST + Math.floor(i / 2) * 30 * 60_000).toISOString(), minutes: 30 });
      const [user] = await one.db.select({ email: users.email }).from(users).where(eq(users.id, customerId));
      emails.push(user!.email!);
    }
    const mine = and(gte(appointments.startsAt, new Date(FIRST)), lt(appointments.startsAt, new Date(FIRST + 24 * 3_600_000)));
    await one.db.update(appointments).set({ updatedAt: new Date(FIRST - 7 * 24 * 3_600_000) }).where(mine);

    // Rounds at moments from the day before up to the first visit; small batches, so the instances meet often.
    for (const hoursBefore of [23.9, 23.5, 20, 12, 6, 1]) {
      const now = new Date(FIRST - hoursBefore * 3_600_000);
      await Promise.all(
        [one, two].map(async ({ db }) => {
          for (let round = 0; round < 8; round++) {
            await queueDueReminders(db, { now, limit: 5 });
            await deliverDue(db, { now, limit: 5 });
          }
        }),
      );
    }

    const ids = (await one.db.select({ id: appointments.id }).from(appointments).where(mine)).map((r) => r.id);
    expect(ids).toHaveLength(COUNT);
    const claims = await one.db.select().from(appointmentReminders).where(inArray(appointmentReminders.appointmentId, ids));
    expect(claims).toHaveLength(COUNT);
    const rows = await one.db.select().from(outbox).where(inArray(outbox.appointmentId, ids));
    expect(rows.map((r) => r.status)).toEqual(Array(COUNT).fill('sent'));
    const received = smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : '')).sort();
    expect(received).toEqual([...emails].sort());
  } finally {
    delete process.env.SMTP_URL;
    await smtp.close();
    await two.close();
  }
});

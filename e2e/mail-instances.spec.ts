import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/worker-server';
import pg from 'pg';
import { freshDataDir, portFromE2e, startNextServer, type NextServer } from './support/next-server';

/**
 * Two server processes on one PostgreSQL, each running its mail worker every 300 ms: visits due for their reminder
 * get exactly one each (the claim in appointment_reminders and the outbox's lease decide, not the timing). Needs
 * E2E_POSTGRES_URL, as e2e/checkout-instances.spec.ts does (scripts/test-all.sh provides it).
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
const VISITS = 6;

test.describe.configure({ timeout: 240_000 });

let servers: NextServer[] = [];
let dataDir = '';

test.beforeAll(async () => {
  if (!POSTGRES_URL) {
    throw new Error(
      'e2e/mail-instances.spec.ts needs E2E_POSTGRES_URL: run it through scripts/with-postgres.sh, as scripts/test-all.sh does: ' +
        `bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npm run test:e2e'`,
    );
  }
  dataDir = freshDataDir('mail-instances');
  const vars = { DATABASE_URL: POSTGRES_URL, DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '300' };
  servers = await Promise.all([startNextServer(portFromE2e(42), vars), startNextServer(portFromE2e(43), vars)]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
});

test('two instances send each reminder once', async () => {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const emails: string[] = [];
    // Visits a few hours from now, booked a week ago: due for their reminder at once.
    const base = Math.ceil(Date.now() / 900_000) * 900_000 + 3 * 3_600_000 + Math.floor(Math.random() * 8) * 3_600_000;
    for (let i = 0; i < VISITS; i++) {
      const customer = randomUUID();
      const email = `reminder-${customer}@example.com`;
      emails.push(email);
      await client.query(`insert into users (id, email, name, password_hash) values ($1, $2, 'Rosa', 'x')`, [customer, email]);
      const booking = await client.query(`insert into bookings (customer_id, location, gender) values ($1, 1, 0) returning id`, [customer]);
      const start = new Date(base + i * 30 * 60_000);
      await client.query(
        `insert into appointments (booking_id, customer_id, location, area_id, therapist_id, requested_therapist_id, starts_at, ends_at, lines, price, created_at, updated_at)
         values ($1, $2, 1, 1, 1, 1, $3, $4, '[]', 0, now() - interval '7 days', now() - interval '7 days')`,
        [booking.rows[0].id, customer, start.toISOString(), new Date(start.getTime() + 30 * 60_000).toISOString()],
      );
    }
    const sent = async () => (await client.query(`select "to", status from outbox where "to" = any($1) and appointment_id is not null`, [emails])).rows as { to: string; status: string }[];
    await expect.poll(async () => (await sent()).filter((r) => r.status === 'sent').length, { timeout: 60_000 }).toBe(VISITS);
    // Some more rounds of both workers: nothing more is queued or sent.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rows = await sent();
    expect(rows.map((r) => r.to).sort()).toEqual([...emails].sort());
    const folder = path.join(dataDir, 'outbox');
    const files = existsSync(folder) ? readdirSync(folder).map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as { to: string; subject: string }) : [];
    const reminders = files.filter((f) => emails.includes(f.to));
    expect(reminders).toHaveLength(VISITS);
    for (const mail of reminders) expect(mail.subject).toMatch(/^Reminder: your Bare & Polished NYC appointment on /);
  } finally {
    await client.end();
  }
});

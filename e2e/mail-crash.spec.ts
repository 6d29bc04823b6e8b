import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { PASSWORD, unique } from './support/journeys';
import { outboxFiles, separateStarts } from './support/burst';
import { signUpByApi } from './support/mail';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';
import { startTestSmtp, type TestSmtp } from '@/lib/test-support/smtp';

/**
 * Mail across a crash (`kill -9`): a booking answered 201 has exactly one complete confirmation once the server is
 * back, whether the crash came before its mail was queued, while its file was being written, or between the SMTP
 * server taking it and the outbox marking it sent (then it is sent again: a duplicate, never a loss).
 */

const CONFIRMED = 'Your Bare & Polished NYC booking is confirmed';
const BURST = 60;
const CUSTOMERS = 4;
/** The server is killed as soon as this many bookings of the burst have been answered 201. */
const KILL_AFTER = 15;
/** Fast worker rounds, so that what the restart sends again comes within seconds. */
const WORKER = { MAIL_WORKER_INTERVAL_MS: '500', MAIL_RETRY_FIRST_SECONDS: '1', DATABASE_URL: undefined };

const log = (line: string) => console.log(`[mail-crash] ${line}`);

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: NextServer | undefined;
test.afterEach(async () => {
  await server?.kill('SIGKILL');
  server = undefined;
});

interface Customer {
  api: APIRequestContext;
  id: string;
}

const uidOf = (appointmentId: string) => `UID:${appointmentId}@bookings.salon`;

test('kill -9 during a burst of 60 bookings: after the restart every booking answered 201 has exactly one complete confirmation', async () => {
  const dataDir = await seededDataDir('mail-crash-files');
  const vars = { DATA_DIR: dataDir, SMTP_URL: undefined, ...WORKER };
  const port = portFromE2e(35);
  server = await startNextServer(port, vars);
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
    customers.push({ api, id: (await signUpByApi(api, { name: `Crash ${i}`, email: `crash-${i}-${unique()}@example.com`, password: PASSWORD })).id });
  }
  const cards = await separateStarts(customers[0]!.api, BURST);

  // The burst: all 60 at once; the server dies (SIGKILL, no chance to finish anything) once 15 have been answered.
  const answered: { customer: Customer; appointmentIds: string[] }[] = [];
  let killed: Promise<unknown> | undefined;
  const running = server;
  await Promise.all(
    cards.map(async (card, i) => {
      const customer = customers[i % CUSTOMERS]!;
      try {
        const response = await customer.api.post(`/api/appointments/${customer.id}/`, { data: card, timeout: 120_000 });
        if (response.status() !== 201) return;
        const body = (await response.json()) as { appointments: { id: string }[] };
        answered.push({ customer, appointmentIds: body.appointments.map((a) => a.id) });
        if (answered.length === KILL_AFTER) killed = running.kill('SIGKILL');
      } catch {
        // Cut off by the kill.
      }
    }),
  );
  await killed;
  log(`${answered.length} of ${BURST} bookings answered 201 before the kill`);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

  const folder = path.join(dataDir, 'outbox');
  const atKill = outboxFiles(folder);
  log(`at the kill: ${atKill.length} files in the outbox folder, ${atKill.filter((f) => !f.mail).length} of them empty or cut short`);

  server = await startNextServer(port, vars);
  // Every booking stored (answered or not: some were committed as the server died) has its confirmation.
  const stored = new Set<string>();
  for (const customer of customers) {
    const mine = (await (await customer.api.get(`/api/appointments/${customer.id}/`)).json()) as { cards: { appointments: { id: string }[] }[] };
    for (const card of mine.cards) for (const appointment of card.appointments) stored.add(appointment.id);
  }
  const answeredIds = answered.flatMap((a) => a.appointmentIds);
  expect(answeredIds.filter((id) => !stored.has(id))).toEqual([]);

  const figures = () => {
    const files = outboxFiles(folder);
    const confirmations = files.filter((f) => f.mail?.subject === CONFIRMED);
    const countFor = (id: string) => confirmations.filter((f) => f.mail!.calendar?.content.includes(uidOf(id))).length;
    return {
      answered: answeredIds.length,
      stored: stored.size,
      complete: answeredIds.filter((id) => countFor(id) === 1).length,
      missing: answeredIds.filter((id) => countFor(id) === 0).length,
      storedWithout: [...stored].filter((id) => countFor(id) !== 1).length,
      brokenFiles: files.filter((f) => !f.mail).map((f) => f.name),
    };
  };
  let last = figures();
  try {
    await expect
      .poll(
        () => {
          last = figures();
          return { complete: last.complete, storedWithout: last.storedWithout, brokenFiles: last.brokenFiles };
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toEqual({ complete: answeredIds.length, storedWithout: 0, brokenFiles: [] });
  } finally {
    log(`after the restart: ${JSON.stringify(last)}`);
  }
  // Nothing more comes: each confirmation exists once.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(figures()).toEqual(last);
  for (const customer of customers) await customer.api.dispose();
});

test('a server killed after the SMTP server took the confirmation, before marking it sent, sends it again after the restart', async () => {
  const dataDir = await seededDataDir('mail-crash-smtp');
  const port = portFromE2e(36);
  let killedAt: number | undefined;
  const smtp: TestSmtp = await startTestSmtp({
    // The first confirmation: kept by the SMTP server, and the site dies before it hears '250'.
    beforeAccepting: async (message: ParsedMail) => {
      if (message.subject !== CONFIRMED || killedAt !== undefined) return;
      killedAt = Date.now();
      await server?.kill('SIGKILL');
    },
  });
  try {
    const vars = { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...WORKER };
    server = await startNextServer(port, vars);
    const api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
    const email = `smtp-crash-${unique()}@example.com`;
    expect((await api.post('/api/auth/signup/', { data: { name: 'Sam', email, password: PASSWORD } })).status()).toBe(202);
    let token: string | undefined;
    await expect.poll(() => (token = smtp.received.map((m) => /\/signup\/confirm\/([A-Za-z0-9_-]{43})\//.exec(m.text ?? '')?.[1]).find(Boolean)), { timeout: 30_000 }).toBeDefined();
    const finished = await api.post('/api/auth/signup/confirm/', { data: { token } });
    expect(finished.status()).toBe(201);
    const customerId = ((await finished.json()) as { id: string }).id;

    const [card] = await separateStarts(api, 1);
    const booked = await api.post(`/api/appointments/${customerId}/`, { data: card });
    expect(booked.status()).toBe(201);
    const appointmentId = ((await booked.json()) as { appointments: { id: string }[] }).appointments[0]!.id;
    await expect.poll(() => killedAt, { timeout: 30_000 }).toBeDefined();
    const confirmations = () => smtp.received.filter((m) => m.subject === CONFIRMED);
    expect(confirmations()).toHaveLength(1);

    server = await startNextServer(port, vars);
    await expect.poll(() => confirmations().length, { timeout: 60_000 }).toBe(2);
    log(`the confirmation came again ${Date.now() - killedAt!} ms after the kill`);
    // Marked sent this time: a few more worker rounds send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const [first, again] = confirmations() as [ParsedMail, ParsedMail];
    expect(confirmations()).toHaveLength(2);
    // The same message (one Message-ID), so a mail program can show it once.
    expect(again.messageId).toBe(first.messageId);
    for (const mail of [first, again]) {
      expect(mail.attachments.find((a) => a.filename === 'appointment.ics')?.content.toString('utf8')).toContain(uidOf(appointmentId));
    }
    await api.dispose();
  } finally {
    await server?.kill('SIGKILL');
    await smtp.close();
  }
});

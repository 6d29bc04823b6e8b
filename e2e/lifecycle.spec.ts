import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { PASSWORD, unique } from './support/journeys';
import { outboxFiles, separateStarts } from './support/burst';
import { signUpByApi } from './support/mail';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

/**
 * Operating the server (issue 40). Stopping well: on SIGTERM server.mjs stops taking connections, answers the requests
 * in flight, lets the mail worker's round end, closes the database and exits 0; nothing answered is lost: every
 * booking answered 201 is stored and has its confirmation once the server is back. Logs: one line per request with
 * its id, which the answer carries, in JSON under LOG_FORMAT=json. Both on E2E_PORT + 23, one after the other.
 */

const CONFIRMED = 'Your Bare & Polished NYC booking is confirmed';
const BURST = 40;
const CUSTOMERS = 4;
/** SIGTERM goes to the server as soon as this many bookings of the burst have been answered 201. */
const STOP_AFTER = 10;
const WORKER = { MAIL_WORKER_INTERVAL_MS: '500', MAIL_RETRY_FIRST_SECONDS: '1', DATABASE_URL: undefined, SMTP_URL: undefined };

const log = (line: string) => console.log(`[lifecycle] ${line}`);

test.describe.configure({ mode: 'serial' });

/**
 * A booking whose body arrives in two halves: the first now, the second when `finish` is called. Until then the
 * request is in flight on the server, as a slow phone's is.
 */
function slowBooking(origin: string, path: string, cookie: string, card: unknown) {
  const body = Buffer.from(JSON.stringify(card));
  const request = httpRequest(`${origin}${path}`, { method: 'POST', headers: { origin, cookie, 'content-type': 'application/json', 'content-length': body.length } });
  const answer = new Promise<{ status?: number; ids?: string[]; error?: string }>((resolve) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode, ids: response.statusCode === 201 ? (JSON.parse(text) as { appointments: { id: string }[] }).appointments.map((a) => a.id) : undefined }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(body.subarray(0, 20));
  return { answer, finish: () => request.end(body.subarray(20)) };
}

let server: NextServer | undefined;
test.afterEach(async () => {
  await server?.kill('SIGKILL');
  server = undefined;
});

test('SIGTERM during a burst of bookings: the requests in flight are answered, it exits 0, and after the restart every answered booking is stored with its confirmation', async () => {
  test.setTimeout(300_000);
  const dataDir = await seededDataDir('stop-burst');
  const vars = { DATA_DIR: dataDir, ...WORKER };
  const port = portFromE2e(23);
  server = await startNextServer(port, vars);
  const customers: { api: APIRequestContext; id: string }[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
    customers.push({ api, id: (await signUpByApi(api, { name: `Stop ${i}`, email: `stop-${i}-${unique()}@example.com`, password: PASSWORD })).id });
  }
  const cards = await separateStarts(customers[0]!.api, BURST + 1);
  const slowCard = cards.pop();
  const cookie = (await customers[0]!.api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // In flight when the signal comes, and its body still arriving 2 s after: it is answered, not cut.
  const slow = slowBooking(server.origin, `/api/appointments/${customers[0]!.id}/`, cookie, slowCard);

  const answered: string[] = [];
  const statuses: number[] = [];
  const failures: string[] = [];
  let stopped: Promise<number | null> | undefined;
  const running = server;
  await Promise.all(
    cards.map(async (card, i) => {
      const customer = customers[i % CUSTOMERS]!;
      try {
        const response = await customer.api.post(`/api/appointments/${customer.id}/`, { data: card, timeout: 60_000 });
        statuses.push(response.status());
        if (response.status() !== 201) return;
        answered.push(...((await response.json()) as { appointments: { id: string }[] }).appointments.map((a) => a.id));
        if (answered.length === STOP_AFTER) {
          stopped = running.kill('SIGTERM');
          setTimeout(slow.finish, 2_000);
        }
      } catch (error) {
        failures.push(String(error).split('\n')[0]!);
      }
    }),
  );
  const exitCode = await stopped;
  const slowAnswer = await slow.answer;
  log(`the booking whose body came 2 s after the signal: ${JSON.stringify(slowAnswer)}`);
  log(`${answered.length} of ${BURST} answered 201; statuses ${JSON.stringify(statuses.filter((s) => s !== 201))} besides; ${failures.length} not answered: ${JSON.stringify([...new Set(failures)])}`);
  log(running.output().split('\n').filter((line) => line.startsWith('[server]')).join(' | '));
  expect(slowAnswer).toMatchObject({ status: 201 });
  answered.push(...slowAnswer.ids!);
  expect(exitCode).toBe(0);
  // The requests in flight at the signal were answered, not cut: more than those before it, and none of them an error.
  expect(answered.length).toBeGreaterThan(STOP_AFTER);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(running.output()).toMatch(/\[server\] SIGTERM: stopping; no new connections, up to 10 s for the \d+ request\(s\) in flight/);
  expect(running.output()).toMatch(/\[server\] stopped in \d+ ms/);
  // Nothing cut off, no step of the stop failed (Next.js's own config notice goes to stderr too). Its SITE_URL is its
  // own origin, not the build's (E2E_PORT's), which it rightly says at start (lib/server/build-site-url.mjs).
  const siteUrlWarning = `[server] SITE_URL is ${running.origin} but`;
  expect(running.stderr().filter((line) => line.startsWith('[server]') && !line.startsWith(siteUrlWarning))).toEqual([]);
  expect(running.stderr().filter((line) => line.startsWith(siteUrlWarning))).toHaveLength(1);
  // Each booking answered has its request line.
  expect(running.output()).toMatch(/^\[request\] POST \/api\/appointments\/[0-9a-f-]{36}\/ 201 \d+ ms id=[0-9a-f]{12}$/m);

  server = await startNextServer(port, vars);
  const stored = new Set<string>();
  for (const customer of customers) {
    const mine = (await (await customer.api.get(`/api/appointments/${customer.id}/`)).json()) as { cards: { appointments: { id: string }[] }[] };
    for (const booked of mine.cards) for (const appointment of booked.appointments) stored.add(appointment.id);
  }
  expect(answered.filter((id) => !stored.has(id))).toEqual([]);

  const folder = path.join(dataDir, 'outbox');
  const confirmationsOf = (id: string) =>
    outboxFiles(folder).filter((file) => file.mail?.subject === CONFIRMED && file.mail.calendar?.content.includes(`UID:${id}@bookings.salon`)).length;
  await expect.poll(() => answered.filter((id) => confirmationsOf(id) !== 1), { timeout: 60_000, intervals: [500] }).toEqual([]);
  for (const customer of customers) await customer.api.dispose();
});

test('LOG_FORMAT=json: one JSON line per request with method, path without the query values, status, time and the id the answer carries', async () => {
  test.setTimeout(180_000);
  server = await startNextServer(portFromE2e(23), { DATA_DIR: await seededDataDir('lifecycle-log'), LOG_FORMAT: 'json', ...WORKER });
  // A client's own id is not taken: it could make its lines look like another's.
  const answer = await fetch(`${server.origin}/services/?q=Jane%20Doe`, { headers: { 'x-request-id': 'forged' } });
  expect(answer.status).toBe(200);
  const id = answer.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f]{12}$/);
  // The same id where the error pages' scripts can read it (lib/client/request-reference.ts).
  expect(answer.headers.get('server-timing')).toBe(`request;desc="${id}"`);
  const lines = () => server!.output().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  await expect.poll(() => lines().find((line) => line.id === id && line.msg === 'request'), { timeout: 10_000 }).toEqual({
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    level: 'info',
    msg: 'request',
    id,
    method: 'GET',
    path: '/services/?q=…',
    status: 200,
    ms: expect.any(Number),
  });
  expect(server.output()).not.toContain('Jane');
  // Every line the process wrote, Next.js's and the site's, is one JSON object.
  expect(lines().filter((line) => line.msg === 'request').length).toBeGreaterThan(1);
  expect(lines().some((line) => String(line.msg).startsWith('Salon site ready'))).toBe(true);
});

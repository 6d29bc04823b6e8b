import { createServer, type Server, type Socket } from 'node:net';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

// A mail server that accepts connections and never says a word: the booking and the reset request must still
// answer at once, because mail goes out after the answer. It speaks (a minimal SMTP dialogue) only until the
// sign-up mail with its link has come in: the account is made through that link.
const ANSWER_WITHIN_MS = 5_000;

let silentSmtp: Server;
let smtpPort = 0;
const sockets = new Set<Socket>();
let server: NextServer;
let speaking = true;
const received: string[] = [];

/** Accepts every message as a plain SMTP server would, keeping each message's text. */
function speak(socket: Socket) {
  socket.write('220 fake.example ESMTP\r\n');
  let buffer = '';
  let message: string[] | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (message) {
        if (line !== '.') message.push(line);
        else {
          received.push(message.join('\n'));
          message = undefined;
          socket.write('250 OK\r\n');
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'DATA') {
        message = [];
        socket.write('354 End with <CRLF>.<CRLF>\r\n');
      } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
      else socket.write('250 OK\r\n');
    }
  });
}

/** The token of the sign-up link in the messages received (quoted-printable soft line breaks undone). */
function signUpToken(): string | undefined {
  for (const text of received) {
    const token = /\/signup\/confirm\/([A-Za-z0-9_-]{43})\//.exec(text.replace(/=\n/g, '').replace(/=3D/g, '='))?.[1];
    if (token) return token;
  }
  return undefined;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  silentSmtp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (speaking) speak(socket);
  });
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (silentSmtp.address() as { port: number }).port;
  // The worker looks every half second and the first retry waits two (defaults: 15 s and a minute).
  server = await startNextServer(portFromE2e(30), {
    DATA_DIR: await seededDataDir('mail-fault'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_WORKER_INTERVAL_MS: '500',
    MAIL_RETRY_FIRST_SECONDS: '2',
  });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silentSmtp?.close(resolve));
});

test('a booking answers 201 at once while the mail server hangs, and the reset request answers alike', async () => {
  const api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
  const email = `mail-fault-${unique()}@example.com`;
  const signup = await api.post('/api/auth/signup/', { data: { name: 'Mia', email, password: PASSWORD } });
  expect(signup.status()).toBe(202);
  await expect.poll(signUpToken, { timeout: 30_000 }).toBeDefined();
  speaking = false;
  const finished = await api.post('/api/auth/signup/confirm/', { data: { token: signUpToken() } });
  expect(finished.status()).toBe(201);
  const customerId = (await finished.json()).id;
  // The mail server goes silent for the rest: no connection is left over from the sign-up mail.
  await expect.poll(() => sockets.size, { timeout: 10_000 }).toBe(0);

  const locations = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const date = nextWeekday(1, 7);
  const slots = await (await api.get(`/api/slots/1/1/1/${date}/${wax.duration}/`)).json();
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 1, svcDate: slots.slots[0].start, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: wax.gen, areaId: 1 }] }] }],
  };

  const started = Date.now();
  const booked = await api.post(`/api/appointments/${customerId}/`, { data: card, timeout: 60_000 });
  expect(booked.status()).toBe(201);
  expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
  // The mail server was reached (after the answer) and is keeping the connection open.
  await expect.poll(() => sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);
  const mine = await (await api.get(`/api/appointments/${customerId}/`)).json();
  expect(mine.cards).toHaveLength(1);

  for (const address of [email, `nobody-${unique()}@example.com`]) {
    const asked = Date.now();
    const reset = await api.post('/api/auth/resetemail/', { data: { email: address }, timeout: 60_000 });
    expect(reset.status()).toBe(200);
    expect(Date.now() - asked).toBeLessThan(ANSWER_WITHIN_MS);
  }
  await api.dispose();
});

test('nothing is lost: once the mail server answers again, the outbox sends the confirmation and the resets', async () => {
  // The mail server recovers: new connections speak, the hanging ones are dropped (the try fails and is retried).
  speaking = true;
  for (const socket of sockets) socket.destroy();
  const subjects = () => received.map((message) => /^Subject: (.*)$/m.exec(message)?.[1] ?? '');
  await expect.poll(subjects, { timeout: 90_000 }).toContain('Your Bare & Polished NYC booking is confirmed');
  await expect.poll(() => subjects().filter((s) => s === 'Reset your Bare & Polished NYC password').length, { timeout: 90_000 }).toBe(1);
  // Each once, though it was tried several times.
  expect(subjects().filter((s) => s === 'Your Bare & Polished NYC booking is confirmed')).toHaveLength(1);
});

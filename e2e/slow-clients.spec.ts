import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { expect, test } from './support/worker-server';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

/**
 * Clients that hold a connection open: a request whose headers or body arrive a byte a second is cut at the request
 * time limit (REQUEST_TIMEOUT_MS, 30 s by default; 3 s here so the test is quick), and a body declared larger than
 * its route reads is refused before any of it is sent. Real sockets, as an attacker's would be.
 */

const LIMIT_MS = 3_000;
// The server checks its connections every tenth of the limit; a busy machine adds some lag on top.
const GRACE_MS = 2_500;

let server: NextServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startNextServer(portFromE2e(74), { DATA_DIR: await seededDataDir('slow-clients'), REQUEST_TIMEOUT_MS: String(LIMIT_MS) });
});

test.afterAll(async () => {
  await server?.kill();
});

interface Exchange {
  /** Milliseconds from connecting until the server closed the connection, or until it first answered. */
  closedAfter: number;
  firstByteAfter?: number;
  answer: string;
}

/** Sends `head` at once, then `drip` one byte a second (never all of it), and records what the server does. */
function slowClient(head: string, drip = 'x'.repeat(120), giveUpMs = 30_000): Promise<Exchange> {
  const url = new URL(server.origin);
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    let firstByteAfter: number | undefined;
    let sent = 0;
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    const timer = setInterval(() => {
      if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++]!);
    }, 1_000);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk) => {
      firstByteAfter ??= Date.now() - started;
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfter: Date.now() - started, firstByteAfter, answer });
    });
  });
}

const host = () => new URL(server.origin).host;

test('a body sent a byte a second is cut at the time limit with a 408, on the API and on a page form', async () => {
  test.setTimeout(60_000);
  const api = `POST /api/auth/signin/ HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`;
  const page = `POST /signin/ HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\na=`;
  const exchanges = await Promise.all([...Array.from({ length: 5 }, () => slowClient(api)), ...Array.from({ length: 5 }, () => slowClient(page))]);
  for (const exchange of exchanges) {
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.closedAfter).toBeGreaterThanOrEqual(LIMIT_MS - 100);
    expect(exchange.closedAfter).toBeLessThan(LIMIT_MS + GRACE_MS);
  }
  expect((await fetch(`${server.origin}/api/health/`)).status).toBe(200);
});

test('headers sent a byte a second are cut at the same limit', async () => {
  test.setTimeout(60_000);
  const exchange = await slowClient(`GET /api/health/ HTTP/1.1\r\nHost: ${host()}\r\n`, 'X-Slow: ' + 'y'.repeat(100));
  expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(exchange.closedAfter).toBeGreaterThanOrEqual(LIMIT_MS - 100);
  expect(exchange.closedAfter).toBeLessThan(LIMIT_MS + GRACE_MS);
});

test('an idle kept-alive connection is not cut by the limit: the next request on it is answered', async () => {
  test.setTimeout(60_000);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(server.origin);
  const get = () =>
    new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
      const request = httpRequest({ host: url.hostname, port: url.port, path: '/api/health/', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, socket: request.socket }));
      });
      request.on('error', reject);
      request.end();
    });
  try {
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS + 1_500));
    const second = await get();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
});

test('a body declared over its route limit is refused at once with 413, before any of it is sent', async () => {
  const declare = (path: string, length: number, type = 'application/json') =>
    slowClient(`POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${server.origin}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`, '', 10_000);

  const api = await declare('/api/auth/signin/', 10_000_000);
  expect(api.answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(api.answer).toContain('{"error":{"code":"too_large","message":"The request body is too large."}}');
  expect(api.firstByteAfter).toBeLessThan(1_000);

  // Each route its own limit: 64 KB for the API's forms, 1 MB for Shopify's webhook and for a form posted to a page.
  expect((await declare('/api/auth/signin/', 64 * 1024 + 1)).answer).toMatch(/^HTTP\/1\.1 413 /);
  const webhook = await declare('/api/shop/webhooks/orders/', 2 * 1024 * 1024);
  expect(webhook.answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(webhook.firstByteAfter).toBeLessThan(1_000);
  const page = await declare('/signin/', 2 * 1024 * 1024, 'multipart/form-data; boundary=x');
  expect(page.answer).toMatch(/^HTTP\/1\.1 413 [^]*This form is too large\.$/);
  expect(page.firstByteAfter).toBeLessThan(1_000);
});

test('a client that waits for 100 Continue is refused without it when too large, and let through otherwise', async () => {
  const url = new URL(server.origin);
  const exchange = (length: number, body: string) =>
    new Promise<string>((resolve) => {
      let answer = '';
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(
          `POST /api/auth/signin/ HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
        if (answer.startsWith('HTTP/1.1 100 ') && body) {
          socket.write(body);
          body = '';
        }
      });
      const giveUp = setTimeout(() => socket.destroy(), 10_000);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(answer);
      });
    });
  const tooLarge = await exchange(10_000_000, 'x');
  expect(tooLarge).toMatch(/^HTTP\/1\.1 413 /);
  const json = '{"email":"nobody@example.com","password":"not-the-password-77"}';
  const small = await exchange(Buffer.byteLength(json), json);
  expect(small).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 401 /);
});

test('a client still sending the body of a refused request gets the answer, not a reset, and its next request is answered', async () => {
  const url = new URL(server.origin);
  // Head first; the body (1 MB, within what the server drops) only once the 405 is in, then a second request.
  const answer = await new Promise<{ text: string; writeFailed: boolean }>((resolve) => {
    let text = '';
    let writeFailed = false;
    let bodySent = false;
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(`PUT /api/auth/signin/ HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (!bodySent && text.includes('"method_not_allowed"')) {
        bodySent = true;
        setTimeout(() => socket.write(Buffer.alloc(1024 * 1024, 'x'), (error) => (error ? (writeFailed = true) : socket.write(`GET /api/health/ HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`))), 50);
      }
    });
    socket.on('error', () => (writeFailed = true));
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text, writeFailed });
    });
  });
  expect(answer.writeFailed).toBe(false);
  expect(answer.text).toMatch(/^HTTP\/1\.1 405 [^]*HTTP\/1\.1 200 /);
});

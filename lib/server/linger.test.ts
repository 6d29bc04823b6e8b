import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { lingerAfterRefusal, lingerMs } from './linger.mjs';

/** A server that refuses every request with 405 before reading its body, as server.mjs's refuse does. */
async function start(limits: { maxBytes: number; ms: number }): Promise<{ server: Server; port: number }> {
  const refuse = (request: IncomingMessage, response: ServerResponse) => {
    response.statusCode = 405;
    lingerAfterRefusal(request, response, limits);
    response.end('refused');
  };
  // As server.mjs: a request that waits for 100 Continue reaches the handler, which refuses it without it.
  const server = createServer(refuse).on('checkContinue', refuse);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * Sends the head, waits for the answer, then sends `body` on the same connection and, when `then` is given, a second
 * request after it. Resolves with everything the server sent, whether writing the body failed, and when it closed.
 */
function exchange(port: number, head: string, body: Buffer, then?: string): Promise<{ answer: string; writeFailed: boolean; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    let writeFailed = false;
    let bodySent = false;
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (!bodySent && answer.includes('refused')) {
        bodySent = true;
        // The answer is in: the server has had every chance to close before the body comes.
        setTimeout(() => {
          socket.write(body, (error) => {
            if (error) writeFailed = true;
            else if (then) socket.write(then);
          });
        }, 50);
      }
    });
    socket.on('error', () => (writeFailed = true));
    const giveUp = setTimeout(() => socket.destroy(), 8_000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, writeFailed, closedAfterMs: Date.now() - started });
    });
  });
}

const MB = 1024 * 1024;
const post = (length: number, extra = '') => `POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: ${length}\r\n${extra}\r\n`;
const next = 'GET /y HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n';

describe('lingerAfterRefusal', () => {
  it('drops a refused body that is still arriving, so the client is not reset, and answers its next request', async () => {
    const { server, port } = await start({ maxBytes: 2 * MB, ms: 5_000 });
    servers.push(server);
    const { answer, writeFailed } = await exchange(port, post(MB), Buffer.alloc(MB, 'x'), next);
    expect(writeFailed).toBe(false);
    expect(answer.match(/HTTP\/1\.1 405 /g)).toHaveLength(2);
    expect(answer.split('refused')[0]).toMatch(/\r\nConnection: keep-alive\r\n/i);
  });

  it('closes at once for a body declared over the limit, and for one held back for 100 Continue', async () => {
    const { server, port } = await start({ maxBytes: MB, ms: 5_000 });
    servers.push(server);
    const over = await exchange(port, post(MB + 1), Buffer.alloc(16, 'x'));
    expect(over.answer).toMatch(/^HTTP\/1\.1 405 [^]*\r\nConnection: close\r\n/i);
    expect(over.closedAfterMs).toBeLessThan(2_000);
    const held = await exchange(port, post(100, 'Expect: 100-continue\r\n'), Buffer.alloc(0));
    expect(held.answer).not.toMatch(/100 Continue/);
    expect(held.answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(held.closedAfterMs).toBeLessThan(2_000);
  });

  it('cuts a body that does not arrive within the time, or goes past the limit', async () => {
    const { server, port } = await start({ maxBytes: 1024, ms: 300 });
    servers.push(server);
    const slow = await exchange(port, post(1000), Buffer.alloc(10, 'x'));
    expect(slow.answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(300);
    expect(slow.closedAfterMs).toBeLessThan(3_000);
    // Chunked: no length declared, so only the bytes counted can stop it.
    const chunked = await exchange(port, 'POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n', Buffer.from(`800\r\n${'x'.repeat(2048)}\r\n`));
    expect(chunked.answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(chunked.closedAfterMs).toBeLessThan(300);
  });

  it('lingers 5 s, or half the request time limit when that is shorter', () => {
    expect(lingerMs(30_000)).toBe(5_000);
    expect(lingerMs(3_000)).toBe(1_500);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What the fake upstream was asked: one entry per request, with its whole body. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Reply = (request: IncomingMessage, response: ServerResponse) => void;

export const answerJson =
  (status: number, body: unknown): Reply =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

/**
 * A salon API stand-in on a loopback port for proxy-mode tests: SALON_API_URL points at it before each test, every
 * request is recorded in `seen`, and `reply` (set per test) answers it. Call at the top of a test file.
 */
export function setUpFakeUpstream() {
  const upstream = {
    base: '',
    seen: [] as SeenRequest[],
    reply: answerJson(200, {}) as Reply,
  };
  let server: Server;

  beforeAll(async () => {
    server = createServer((request, response) => {
      // One request per connection: a kept-alive socket that this server closes when idle (after 5 s) while the
      // front's fetch picks it up again fails as 'cannot be reached', which a slow run met (backend.test.ts).
      response.shouldKeepAlive = false;
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        upstream.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        upstream.reply(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream.base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    delete process.env.SALON_API_URL;
    delete process.env.SALON_API_TIMEOUT_MS;
  });

  beforeEach(() => {
    upstream.seen.length = 0;
    process.env.SALON_API_URL = upstream.base;
    delete process.env.SALON_API_TIMEOUT_MS;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  return upstream;
}

/** A loopback port where nothing listens: taken from the system, then let go. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { DRAIN_MS, trackRequests } from './drain.mjs';

/** A server whose /slow/ answers after `slowMs`, and whose other addresses answer at once. */
async function start(slowMs: number): Promise<{ server: Server; port: number; tracker: ReturnType<typeof trackRequests> }> {
  const server = createServer((request, response) => {
    tracker.track(response);
    if (request.url === '/slow/') setTimeout(() => response.end('done'), slowMs).unref();
    else response.end('quick');
  });
  const tracker = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, tracker };
}

function get(port: number, path: string, agent?: Agent): Promise<{ status?: number; body?: string; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode, body, connection: response.headers.connection }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    request.end();
  });
}

const arrived = (tracker: ReturnType<typeof trackRequests>, count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (tracker.inFlight() >= count ? resolve() : setTimeout(check, 5));
    check();
  });

describe('stopping the server (SIGTERM)', () => {
  it('waits up to 10 s by default', () => {
    expect(DRAIN_MS).toBe(10_000);
  });

  it('answers the requests in flight, refuses new connections, and ends once they are answered', async () => {
    const { port, tracker } = await start(300);
    const slow = get(port, '/slow/');
    await arrived(tracker, 1);
    const startedAt = Date.now();
    const drained = tracker.drain(5_000);
    expect(await get(port, '/quick/')).toEqual({ error: 'ECONNREFUSED' });
    expect(await slow).toMatchObject({ status: 200, body: 'done' });
    expect(await drained).toEqual({ left: 0 });
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('is not held by an idle kept-alive connection', async () => {
    const { port, tracker } = await start(300);
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      // One connection left idle, one busy with the slow request.
      expect(await get(port, '/quick/', agent)).toMatchObject({ status: 200 });
      const slow = get(port, '/slow/', agent);
      await arrived(tracker, 1);
      const startedAt = Date.now();
      const drained = await Promise.all([tracker.drain(5_000), slow]);
      expect(drained).toEqual([{ left: 0 }, { status: 200, body: 'done', connection: 'keep-alive' }]);
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    } finally {
      agent.destroy();
    }
  });

  it('gives up on a request that outlasts the limit, cuts it, and says one was left', async () => {
    const { port, tracker } = await start(60_000);
    const slow = get(port, '/slow/');
    await arrived(tracker, 1);
    const startedAt = Date.now();
    expect(await tracker.drain(300)).toEqual({ left: 1 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(await slow).toEqual({ error: 'ECONNRESET' });
  });
});

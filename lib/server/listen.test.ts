import { createServer, type Server } from 'node:net';
import { DEFAULT_REQUEST_TIMEOUT_MS, listenFailureMessage, parseRequestTimeout, timeoutOptions } from './listen.mjs';

function listen(server: Server, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
}

describe('a server that cannot listen', () => {
  it('says in one line that the port is taken and what to do', async () => {
    const first = createServer();
    await listen(first, 0);
    const port = (first.address() as { port: number }).port;
    const second = createServer();
    try {
      const error = await listen(second, port);
      expect(error?.code).toBe('EADDRINUSE');
      const message = listenFailureMessage(error, { port, hostname: '127.0.0.1' });
      expect(message).toBe(`[server] Cannot start: 127.0.0.1 port ${port} is already in use by another process. Stop that process or set PORT to a free port.`);
      expect(message).not.toContain('\n');
    } finally {
      first.close();
      second.close();
    }
  });

  it('names other reasons, and the error itself when it has no advice', () => {
    expect(listenFailureMessage({ code: 'EACCES' }, { port: 80 })).toContain('every address port 80 is not permitted');
    expect(listenFailureMessage({ code: 'EADDRNOTAVAIL' }, { port: 3000, hostname: '10.9.9.9' })).toContain('HOST 10.9.9.9 is not an address of this machine');
    expect(listenFailureMessage(Object.assign(new Error('odd'), { code: 'EODD' }), { port: 3000 })).toContain('(EODD: odd)');
  });
});

describe('the request time limit (REQUEST_TIMEOUT_MS)', () => {
  it('defaults to 30 s and takes whole milliseconds from 1 s to 10 min', () => {
    expect(parseRequestTimeout(undefined)).toEqual({ ms: DEFAULT_REQUEST_TIMEOUT_MS });
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(parseRequestTimeout(' ')).toEqual({ ms: 30_000 });
    expect(parseRequestTimeout('2000')).toEqual({ ms: 2_000 });
    for (const wrong of ['999', '600001', '2.5', 'soon']) expect(parseRequestTimeout(wrong).error).toContain('REQUEST_TIMEOUT_MS must be');
  });

  it('covers headers and body alike, and is checked at a tenth of the limit, at most every second', () => {
    expect(timeoutOptions(30_000)).toEqual({ requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 1_000 });
    expect(timeoutOptions(2_000)).toEqual({ requestTimeout: 2_000, headersTimeout: 2_000, connectionsCheckingInterval: 200 });
  });
});

import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { acceptsBrotli, createStaticBrotli, precompressStatic } from './static-brotli.mjs';

const SCRIPT = `(globalThis.TURBOPACK||[]).push(${JSON.stringify('function add(a,b){return a+b}'.repeat(400))});`;

describe('acceptsBrotli', () => {
  it('reads br among the codings, with or without a q-value, and refuses q=0', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5, gzip')).toBe(true);
    expect(acceptsBrotli('BR')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, deflate')).toBe(false);
    expect(acceptsBrotli('brotli, xbr')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe('the brotli copies of the build files', () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let brotli: ReturnType<typeof createStaticBrotli>;
  const nextAnswers: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'static-brotli-'));
    mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true });
    writeFileSync(path.join(dir, 'static', 'chunks', 'app-1a2b.js'), SCRIPT);
    writeFileSync(path.join(dir, 'static', 'chunks', 'site-3c4d.css'), 'body{color:#1f1a1c}'.repeat(100));
    writeFileSync(path.join(dir, 'secret.txt'), 'not for the web');
    writeFileSync(path.join(dir, 'outside.js'), 'not for the web either');
    brotli = createStaticBrotli({ staticDir: path.join(dir, 'static'), headers: () => [{ key: 'X-Content-Type-Options', value: 'nosniff' }] });
    server = createServer((request, response) => {
      if (brotli.serve(request, response)) return;
      // Stands in for Next.js.
      nextAnswers.push(request.url ?? '');
      response.setHeader('content-encoding', 'gzip');
      response.end(gzipSync(SCRIPT));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding = 'gzip, deflate, br, zstd', method = 'GET') => fetch(origin + url, { method, headers: { 'accept-encoding': encoding } });

  it('leaves the first request to Next.js, then answers with the brotli copy, which is smaller than gzip', async () => {
    const first = await get('/_next/static/chunks/app-1a2b.js');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(nextAnswers).toEqual(['/_next/static/chunks/app-1a2b.js']);
    await brotli.settled();
    const raw = await fetch(origin + '/_next/static/chunks/app-1a2b.js', { headers: { 'accept-encoding': 'br' } });
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(raw.headers.get('content-type')).toBe('application/javascript; charset=UTF-8');
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(raw.headers.get('vary')).toBe('Accept-Encoding');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(nextAnswers).toHaveLength(1);
    // fetch decodes br itself; the length on the wire is the header's.
    expect(await raw.text()).toBe(SCRIPT);
    expect(Number(raw.headers.get('content-length'))).toBeLessThan(gzipSync(SCRIPT).length);
  });

  it('gives Next.js every request that does not accept br, and HEAD gets the headers only', async () => {
    await get('/_next/static/chunks/site-3c4d.css');
    await brotli.settled();
    const head = await get('/_next/static/chunks/site-3c4d.css', 'br', 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-type')).toBe('text/css; charset=UTF-8');
    const before = nextAnswers.length;
    await get('/_next/static/chunks/site-3c4d.css', 'gzip, br;q=0');
    expect(nextAnswers).toHaveLength(before + 1);
  });

  it('never reads outside the static folder, and leaves queries, missing files and other kinds to Next.js', async () => {
    const tries = [
      '/_next/static/../secret.txt',
      '/_next/static/%2e%2e/secret.txt',
      '/_next/static/chunks/app-1a2b.js?v=1',
      '/_next/static/chunks/missing.js',
      '/_next/static/media/logo.svg',
      '/secret.txt',
    ];
    // fetch would normalise the dot segments, so the paths go in as they arrive on the socket.
    const raw = (url: string) => brotli.serve({ method: 'GET', url, headers: { 'accept-encoding': 'br' } } as never, {} as never);
    for (const url of [...tries, '/_next/static/chunks/../../secret.txt', '/_next/static/../outside.js', '/_next/static/chunks/../../outside.js', '/_next/static//etc/passwd.js', '/_next/static/chunks\\..\\x.js']) {
      expect(raw(url)).toBe(false);
      expect(raw(url)).toBe(false);
    }
    await brotli.settled();
    const before = nextAnswers.length;
    for (const url of tries) await get(url);
    expect(nextAnswers).toHaveLength(before + tries.length);
    expect(brotli.size).toBe(2);
  });
});

describe('the copies the build writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'static-brotli-build-'));
    mkdirSync(path.join(dir, 'chunks'), { recursive: true });
    mkdirSync(path.join(dir, 'media'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are written beside every script and stylesheet, and nothing else', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app-1a2b.js'), SCRIPT);
    writeFileSync(path.join(dir, 'chunks', 'site-3c4d.css'), 'body{color:#1f1a1c}');
    writeFileSync(path.join(dir, 'media', 'logo.svg'), '<svg/>');
    expect(await precompressStatic(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'chunks', 'app-1a2b.js.br'))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'chunks', 'site-3c4d.css.br'))).toString()).toBe('body{color:#1f1a1c}');
    expect(existsSync(path.join(dir, 'media', 'logo.svg.br'))).toBe(false);
  });

  it('are served as they are, not compressed again when a server starts', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app-1a2b.js'), SCRIPT);
    // A copy unlike the file: only read from disk could it be the answer.
    const fromTheBuild = brotliCompressSync('/* the build wrote this copy */');
    writeFileSync(path.join(dir, 'chunks', 'app-1a2b.js.br'), fromTheBuild);
    const brotli = createStaticBrotli({ staticDir: dir, headers: () => [] });
    const sent: Buffer[] = [];
    const request = { method: 'GET', url: '/_next/static/chunks/app-1a2b.js', headers: { 'accept-encoding': 'br' } } as never;
    const response = { statusCode: 0, setHeader: () => undefined, end: (body: Buffer) => sent.push(body) } as never;
    expect(brotli.serve(request, response)).toBe(false);
    await brotli.settled();
    expect(brotli.serve(request, response)).toBe(true);
    expect(sent).toEqual([fromTheBuild]);
  });
});

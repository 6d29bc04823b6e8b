import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createPageCache, sharedMaxAge, type PageCache } from './page-cache.mjs';

const PAGE = '<!DOCTYPE html><html><body>Women&#x27;s waxing</body></html>';
const STATIC_PAGE = 's-maxage=31536000';

/** Stands in for Next.js: counts the requests it answers; each path answers as the table says. */
function upstream(answers: Record<string, (request: IncomingMessage, response: ServerResponse) => void>) {
  const calls: string[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    calls.push(`${request.method} ${request.url}`);
    const answer = answers[(request.url ?? '').split('?')[0]!];
    if (!answer) {
      response.statusCode = 404;
      response.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      response.end('not found');
      return;
    }
    answer(request, response);
  };
  return { calls, handle };
}

function staticPage(body = PAGE, cacheControl = STATIC_PAGE) {
  return (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('cache-control', cacheControl);
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('etag', '"abc"');
    response.setHeader('x-content-type-options', 'nosniff');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      response.setHeader('content-encoding', 'gzip');
      const zipped = gzipSync(body);
      // In two writes, as a streamed render sends it.
      response.write(zipped.subarray(0, 10));
      response.end(zipped.subarray(10));
    } else {
      response.write(body.slice(0, 5));
      response.end(body.slice(5));
    }
  };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(cache: PageCache, handle: (request: IncomingMessage, response: ServerResponse) => void, first?: (response: ServerResponse) => void) {
  server = createServer((request, response) => {
    first?.(response);
    if (cache.serve(request, response)) return;
    cache.capture(request, response);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);
}

describe('the page cache in front of Next.js', () => {
  it('answers a shared-cacheable page from memory after the first time, with the same headers and body', async () => {
    const next = upstream({ '/services/womens-wax/': staticPage() });
    const get = await serve(createPageCache(), next.handle);
    const first = await get('/services/womens-wax/', { headers: { 'accept-encoding': 'identity' } });
    const second = await get('/services/womens-wax/', { headers: { 'accept-encoding': 'identity' } });
    expect(await first.text()).toBe(PAGE);
    expect(await second.text()).toBe(PAGE);
    expect(next.calls).toEqual(['GET /services/womens-wax/']);
    for (const name of ['cache-control', 'content-type', 'etag', 'x-content-type-options']) expect(second.headers.get(name)).toBe(first.headers.get(name));
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE)));
  });

  it("keeps each answer's own request id, not the first one's", async () => {
    const next = upstream({ '/services/womens-wax/': staticPage() });
    let count = 0;
    const get = await serve(createPageCache(), next.handle, (response) => {
      response.setHeader('x-request-id', `id-${++count}`);
      response.setHeader('server-timing', `request;desc="id-${count}"`);
    });
    const first = await get('/services/womens-wax/');
    const second = await get('/services/womens-wax/');
    expect(next.calls).toHaveLength(1);
    expect([first.headers.get('x-request-id'), second.headers.get('x-request-id')]).toEqual(['id-1', 'id-2']);
    expect(second.headers.get('server-timing')).toBe('request;desc="id-2"');
  });

  it('keeps the compressed and the plain copy apart, each as Next.js encoded it', async () => {
    const next = upstream({ '/': staticPage() });
    const cache = createPageCache();
    await serve(cache, next.handle);
    const { port } = server!.address() as AddressInfo;
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/', headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    };
    await raw('gzip');
    await raw('identity');
    const zipped = await raw('gzip');
    const plain = await raw('identity');
    expect(next.calls).toHaveLength(2);
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(PAGE);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(cache.size).toBe(2);
  });

  it('keeps each variant the server makes of a page apart', async () => {
    const next = upstream({ '/': staticPage() });
    const cache = createPageCache({ variantOf: (request) => (String(request.headers.cookie ?? '').includes('seen=1') ? 'linked' : 'inline') });
    const get = await serve(cache, next.handle);
    for (const cookie of ['', 'seen=1', '', 'seen=1']) await (await get('/', { headers: cookie ? { cookie } : {} })).text();
    expect(next.calls).toHaveLength(2);
    expect(cache.size).toBe(2);
  });

  it('never keeps a personal, uncacheable, cookie-setting, stale or failed answer', async () => {
    const next = upstream({
      '/account/': staticPage(PAGE, 'private, no-cache, no-store, max-age=0, must-revalidate'),
      '/booking/': staticPage(PAGE, 'no-store, s-maxage=60'),
      '/signin/': (request, response) => {
        response.setHeader('set-cookie', 'session=1');
        staticPage()(request, response);
      },
      '/plain/': staticPage(PAGE, 'public, max-age=60'),
      // Next.js answers a page whose tags went stale with the old copy and renders it again behind the answer.
      '/stale/': (request, response) => {
        response.setHeader('x-nextjs-cache', 'STALE');
        staticPage()(request, response);
      },
    });
    const cache = createPageCache();
    const get = await serve(cache, next.handle);
    for (const path of ['/account/', '/booking/', '/signin/', '/plain/', '/stale/', '/missing/']) {
      await (await get(path)).text();
      await (await get(path)).text();
    }
    expect(next.calls).toHaveLength(12);
    expect(cache.size).toBe(0);
  });

  it('lets Next.js answer RSC payloads, prefetches, server actions, query strings and POSTs', async () => {
    const next = upstream({ '/services/': staticPage() });
    const get = await serve(createPageCache(), next.handle);
    await (await get('/services/')).text();
    await (await get('/services/', { headers: { rsc: '1' } })).text();
    await (await get('/services/', { headers: { 'next-router-prefetch': '1' } })).text();
    await (await get('/services/', { headers: { 'next-router-segment-prefetch': '/_tree' } })).text();
    await (await get('/services/', { headers: { 'x-middleware-subrequest': 'middleware' } })).text();
    await (await get('/services/?url=%2Fcheckout%2F')).text();
    await (await get('/services/', { method: 'POST', body: 'a=1', headers: { 'next-action': 'x' } })).text();
    expect(next.calls).toEqual([
      'GET /services/',
      'GET /services/',
      'GET /services/',
      'GET /services/',
      'GET /services/',
      'GET /services/?url=%2Fcheckout%2F',
      'POST /services/',
    ]);
  });

  it('answers If-None-Match with 304, and HEAD with the headers only', async () => {
    const next = upstream({ '/specials/': staticPage() });
    const get = await serve(createPageCache(), next.handle);
    const first = await get('/specials/');
    await first.text();
    const unchanged = await get('/specials/', { headers: { 'if-none-match': '"abc"' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const head = await get('/specials/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(next.calls).toEqual(['GET /specials/']);
  });

  it('forgets every page on clear(), and does not keep an answer that was on its way meanwhile', async () => {
    let price = 65;
    let release: (() => void) | undefined;
    const next = upstream({
      '/services/womens-brazilian-wax/': (request, response) => staticPage(`$${price}`)(request, response),
      // The first answer is begun before the change and finished after it: it shows the catalogue before.
      '/services/womens-wax/': (request, response) => {
        const body = `$${price}`;
        if (release === undefined) release = () => staticPage(body)(request, response);
        else staticPage(body)(request, response);
      },
    });
    const cache = createPageCache();
    const get = await serve(cache, next.handle);
    expect(await (await get('/services/womens-brazilian-wax/')).text()).toBe('$65');
    const slow = get('/services/womens-wax/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    price = 70;
    cache.clear();
    release!();
    expect(await (await slow).text()).toBe('$65');
    expect(cache.size).toBe(0);
    expect(await (await get('/services/womens-brazilian-wax/')).text()).toBe('$70');
    expect(await (await get('/services/womens-brazilian-wax/')).text()).toBe('$70');
    expect(await (await get('/services/womens-wax/')).text()).toBe('$70');
    expect(next.calls).toEqual(['GET /services/womens-brazilian-wax/', 'GET /services/womens-wax/', 'GET /services/womens-brazilian-wax/', 'GET /services/womens-wax/']);
  });

  it('keeps an answer for its s-maxage only, and the oldest leave first when the cache is full', async () => {
    let clock = 1_000_000;
    const next = upstream({ '/a/': staticPage(PAGE, 's-maxage=60'), '/b/': staticPage(), '/c/': staticPage() });
    const cache = createPageCache({ maxEntries: 2, now: () => clock });
    const get = await serve(cache, next.handle);
    await (await get('/a/')).text();
    clock += 59_000;
    await (await get('/a/')).text();
    clock += 2_000;
    await (await get('/a/')).text();
    expect(next.calls).toEqual(['GET /a/', 'GET /a/']);
    await (await get('/b/')).text();
    await (await get('/c/')).text();
    expect(cache.size).toBe(2);
    await (await get('/a/')).text();
    expect(next.calls.at(-1)).toBe('GET /a/');
  });
});

describe('sharedMaxAge', () => {
  it.each([
    ['s-maxage=31536000', 31536000],
    ['public, s-maxage=300, stale-while-revalidate=60', 300],
    ['private, s-maxage=300', undefined],
    ['no-store, s-maxage=300', undefined],
    ['no-cache, s-maxage=300', undefined],
    ['max-age=300', undefined],
    ['s-maxage=0', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, seconds) => {
    expect(sharedMaxAge(header)).toBe(seconds);
  });
});

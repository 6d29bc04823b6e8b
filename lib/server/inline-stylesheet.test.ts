import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import compression from 'compression';
import { createStylesheetInliner, STYLESHEET_COOKIE } from './inline-stylesheet.mjs';
import { createPageCache } from './page-cache.mjs';

const STATIC_DIR = '/build/static';
const SHEET = '/_next/static/chunks/site.css';
const CSS = '.menu{color:#1c1917}'.repeat(100);
const LINK = `<link rel="stylesheet" href="${SHEET}" data-precedence="next"/>`;
const HEAD = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${LINK}<title>Women’s waxing</title></head>`;
const BODY = `<body><h1>Women’s waxing</h1><p>${'Smooth skin for weeks. '.repeat(60)}</p><script>self.__next_f.push([1,":HL[\\"${SHEET}\\",\\"style\\"]"])</script></body></html>`;
const PAGE = HEAD + BODY;
const REMEMBERED = `${STYLESHEET_COOKIE}=build-1`;

const inliner = () =>
  createStylesheetInliner({
    staticDir: STATIC_DIR,
    buildId: 'build-1',
    readFile: (file) => {
      if (file === path.join(STATIC_DIR, 'chunks/site.css')) return CSS;
      if (file === path.join(STATIC_DIR, 'chunks/closes.css')) return 'a{}</style><script>alert(1)</script>';
      throw Object.assign(new Error(`no file ${file}`), { code: 'ENOENT' });
    },
  });

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** server.mjs's chain in front of a stand-in for Next.js: page cache, compression, then the inliner. */
async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void, { cache = createPageCache() } = {}) {
  const stylesheets = inliner();
  const compress = compression();
  let calls = 0;
  const server = createServer((request, response) => {
    if (cache.serve(request, response)) return;
    cache.capture(request, response);
    compress(request as never, response as never, () => {});
    stylesheets.wrap(request, response);
    calls++;
    answer(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; text: string }>((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path: url, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body).toString('utf8');
          resolve({ status: response.statusCode!, headers: response.headers, text });
        });
      })
        .on('error', reject)
        .end();
    });
  return { get, calls: () => calls, cache };
}

/** A page as Next.js writes it: headers, then the body in the given pieces (bytes, so a character may be split). */
function page(pieces: (body: Buffer) => Buffer[], { type = 'text/html; charset=utf-8', status = 200 } = {}) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    const body = Buffer.from(PAGE);
    response.statusCode = status;
    response.setHeader('content-type', type);
    response.setHeader('cache-control', 's-maxage=31536000');
    response.setHeader('etag', '"abc"');
    response.setHeader('content-length', body.length);
    const parts = pieces(body);
    for (const part of parts.slice(0, -1)) response.write(part);
    response.end(parts.at(-1));
  };
}

const whole = (body: Buffer) => [body];

describe('the stylesheet in a first visit’s HTML', () => {
  it('puts the stylesheet’s text in the head, keeps the link to fill the cache and set the cookie, and leaves the payload alone', async () => {
    const { get } = await serve(page(whole));
    const answer = await get('/services/womens-wax/', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const [head, body] = answer.text.split('</head>');
    expect(head).toContain(`<style data-inline-href="${SHEET}">${CSS}</style>`);
    expect(head).toContain(`<link rel="stylesheet" href="${SHEET}" data-precedence="next" media="print" onload="document.cookie='${REMEMBERED};path=/;max-age=31536000;samesite=lax'"/>`);
    expect(head).not.toContain(LINK);
    expect(body).toBe(BODY);
    // Another body than the plain page's: its own validator, so a browser holding one does not get a 304 for the other.
    expect(answer.headers.etag).toBe('"abc-css"');
  });

  it('sends the plain page to a browser that has this build’s stylesheet', async () => {
    const { get } = await serve(page(whole));
    const answer = await get('/', { 'accept-encoding': 'gzip', cookie: `bnp_card=x; ${REMEMBERED}` });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.text).toBe(PAGE);
    expect(answer.headers.etag).toBe('"abc"');
    // Another build's stylesheet is another file: inlined again.
    const older = await get('/', { cookie: `${STYLESHEET_COOKIE}=build-0` });
    expect(older.text).toContain('<style data-inline-href=');
  });

  it('finds the head across the pieces of a streamed page, a character split between two of them', async () => {
    const splitInCharacter = (body: Buffer) => {
      const at = body.indexOf(Buffer.from('’')) + 1;
      const headEnd = body.indexOf('</head>') + 3;
      return [body.subarray(0, 20), body.subarray(20, at), body.subarray(at, headEnd), body.subarray(headEnd, headEnd + 10), body.subarray(headEnd + 10)];
    };
    const { get } = await serve(page(splitInCharacter));
    const answer = await get('/booking/', { 'accept-encoding': 'identity' });
    expect(answer.text).toContain('<title>Women’s waxing</title>');
    expect(answer.text).toContain(`<style data-inline-href="${SHEET}">`);
    expect(answer.text.endsWith(BODY)).toBe(true);
    expect(answer.headers['content-length']).toBeUndefined();
  });

  it('passes anything but an HTML page through as it is', async () => {
    const json = JSON.stringify({ link: LINK });
    const { get } = await serve((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(json);
    });
    expect((await get('/api/catalog/')).text).toBe(json);
    const { get: getHead } = await serve(page(whole));
    const head = await getHead('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe('"abc"');
  });

  it('leaves a link alone whose file is missing, would close the style element, or already has a media', async () => {
    const links = [
      '<link rel="stylesheet" href="/_next/static/chunks/gone.css" data-precedence="next"/>',
      '<link rel="stylesheet" href="/_next/static/chunks/closes.css" data-precedence="next"/>',
      `<link rel="stylesheet" href="${SHEET}" media="print"/>`,
      '<link rel="stylesheet" href="/_next/static/../../etc/passwd.css"/>',
    ];
    const { get } = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<html><head>${links.join('')}</head><body></body></html>`);
    });
    const answer = await get('/');
    expect(answer.text).toBe(`<html><head>${links.join('')}</head><body></body></html>`);
  });

  it('rewrites a page without a head end only when it ends, and keeps what comes after the head as it came', async () => {
    const { get } = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.write(`<html><head>${LINK}`);
      response.end('<body>no head end</body>');
    });
    const answer = await get('/');
    expect(answer.text).toContain(`<style data-inline-href="${SHEET}">`);
    expect(answer.text.endsWith('<body>no head end</body>')).toBe(true);
  });

  it('is kept by the page cache once per variant, compressed', async () => {
    const stylesheets = inliner();
    const cache = createPageCache({ variantOf: (request) => stylesheets.variantOf(request) });
    const { get, calls } = await serve(page(whole), { cache });
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const again = await get('/', { 'accept-encoding': 'gzip' });
    const linked = await get('/', { 'accept-encoding': 'gzip', cookie: REMEMBERED });
    const linkedAgain = await get('/', { 'accept-encoding': 'gzip', cookie: REMEMBERED });
    expect(calls()).toBe(2);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.text).toContain('<style data-inline-href=');
    expect(linkedAgain.text).toBe(linked.text);
    expect(linked.text).toBe(PAGE);
    // A browser holding the inline copy revalidates it with its own tag.
    const revalidated = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': '"abc-css"' });
    expect(revalidated.status).toBe(304);
  });
});

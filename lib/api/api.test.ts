import { z } from 'zod';
import { apiHandler } from './handler';
import { clearCookie, readCookies, serializeCookie } from './cookies';
import { clientAddress } from './client-address';
import { ApiError, json } from './errors';
import { assertSameOrigin } from './origin';
import { firstBadText, parseJsonBody, parseQuery } from './parse';
import { upstreamUrl } from './proxy';
import { statusOf } from '@/lib/test-support/thrown-api-error';

const ORIGIN = 'http://localhost:3000';
const schema = z.object({ email: z.email('Enter an e-mail address.') });

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/x/`, { method: 'POST', body, headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers } });
}


describe('parseJsonBody', () => {
  it('returns the parsed body', async () => {
    await expect(parseJsonBody(post(JSON.stringify({ email: 'a@b.co' })), schema)).resolves.toEqual({ email: 'a@b.co' });
  });
  it('answers 415 without a JSON content type, 400 for broken JSON, 413 for a large body', async () => {
    expect(await statusOf(parseJsonBody(post('{}', { 'content-type': 'text/plain' }), schema))).toBe(415);
    expect(await statusOf(parseJsonBody(post('{"email":'), schema))).toBe(400);
    expect(await statusOf(parseJsonBody(post(new Uint8Array([0x22, 0xff, 0x22])), schema))).toBe(400);
    expect(await statusOf(parseJsonBody(post(JSON.stringify({ email: 'x'.repeat(70_000) })), schema))).toBe(413);
  });
  it('answers 422 with the field message of the schema', async () => {
    const error = await parseJsonBody(post(JSON.stringify({ email: 'nope' })), schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fields).toEqual({ email: 'Enter an e-mail address.' });
  });
});

describe('parseQuery', () => {
  it('answers 400 for a query that does not fit', () => {
    const query = z.object({ n: z.coerce.number().int() });
    expect(parseQuery(new Request(`${ORIGIN}/?n=4`), query)).toEqual({ n: 4 });
    expect(() => parseQuery(new Request(`${ORIGIN}/?n=x`), query)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('assertSameOrigin', () => {
  it('lets same-origin state changes and any read through', () => {
    expect(() => assertSameOrigin(post('{}'))).not.toThrow();
    expect(() => assertSameOrigin(new Request(`${ORIGIN}/api/x/`))).not.toThrow();
  });
  it('refuses a state change from another origin or without one', () => {
    expect(() => assertSameOrigin(post('{}', { origin: 'https://evil.example' }))).toThrow(expect.objectContaining({ status: 403, code: 'bad_origin' }));
    expect(() => assertSameOrigin(new Request(`${ORIGIN}/api/x/`, { method: 'POST' }))).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertSameOrigin(post('{}', { origin: 'null' }))).toThrow(expect.objectContaining({ status: 403 }));
  });
  it('accepts the host the browser used (127.0.0.1, a LAN address), not only SITE_URL', () => {
    const at = (origin: string, host: string, extra: Record<string, string> = {}) =>
      new Request('http://localhost:3000/api/x/', { method: 'POST', headers: { origin, host, ...extra } });
    expect(() => assertSameOrigin(at('http://127.0.0.1:3000', '127.0.0.1:3000'))).not.toThrow();
    expect(() => assertSameOrigin(at('http://192.168.1.20:3000', '192.168.1.20:3000'))).not.toThrow();
    expect(() => assertSameOrigin(at('http://evil.example', '127.0.0.1:3000'))).toThrow(expect.objectContaining({ status: 403 }));
  });
  it('refuses another scheme or port of the same host (the whole origin is compared)', () => {
    const at = (origin: string) =>
      new Request('http://localhost:3000/api/x/', { method: 'POST', headers: { origin, host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' } });
    expect(() => assertSameOrigin(at('http://127.0.0.1:3000'))).not.toThrow();
    expect(() => assertSameOrigin(at('https://127.0.0.1:3000'))).toThrow(expect.objectContaining({ status: 403, code: 'bad_origin' }));
    expect(() => assertSameOrigin(at('http://127.0.0.1:3001'))).toThrow(expect.objectContaining({ status: 403 }));
    // SITE_URL (here its default, http://localhost:3000) is compared whole as well.
    expect(() => assertSameOrigin(post('{}', { origin: 'https://localhost:3000' }))).toThrow(expect.objectContaining({ status: 403 }));
  });
  it('trusts X-Forwarded-Host and -Proto only behind a proxy named by TRUST_PROXY', () => {
    const behindProxy = (origin: string) =>
      new Request('http://localhost:3000/api/x/', {
        method: 'POST',
        headers: { origin, host: '10.0.0.5:3000', 'x-forwarded-host': 'salon.example', 'x-forwarded-proto': 'https' },
      });
    expect(() => assertSameOrigin(behindProxy('https://salon.example'))).toThrow(expect.objectContaining({ status: 403 }));
    process.env.TRUST_PROXY = '1';
    try {
      expect(() => assertSameOrigin(behindProxy('https://salon.example'))).not.toThrow();
      expect(() => assertSameOrigin(behindProxy('http://salon.example'))).toThrow(expect.objectContaining({ status: 403 }));
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe('apiHandler', () => {
  it('turns thrown errors into the JSON error shape and never leaks an unexpected one', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = apiHandler(async () => {
      throw new Error('boom');
    });
    const response = await failing(new Request(`${ORIGIN}/api/x/`));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    spy.mockRestore();
    const validating = apiHandler(async (request) => json(await parseJsonBody(request, schema)));
    const invalid = await validating(post(JSON.stringify({ email: 1 })));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.fields.email).toBeDefined();
    const crossSite = await validating(post('{}', { origin: 'https://evil.example' }));
    expect(crossSite.status).toBe(403);
  });
  it("lets Next.js's own control-flow errors through instead of answering 500", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const digest of ['NEXT_PRERENDER_INTERRUPTED', 'DYNAMIC_SERVER_USAGE', 'NEXT_REDIRECT;replace;/x;307;']) {
      const interrupted = Object.assign(new Error('Route needs to bail out of prerendering'), { digest });
      const handler = apiHandler(async () => {
        throw interrupted;
      });
      await expect(handler(new Request(`${ORIGIN}/api/x/`))).rejects.toBe(interrupted);
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
  it('passes the awaited route params', async () => {
    const handler = apiHandler<{ id: string }>(async (_request, { params }) => json(params));
    const response = await handler(new Request(`${ORIGIN}/api/x/`), { params: Promise.resolve({ id: '7' }) });
    expect(await response.json()).toEqual({ id: '7' });
  });
});

describe('upstreamUrl', () => {
  it('keeps the configured host whatever the path says', () => {
    expect(upstreamUrl(new Request(`${ORIGIN}/api/slots/1/2/?a=1`), 'https://api.salon.example/v1/').href).toBe('https://api.salon.example/v1/api/slots/1/2/?a=1');
    expect(upstreamUrl(new Request(`${ORIGIN}//evil.example/x`), 'https://api.salon.example').host).toBe('api.salon.example');
    expect(upstreamUrl(new Request(`${ORIGIN}/api/%2F%2Fevil.example/`), 'https://api.salon.example').host).toBe('api.salon.example');
  });
});

describe('cookies and client address', () => {
  it('reads the first value of each cookie and writes attributes', () => {
    const request = new Request(ORIGIN, { headers: { cookie: 'a=1; b=2; a=3; junk' } });
    expect([...readCookies(request)]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(serializeCookie('s', 'v', { httpOnly: true, secure: true, maxAge: 60 })).toBe('s=v; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(clearCookie('BnpAuth')).toBe('BnpAuth=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax');
    expect(() => serializeCookie('s', 'a;b')).toThrow();
  });
  it('takes the address only from the header of the site server, never from X-Forwarded-For', () => {
    expect(clientAddress(new Request(ORIGIN, { headers: { 'x-bnp-client-address': '10.0.0.1', 'x-forwarded-for': '6.6.6.6' } }))).toBe('10.0.0.1');
    expect(clientAddress(new Request(ORIGIN, { headers: { 'x-forwarded-for': '6.6.6.6' } }))).toBe('unknown');
  });
});

describe('text that cannot be stored', () => {
  it('finds a NUL, a control character or a lone surrogate anywhere in a body, and lets tabs and new lines be', () => {
    expect(firstBadText({ email: 'a@b.co', createdBy: 'x\u0000y' })).toBe('createdBy');
    expect(firstBadText({ svcAreas: [{ svcNote: 'ok' }, { svcNote: 'bell\u0007' }] })).toBe('svcAreas.1.svcNote');
    expect(firstBadText({ note: '\ud800' })).toBe('note');
    expect(firstBadText({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(firstBadText({ note: 'line one\nline two\tend', n: 5, ok: true })).toBeUndefined();
  });
  it('answers 422 with the field, before the schema sees it', async () => {
    const error = await parseJsonBody(post(JSON.stringify({ email: 'a\u0000@b.co' })), schema).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, fields: { email: expect.stringMatching(/NUL/) } });
  });
});

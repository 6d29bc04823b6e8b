import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { callHandler, errorOf } from './call-handler';

// The incoming request of a server action, and the cookies of its answer (next/headers).
const incoming = new Headers({ cookie: 'bnp_session=abc; bnp_card=x', 'user-agent': 'Test Browser', 'x-bnp-client-address': '192.0.2.5', 'x-other': 'not copied' });
const jar = { set: jest.fn() };
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => jar }));

process.env.SITE_URL = 'https://salon.example';

const answer = (status: number, body: unknown, headers: HeadersInit = {}) => jest.fn(async (_request: Request) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));

beforeEach(() => jar.set.mockClear());

describe('callHandler', () => {
  it("posts the form's values to the handler as JSON, as the API's own clients do: this site's Origin, the browser's cookie, agent and address", async () => {
    const handler = answer(200, { id: '1', name: 'A', email: 'a@example.com' });
    await expect(callHandler(handler, '/api/auth/signin/', { email: 'a@example.com', password: 'x' })).resolves.toMatchObject({
      ok: true,
      status: 200,
      body: { id: '1', name: 'A', email: 'a@example.com' },
    });
    const request = handler.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://salon.example/api/auth/signin/');
    expect(Object.fromEntries(request.headers)).toEqual({
      'content-type': 'application/json',
      origin: 'https://salon.example',
      cookie: 'bnp_session=abc; bnp_card=x',
      'user-agent': 'Test Browser',
      'x-bnp-client-address': '192.0.2.5',
    });
    expect(await request.json()).toEqual({ email: 'a@example.com', password: 'x' });
    expect(jar.set).not.toHaveBeenCalled();
  });

  it("sets the handler's cookies on the action's answer", async () => {
    const headers = new Headers();
    headers.append('set-cookie', 'bnp_session=tok; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax');
    headers.append('set-cookie', 'BnpAuth=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=upstream.example; SameSite=Lax');
    await callHandler(answer(200, {}, headers), '/api/auth/signin/', {});
    expect(jar.set).toHaveBeenCalledWith({ name: 'bnp_session', value: 'tok', path: '/', maxAge: 3600, httpOnly: true, secure: true, sameSite: 'lax' });
    expect(jar.set).toHaveBeenCalledWith({ name: 'BnpAuth', value: '', path: '/', maxAge: 0, expires: new Date(0), sameSite: 'lax' });
  });
});

describe('a handler that throws', () => {
  it("answers as its route would: a thrown 422 comes back as the API's JSON error, with its fields, not a failed action", async () => {
    const thrown = async () => {
      throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { phone: 'Enter a phone number.' });
    };
    const reply = await callHandler(thrown, '/api/desk/customers/', { name: 'A' });
    expect(reply).toMatchObject({ ok: false, status: 422 });
    expect(errorOf(reply)).toEqual({ code: 'invalid', message: 'Please check the highlighted fields.', fields: { phone: 'Enter a phone number.' } });
  });

  it("answers a schema's failure with its field messages", async () => {
    const parsing = async () => {
      z.object({ phone: z.string().min(7, 'Too short.') }).parse({ phone: '555' });
      return new Response(null);
    };
    expect(errorOf(await callHandler(parsing, '/x/', {})).fields).toEqual({ phone: 'Too short.' });
  });
});

describe('errorOf', () => {
  it("gives the handler's message and field messages (422 fields, 409, 429 ...)", async () => {
    const refused = await callHandler(answer(422, { error: { code: 'invalid', message: 'Please check.', fields: { password: 'This password is too common.' } } }), '/x/', {});
    expect(errorOf(refused)).toEqual({ code: 'invalid', message: 'Please check.', fields: { password: 'This password is too common.' } });
    const limited = await callHandler(answer(429, { error: { code: 'rate_limited', message: 'Too many attempts. Please wait 15 minutes and try again.' } }), '/x/', {});
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please wait 15 minutes and try again.', fields: {} });
  });

  it('says something went wrong when the answer is not the error shape', async () => {
    expect(errorOf(await callHandler(answer(502, undefined), '/x/', {}))).toEqual({ code: undefined, message: 'Something went wrong. Please try again.', fields: {} });
    const odd = await callHandler(answer(400, { error: { message: 7, fields: { a: 1, b: 'B' } } }), '/x/', {});
    expect(errorOf(odd)).toEqual({ code: undefined, message: 'Something went wrong. Please try again.', fields: { b: 'B' } });
  });
});

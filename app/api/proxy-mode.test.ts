import { POST as createAppointment } from '@/app/api/appointments/[customerId]/route';
import { POST as signIn } from '@/app/api/auth/signin/route';
import { POST as signOut } from '@/app/api/auth/signout/route';
import { GET as locations } from '@/app/api/locations/ui/route';
import { POST as subscribe } from '@/app/api/marketing/createsubscription/route';
import { GET as exportCsv } from '@/app/api/desk/exports/[file]/route';
import { POST as orderWebhook } from '@/app/api/shop/webhooks/orders/route';
import { authCookieValue, profileFromAuthCookie } from '@/lib/persistence/auth';
import { answerJson, closedPort, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { testRequest } from '@/lib/test-support/requests';

const upstream = setUpFakeUpstream();

const profile = { id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'Up Stream', email: 'up@example.com' };

describe('proxy mode (SALON_API_URL set)', () => {
  it('forwards to the same path and query on the configured base and passes the answer through', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      response.end(JSON.stringify({ 0: [] }));
    };
    const answer = await locations(testRequest('/api/locations/ui/?svcLocation=2&genderId=0', { cookie: 'a=1' }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ 0: [] });
    expect(answer.headers.get('x-upstream')).toBeNull();
    expect(upstream.seen).toEqual([expect.objectContaining({ method: 'GET', url: '/api/locations/ui/?svcLocation=2&genderId=0' })]);
    expect(upstream.seen[0]?.headers.cookie).toBe('a=1');
  });

  it('never lets the request choose the host', async () => {
    upstream.reply = (_request, response) => response.end('{}');
    process.env.SALON_API_URL = `${upstream.base}/base/`;
    await locations(new Request('http://localhost:3000//evil.example/api/locations/ui/?x=1'));
    expect(upstream.seen[0]?.url).toBe('/base/evil.example/api/locations/ui/?x=1');
    expect(upstream.seen[0]?.headers.host).toBe(new URL(upstream.base).host);
  });

  it('forwards bodies and cookies, and re-scopes upstream cookies to this site', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'up=1; Domain=api.salon.example; Path=/; HttpOnly' });
      response.end('{"ok":true}');
    };
    const answer = await subscribe(testRequest('/api/marketing/createsubscription/', { body: { email: 'a@example.com', createdBy: 'web' } }));
    expect(answer.status).toBe(201);
    expect(upstream.seen[0]).toMatchObject({ method: 'POST', url: '/api/marketing/createsubscription/', body: '{"email":"a@example.com","createdBy":"web"}' });
    expect(upstream.seen[0]?.headers['content-type']).toBe('application/json');
    expect(answer.headers.getSetCookie()).toEqual(['up=1; Path=/; HttpOnly']);
  });

  it('passes upstream refusals (4xx) through unchanged', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end('"DLRecordExists"');
    };
    const answer = await subscribe(testRequest('/api/marketing/createsubscription/', { body: { email: 'a@example.com', createdBy: 'web' } }));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toBe('DLRecordExists');
  });

  it('still refuses a cross-site request before calling upstream', async () => {
    upstream.reply = (_request, response) => response.end('{}');
    const answer = await signOut(testRequest('/api/auth/signout/', { body: {}, origin: 'https://evil.example' }));
    expect(answer.status).toBe(403);
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers a failing upstream (5xx) with a 502 JSON error', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(500);
      response.end('stack trace');
    };
    const answer = await locations(testRequest('/api/locations/ui/'));
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({ error: { code: 'upstream_unavailable', message: expect.stringMatching(/\(500\)/) } });
  });

  it('answers an unreachable upstream with a quick 502', async () => {
    process.env.SALON_API_URL = `http://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const answer = await locations(testRequest('/api/locations/ui/'));
    expect(answer.status).toBe(502);
    expect((await answer.json()).error.message).toBe('The salon service cannot be reached. Please try again.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a silent upstream after the timeout with a 502, never hanging', async () => {
    upstream.reply = () => undefined;
    process.env.SALON_API_TIMEOUT_MS = '300';
    const started = Date.now();
    const answer = await locations(testRequest('/api/locations/ui/'));
    expect(answer.status).toBe(502);
    expect((await answer.json()).error.message).toBe('The salon service did not answer in time. Please try again.');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("the owner's exports in proxy mode", () => {
  it('stream through as the upstream writes them, named as it names them, longer than the timeout allows an answer to begin', async () => {
    let finish = () => {};
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="appointments-2026-11.csv"', 'x-content-type-options': 'nosniff' });
      response.write('Appointment ID,Salon\r\n');
      finish = () => response.end('a1,SoHo\r\n');
    };
    process.env.SALON_API_TIMEOUT_MS = '300';
    const answer = await exportCsv(testRequest('/api/desk/exports/appointments.csv?from=2026-11-01&to=2026-11-30'), { params: Promise.resolve({ file: 'appointments.csv' }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="appointments-2026-11.csv"');
    const reader = answer.body!.getReader();
    // The header row arrives while the upstream is still writing: nothing waits for the whole file.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('Appointment ID,Salon\r\n');
    await new Promise((resolve) => setTimeout(resolve, 500));
    finish();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('a1,SoHo\r\n');
  });
});

describe('sign-in in proxy mode', () => {
  const credentials = { email: 'up@example.com', password: 'whatever-it-is' };

  it('accepts the profile from the upstream BnpAuth cookie', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': [`BnpAuth=${authCookieValue(profile)}; Path=/`, 'sid=abc; HttpOnly; Path=/'] });
      response.end('{}');
    };
    const answer = await signIn(testRequest('/api/auth/signin/', { body: credentials }));
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toHaveLength(2);
  });

  it('takes the profile from the x-bnp-auth header when there is no cookie, and sets BnpAuth from it', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-bnp-auth': authCookieValue(profile) });
      response.end('{}');
    };
    const answer = await signIn(testRequest('/api/auth/signin/', { body: credentials }));
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('BnpAuth='));
    expect(cookie).toMatch(/; Path=\//);
    expect(profileFromAuthCookie(cookie?.split(';')[0]?.slice('BnpAuth='.length))).toMatchObject({ customerId: profile.id, name: 'Up Stream' });
  });

  it("fails with 'Not Valid request' when the upstream gives neither", async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    };
    const answer = await signIn(testRequest('/api/auth/signin/', { body: credentials }));
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({ error: { code: 'not_valid_request', message: 'Not Valid request' } });
  });

  it('passes a refused upstream sign-in through', async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"error":"bad credentials"}');
    };
    expect((await signIn(testRequest('/api/auth/signin/', { body: credentials }))).status).toBe(401);
  });
});

describe('what the upstream needs to trust a forwarded call', () => {
  it("sends this site's Origin (checked first), the client address, the scheme and the idempotency key; no Origin on reads", async () => {
    process.env.SITE_URL = 'https://salon.example/';
    upstream.reply = answerJson(201, { ok: true });
    const body = { header: {}, svcAreas: [] };
    const answer = await createAppointment(
      testRequest(`/api/appointments/${profile.id}/`, {
        body,
        origin: 'https://salon.example',
        ip: '198.51.100.7',
        cookie: 'bnp_session=tok',
        headers: { 'idempotency-key': 'key-0123456789', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' },
      }),
      { params: Promise.resolve({ customerId: profile.id }) },
    );
    expect(answer.status).toBe(201);
    const seen = upstream.seen[0]!;
    expect(seen.headers).toMatchObject({
      origin: 'https://salon.example',
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-proto': 'https',
      'idempotency-key': 'key-0123456789',
      cookie: 'bnp_session=tok',
    });
    expect(seen.headers['x-forwarded-host']).toBeUndefined();
    expect(JSON.parse(seen.body)).toEqual(body);

    await locations(testRequest('/api/locations/ui/?svcLocation=2&genderId=0', { headers: { origin: 'https://salon.example' } }));
    expect(upstream.seen[1]?.headers.origin).toBeUndefined();
    delete process.env.SITE_URL;
  });

  it('a 416 from the upstream stays a 416 with its sentence', async () => {
    const refusal = { error: { code: 'slot_taken', message: 'Sorry, that time was just booked. Please choose another time.' } };
    upstream.reply = answerJson(416, refusal);
    const answer = await createAppointment(testRequest(`/api/appointments/${profile.id}/`, { body: { header: {}, svcAreas: [] } }), {
      params: Promise.resolve({ customerId: profile.id }),
    });
    expect(answer.status).toBe(416);
    expect(await answer.json()).toEqual(refusal);
  });

  it("drops the upstream cookies' Domain, keeping the rest", async () => {
    upstream.reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['bnp_session=t; Domain=.api.internal; Path=/; HttpOnly; SameSite=Lax', `BnpAuth=${authCookieValue(profile)}; domain=api.internal; Path=/`] });
      response.end(JSON.stringify(profile));
    };
    const answer = await signIn(testRequest('/api/auth/signin/', { body: { email: 'up@example.com', password: 'whatever-it-is' } }));
    expect(answer.headers.getSetCookie()).toEqual(['bnp_session=t; Path=/; HttpOnly; SameSite=Lax', `BnpAuth=${authCookieValue(profile)}; Path=/`]);
  });
});

describe("Shopify's orders/paid webhook in proxy mode", () => {
  it('goes to the upstream with its raw body and signature, and its answer comes back', async () => {
    process.env.SHOPIFY_WEBHOOK_SECRET = 'front-does-not-check';
    upstream.reply = answerJson(200, { status: 'credited', customerId: profile.id, credited: [] });
    const raw = '{"id":1,  "line_items":[]}';
    const answer = await orderWebhook(
      new Request('http://localhost:3000/api/shop/webhooks/orders/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': 'c2lnbmF0dXJl' },
        body: raw,
      }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'credited' });
    expect(upstream.seen[0]).toMatchObject({ method: 'POST', url: '/api/shop/webhooks/orders/', body: raw });
    expect(upstream.seen[0]?.headers).toMatchObject({ 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': 'c2lnbmF0dXJl' });
    delete process.env.SHOPIFY_WEBHOOK_SECRET;
  });
});

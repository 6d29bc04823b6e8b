import { closeDb, getDb } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';
import { POST } from './route';

jest.setTimeout(120_000);
createTempDataDir();
afterAll(closeDb);

let ip = 0;
const subscribe = (body: unknown, options: { ip?: string; origin?: string | null } = {}) =>
  POST(testRequest('/api/marketing/createsubscription/', { body, ip: options.ip ?? `198.51.100.${(ip += 1)}`, origin: options.origin }));

describe('POST /api/marketing/createsubscription', () => {
  it('stores {email, createdBy} once; a repeat answers with the error code DLRecordExists', async () => {
    const first = await subscribe({ email: 'Fan@Example.com', createdBy: 'home-page' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, message: 'Subscribed successfully!' });
    const again = await subscribe({ email: 'fan@example.com ', createdBy: 'footer' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { code: 'DLRecordExists', message: 'Already been subscribed!' } });
    const rows = await (await getDb()).select({ email: subscriptions.email, createdBy: subscriptions.createdBy }).from(subscriptions);
    expect(rows).toEqual([{ email: 'fan@example.com', createdBy: 'home-page' }]);
  });

  it('answers 422 with a field message for a bad address, and 400 for a filled honeypot', async () => {
    const bad = await subscribe({ email: 'nope', createdBy: 'x' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields.email).toMatch(/valid e-mail/);
    const missing = await subscribe({ createdBy: 'x' });
    expect((await missing.json()).error.fields.email).toBeDefined();
    const bot = await subscribe({ email: 'bot@example.com', createdBy: 'x', website: 'spam' });
    expect(bot.status).toBe(400);
  });

  it('refuses another origin', async () => {
    expect((await subscribe({ email: 'x@example.com', createdBy: 'x' }, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('limits subscriptions per client with a clear 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await subscribe({ email: `many${i}@example.com`, createdBy: 'x' }, { ip: '192.0.2.50' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('verifies the Turnstile token when keys are set', async () => {
    const realFetch = global.fetch;
    process.env.TURNSTILE_SITE_KEY = 'site';
    process.env.TURNSTILE_SECRET_KEY = 'secret';
    global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) =>
      new Response(JSON.stringify({ success: new URLSearchParams(String(init?.body)).get('response') === 'ok' })),
    ) as typeof fetch;
    try {
      expect((await subscribe({ email: 't1@example.com', createdBy: 'x' })).status).toBe(400);
      expect((await subscribe({ email: 't1@example.com', createdBy: 'x', botToken: 'ok' })).status).toBe(201);
    } finally {
      global.fetch = realFetch;
      delete process.env.TURNSTILE_SITE_KEY;
      delete process.env.TURNSTILE_SECRET_KEY;
    }
  });
});

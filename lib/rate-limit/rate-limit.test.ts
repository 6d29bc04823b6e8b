import { closeDb, getDb } from '@/lib/db';
import { rateLimits } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { enforceRateLimit, hit, LIMITS, localClientHit } from '.';

jest.setTimeout(120_000);
createTempDataDir();
afterAll(closeDb);

describe('rate limits in the database', () => {
  it('counts in a fixed window and starts again when the window has passed', async () => {
    const db = await getDb();
    const limit = { max: 2, windowSeconds: 60 };
    const t0 = new Date('2026-05-01T12:00:00Z');
    expect(await hit(db, 'k', limit, t0)).toMatchObject({ allowed: true, count: 1 });
    expect(await hit(db, 'k', limit, new Date(t0.getTime() + 10_000))).toMatchObject({ allowed: true, count: 2 });
    expect(await hit(db, 'k', limit, new Date(t0.getTime() + 20_000))).toEqual({ allowed: false, count: 3, retryAfterSeconds: 40 });
    expect(await hit(db, 'k', limit, new Date(t0.getTime() + 61_000))).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts concurrent hits exactly', async () => {
    const db = await getDb();
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(db, 'burst', { max: 5, windowSeconds: 60 })));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('keeps no e-mail or network address in the clear', async () => {
    const db = await getDb();
    await enforceRateLimit(db, 'subscription', { client: '203.0.113.5', address: 'private@example.com' });
    const keys = (await db.select().from(rateLimits)).map((row) => row.key).join(' ');
    expect(keys).not.toContain('private@example.com');
    expect(keys).not.toContain('203.0.113.5');
  });

  it('throws a 429 with Retry-After past the limit', async () => {
    const db = await getDb();
    for (let i = 0; i < 3; i += 1) await enforceRateLimit(db, 'resetemail', { client: '203.0.113.6', address: 'a@example.com' });
    await expect(enforceRateLimit(db, 'resetemail', { client: '203.0.113.6', address: 'a@example.com' })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
  });

  it('lets the owner in while a stranger is locked out of the same address', async () => {
    const db = await getDb();
    const stranger = { client: '198.51.100.7', address: 'owner@example.com' };
    for (let i = 0; i < 10; i += 1) await enforceRateLimit(db, 'signin', stranger);
    await expect(enforceRateLimit(db, 'signin', stranger)).rejects.toMatchObject({ status: 429 });
    await expect(enforceRateLimit(db, 'signin', { client: '203.0.113.44', address: 'Owner@example.com' })).resolves.toBeUndefined();
  });

  it('still caps one address tried from very many clients', async () => {
    const db = await getDb();
    for (let i = 0; i < LIMITS.signin.address.max; i += 1) await enforceRateLimit(db, 'signin', { client: `10.1.${Math.floor(i / 200)}.${i % 200}`, address: 'target@example.com' });
    await expect(enforceRateLimit(db, 'signin', { client: '10.9.9.9', address: 'target@example.com' })).rejects.toMatchObject({ status: 429 });
  });

  it('refuses a flooding client from its own count, without a query, and never before the shared count would', async () => {
    const db = await getDb();
    const client = '192.0.2.77';
    for (let i = 0; i < LIMITS.resetemail.client.max; i += 1) await enforceRateLimit(db, 'resetemail', { client, address: `flood-${i}@example.com` });
    const queries = jest.spyOn(db, 'insert');
    await expect(enforceRateLimit(db, 'resetemail', { client, address: 'one-more@example.com' })).rejects.toMatchObject({ status: 429 });
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
  });

  it('counts locally in the same fixed window as the database', () => {
    const t0 = Date.parse('2026-05-01T12:00:00Z');
    const max = LIMITS.signup.client.max;
    for (let i = 1; i <= max; i += 1) expect(localClientHit('signup', '192.0.2.88', t0 + i)).toMatchObject({ allowed: true, count: i });
    expect(localClientHit('signup', '192.0.2.88', t0 + max + 1)).toMatchObject({ allowed: false, retryAfterSeconds: 3600 });
    expect(localClientHit('signup', '192.0.2.88', t0 + 1 + 3600 * 1000)).toMatchObject({ allowed: true, count: 1 });
  });
});

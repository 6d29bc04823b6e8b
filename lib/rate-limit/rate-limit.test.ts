import { closeDb, getDb } from '@/lib/db';
import { rateLimits } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { ApiError } from '@/lib/api/errors';
import { enforceRateLimit, hit, limitGuess, LIMITS, localClientHit, MAILS_FROM_KNOWN_DEVICE, MAILS_TO_ADDRESS } from '.';
import { statusOf } from '@/lib/test-support/thrown-api-error';

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

const wrongPassword = () => Promise.reject(new ApiError(401, 'invalid_credentials', 'The e-mail or password is not right.'));
const rightPassword = () => Promise.resolve('signed in');

describe('known devices and the untrusted pool (OWASP device cookies)', () => {
  it('a stranger on 11 addresses fills the pool of untrusted clients, but the owner\'s known device still signs in', async () => {
    const db = await getDb();
    const address = 'olivia@example.com';
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      for (let i = 0; i < 10; i += 1) statuses.push(await statusOf(limitGuess(db, 'signin', { client: `198.51.100.${n}`, address }, wrongPassword)));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.signin.address.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(110 - LIMITS.signin.address.max);
    // A new device, even on the owner's own network address, is refused, with a sentence that says what still works.
    await expect(limitGuess(db, 'signin', { client: '203.0.113.10', address }, rightPassword)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts for this address\. Please wait 15 minutes and try again; a device you have signed in on before can still sign in\.$/),
    });
    await expect(limitGuess(db, 'signin', { client: '203.0.113.10', address, device: 'olivia-laptop' }, rightPassword)).resolves.toBe('signed in');
    // The device's allowance is its own: the stranger's failures took none of it.
    for (let i = 0; i < LIMITS.signin.device.max; i += 1) expect(await statusOf(limitGuess(db, 'signin', { client: '203.0.113.10', address, device: 'olivia-laptop' }, wrongPassword))).toBe(401);
  });

  it('locks out a known device past its own allowance of failures (a stolen cookie): it then counts as any other client', async () => {
    const db = await getDb();
    const address = 'stolen@example.com';
    const thief = { client: '198.51.100.200', address, device: 'stolen-cookie' };
    for (let i = 0; i < LIMITS.signin.device.max; i += 1) expect(await statusOf(limitGuess(db, 'signin', thief, wrongPassword))).toBe(401);
    // Locked out: its next guesses go to the client's own pair count, which stops it after 10 more.
    for (let i = 0; i < LIMITS.signin.pair.max; i += 1) expect(await statusOf(limitGuess(db, 'signin', thief, wrongPassword))).toBe(401);
    expect(await statusOf(limitGuess(db, 'signin', thief, rightPassword))).toBe(429);
    // Another known device of the account is not touched.
    await expect(limitGuess(db, 'signin', { client: '203.0.113.11', address, device: 'owner-phone' }, rightPassword)).resolves.toBe('signed in');
  });

  it('counts failed guesses, not attempts: a success, or a refusal for another reason, is taken off again', async () => {
    const db = await getDb();
    const subject = { client: '198.51.100.201', address: 'often@example.com' };
    for (let i = 0; i < LIMITS.signin.pair.max - 1; i += 1) expect(await statusOf(limitGuess(db, 'signin', subject, wrongPassword))).toBe(401);
    // More successes than the client's own limit (50): none of them counts.
    for (let i = 0; i < 60; i += 1) expect(await statusOf(limitGuess(db, 'signin', subject, rightPassword))).toBe(200);
    const busy = () => Promise.reject(new ApiError(429, 'busy', 'The salon site is very busy right now.'));
    for (let i = 0; i < 5; i += 1) expect(await statusOf(limitGuess(db, 'signin', subject, busy))).toBe(429);
    expect(await statusOf(limitGuess(db, 'signin', subject, wrongPassword))).toBe(401);
    expect(await statusOf(limitGuess(db, 'signin', subject, rightPassword))).toBe(429);
  });

  it('counts concurrent guesses before they run, so that a burst cannot pass the limit together', async () => {
    const db = await getDb();
    const subject = { client: '198.51.100.202', address: 'burst@example.com' };
    let ran = 0;
    const slowWrong = async () => {
      ran += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return wrongPassword();
    };
    const statuses = await Promise.all(Array.from({ length: 20 }, () => statusOf(limitGuess(db, 'signin', subject, slowWrong))));
    expect(ran).toBe(LIMITS.signin.pair.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LIMITS.signin.pair.max);
  });
});

describe('the mails one address receives', () => {
  it('are one budget for sign-in codes, reset links and sign-up mails from every client that is not a known device', async () => {
    const db = await getDb();
    const address = 'inbox@example.com';
    const actions = ['signincode', 'resetemail', 'signup'] as const;
    const statuses: number[] = [];
    for (let i = 0; i < 28; i += 1) {
      statuses.push(await statusOf(enforceRateLimit(db, actions[i % 3]!, { client: `198.51.100.${100 + (i % 11)}`, address })));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAILS_TO_ADDRESS.max);
    await expect(enforceRateLimit(db, 'signincode', { client: '203.0.113.20', address })).rejects.toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
  });

  it("leave a known device of the account its own allowance, and cap that too", async () => {
    const db = await getDb();
    const address = 'own-inbox@example.com';
    for (let i = 0; i < MAILS_TO_ADDRESS.max; i += 1) await enforceRateLimit(db, 'resetemail', { client: `198.51.100.${120 + i}`, address });
    const device = { client: '203.0.113.21', address, device: 'owner-laptop' };
    for (let i = 0; i < MAILS_FROM_KNOWN_DEVICE.max; i += 1) await expect(enforceRateLimit(db, i % 2 ? 'resetemail' : 'signincode', device)).resolves.toBeUndefined();
    // Past its own allowance it is one more client of the address, whose budget strangers have used up.
    await expect(enforceRateLimit(db, 'signincode', device)).rejects.toMatchObject({ status: 429 });
  });
});


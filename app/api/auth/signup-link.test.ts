import { eq } from 'drizzle-orm';
import { finishSignUpHandler as finishSignUp, signInHandler as signIn, signUpHandler as signUp } from '@/lib/auth/handlers';
import { signUpLinkState } from '@/lib/auth/signup';
import { closeDb, getDb } from '@/lib/db';
import { outbox, pendingSignups, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';
import { latestSignUpToken } from '@/lib/test-support/signup';

jest.setTimeout(120_000);
createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;
const PASSWORD = 'lilac-harbor-71-quartz';

const askSignUp = (body: Record<string, string>) => signUp(testRequest('/api/auth/signup/', { body, ip: nextIp() }));
const follow = (token: string | undefined) => finishSignUp(testRequest('/api/auth/signup/confirm/', { body: { token }, ip: nextIp() }));
const signInWith = (email: string, password: string) => signIn(testRequest('/api/auth/signin/', { body: { email, password }, ip: nextIp() }));

async function linkFor(body: Record<string, string>): Promise<string> {
  expect((await askSignUp(body)).status).toBe(202);
  const token = await latestSignUpToken(body.email!);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

describe('the mailed sign-up link', () => {
  it('works once: creates the account and signs in; the second time it is not valid', async () => {
    const token = await linkFor({ name: 'Una', email: 'once@example.com', password: PASSWORD });
    await expect(signUpLinkState(await getDb(), token)).resolves.toEqual({ state: 'usable', name: 'Una', returnPath: '/' });
    const first = await follow(token);
    expect(first.status).toBe(201);
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith('bnp_session='))).toBe(true);
    const again = await follow(token);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({ code: 'signup_link_not_valid' });
    expect(again.headers.getSetCookie()).toEqual([]);
    await expect(signUpLinkState(await getDb(), token)).resolves.toEqual({ state: 'not_valid' });
    expect((await signInWith('once@example.com', PASSWORD)).status).toBe(200);
  });

  it('works once when followed twice at the same time', async () => {
    const token = await linkFor({ name: 'Tess', email: 'twice@example.com', password: PASSWORD });
    const statuses = (await Promise.all([follow(token), follow(token)])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 400]);
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(1);
  });

  it('expires after an hour, and a made-up token is refused', async () => {
    const token = await linkFor({ name: 'Eve', email: 'late@example.com', password: PASSWORD });
    const [row] = await (await getDb()).select().from(pendingSignups).where(eq(pendingSignups.email, 'late@example.com'));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    await (await getDb()).update(pendingSignups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pendingSignups.email, 'late@example.com'));
    expect((await follow(token)).status).toBe(400);
    await expect(signUpLinkState(await getDb(), token)).resolves.toEqual({ state: 'not_valid' });
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
    expect((await follow('A'.repeat(43))).status).toBe(400);
    expect((await follow('short')).status).toBe(422);
  });

  it('only says so when an account for the address exists by then, and its password stays the first one', async () => {
    const first = await linkFor({ name: 'Ada', email: 'race@example.com', password: PASSWORD });
    const second = await linkFor({ name: 'Other', email: 'race@example.com', password: 'other-granite-harbor-42', returnPath: '/specials/' });
    expect(second).not.toBe(first);
    expect((await follow(first)).status).toBe(201);
    await expect(signUpLinkState(await getDb(), second)).resolves.toEqual({ state: 'account_exists', returnPath: '/specials/' });
    const exists = await follow(second);
    expect(exists.status).toBe(409);
    expect(await exists.json()).toEqual({ error: { code: 'account_exists', message: 'An account with this e-mail address exists already. Please sign in.' } });
    expect(exists.headers.getSetCookie()).toEqual([]);
    expect((await signInWith('race@example.com', 'other-granite-harbor-42')).status).toBe(401);
    expect((await signInWith('race@example.com', PASSWORD)).status).toBe(200);
  });

  it('takes the person to the return path of the sign-up; a foreign one becomes the home page', async () => {
    const token = await linkFor({ name: 'Rae', email: 'return@example.com', password: PASSWORD, returnPath: '/booking/?step=2' });
    expect(await (await follow(token)).json()).toMatchObject({ name: 'Rae', returnPath: '/booking/?step=2' });
    const foreign = await linkFor({ name: 'Fay', email: 'foreign@example.com', password: PASSWORD, returnPath: '//evil.example/' });
    expect(await (await follow(foreign)).json()).toMatchObject({ returnPath: '/' });
  });

  it("mails the owner of a known address links to sign in (with the return path) and to reset, and no sign-up link", async () => {
    await follow(await linkFor({ name: 'Kim', email: 'known@example.com', password: PASSWORD }));
    expect((await askSignUp({ name: 'Kim', email: 'known@example.com', password: PASSWORD, returnPath: '/checkout/' })).status).toBe(202);
    const [note] = await (await getDb()).select().from(outbox).where(eq(outbox.to, 'known@example.com')).orderBy(outbox.id).then((rows) => rows.slice(-1));
    expect(note?.subject).toBe('Someone tried to create a Bare & Polished NYC account with your address');
    expect(note?.text).toContain('http://localhost:3000/signin/?url=%2Fcheckout%2F');
    expect(note?.text).toContain('http://localhost:3000/resetemail/');
    expect(note?.text).not.toContain('/signup/confirm/');
  });
});

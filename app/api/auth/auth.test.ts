import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requireSession, requireStaff } from '@/lib/auth';
import { closeDb, getDb } from '@/lib/db';
import { outbox, passwordResets, pendingSignups, sessions, users } from '@/lib/db/schema';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, setCookieFor, testRequest } from '@/lib/test-support/requests';
import { signUpThroughLink } from '@/lib/test-support/signup';
import { POST as resetEmail } from './resetemail/route';
import { POST as resetPassword } from './resetpassword/route';
import { POST as signIn } from './signin/route';
import { POST as signOut } from './signout/route';
import { POST as signUp } from './signup/route';

jest.setTimeout(120_000);
const dataDir = createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';

afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

let ipCounter = 0;
/** A fresh client address per call unless given, so per-client limits do not mix tests. */
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

const post = (handler: (request: Request) => Promise<Response>, route: string, body: unknown, options: { cookie?: string; ip?: string; origin?: string | null } = {}) =>
  handler(testRequest(`/api/auth/${route}/`, { body, ip: options.ip ?? nextIp(), cookie: options.cookie, origin: options.origin }));

const GOOD_PASSWORD = 'lilac-harbor-71-quartz';

/** Signs up and follows the mailed link: the link's answer (201, the profile and the session cookies). */
async function signUpAs(email: string, password = GOOD_PASSWORD, name = 'Test Person') {
  const response = await signUpThroughLink({ name, email, password }, { ip: nextIp() });
  expect(response.status).toBe(201);
  return response;
}

const CHECK_MAIL = { ok: true, message: 'Check your e-mail: we have sent you a link to finish creating your account.' };

function outboxFiles(): { to: string; subject: string; text: string }[] {
  const folder = path.join(dataDir, 'outbox');
  return readdirSync(folder)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
}

describe('POST /api/auth/signup', () => {
  it('answers 202 "check your e-mail" and creates nothing that signs in until the mailed link is followed', async () => {
    const response = await post(signUp, 'signup', { name: 'Nina Park', email: ' New.Person@Example.com ', password: GOOD_PASSWORD });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual(CHECK_MAIL);
    expect(response.headers.getSetCookie()).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, 'new.person@example.com'))).toEqual([]);
    const [pending] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, 'new.person@example.com'));
    expect(pending?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{86}$/);
    expect(pending?.passwordHash).not.toContain(GOOD_PASSWORD);
    expect((await post(signIn, 'signin', { email: 'new.person@example.com', password: GOOD_PASSWORD })).status).toBe(401);
    const mail = outboxFiles().at(-1);
    expect(mail?.to).toBe('new.person@example.com');
    expect(mail?.text).toMatch(/^Hi Nina Park,/);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/signup\/confirm\/[A-Za-z0-9_-]{43}\//);
  });

  it('the mailed link creates the account, stores a scrypt hash and signs in with an HttpOnly session and the BnpAuth profile', async () => {
    const response = await signUpAs(' Link.Person@Example.com ', GOOD_PASSWORD, 'Lina Park');
    const body = await response.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Lina Park', email: 'link.person@example.com', returnPath: '/' });
    const session = setCookieFor(response, 'bnp_session');
    expect(session).toMatch(/^bnp_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const profileCookie = setCookieFor(response, 'BnpAuth');
    expect(profileCookie).not.toMatch(/HttpOnly/);
    expect(profileCookie).toMatch(/Path=\//);
    const value = profileCookie?.split(';')[0]?.slice('BnpAuth='.length);
    expect(profileFromAuthCookie(value)).toEqual({ customerId: body.id, name: 'Lina Park', email: 'link.person@example.com', isAuth: true });
    expect(profileFromAuthCookie(response.headers.get('x-bnp-auth') ?? undefined)?.customerId).toBe(body.id);
    const [stored] = await (await getDb()).select().from(users).where(eq(users.id, body.id));
    expect(stored?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{86}$/);
    expect(stored?.passwordHash).not.toContain(GOOD_PASSWORD);
    expect(stored?.role).toBe('customer');
    const token = session?.split(';')[0]?.split('=')[1];
    const [row] = await (await getDb()).select().from(sessions).where(eq(sessions.userId, body.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(token);
    expect((await post(signIn, 'signin', { email: 'link.person@example.com', password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses short and common passwords with field messages, and accepts a 64-character one', async () => {
    const short = await post(signUp, 'signup', { name: 'A', email: 'short@example.com', password: 'abc123' });
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields.password).toBe('Use at least 8 characters.');
    for (const common of ['password123', 'Iloveyou1', 'qwertyuiop', 'aaaaaaaaaa']) {
      const response = await post(signUp, 'signup', { name: 'A', email: 'common@example.com', password: common });
      expect(response.status).toBe(422);
      expect((await response.json()).error.fields.password).toMatch(/too common/);
    }
    const sameAsEmail = await post(signUp, 'signup', { name: 'A', email: 'selfish.person@example.com', password: 'selfish.person@example.com' });
    expect((await sameAsEmail.json()).error.fields.password).toMatch(/e-mail/);
    await signUpAs('long@example.com', `${'correct horse battery staple '.repeat(3)}x`.slice(0, 64));
    await signUpAs('longer@example.com', 'k'.repeat(20) + 'Z'.repeat(20) + '9'.repeat(88));
  });

  it('answers 422 with field messages for a bad e-mail or name; a taken address gets the same 202, and its owner a note', async () => {
    const bad = await post(signUp, 'signup', { name: '', email: 'not-an-email', password: GOOD_PASSWORD });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(['email', 'name']);
    await signUpAs('taken@example.com', GOOD_PASSWORD, 'Tara');
    const again = await post(signUp, 'signup', { name: 'B', email: 'TAKEN@example.com', password: 'another-quartz-harbor-19' });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(CHECK_MAIL);
    const note = outboxFiles().at(-1);
    expect(note?.to).toBe('taken@example.com');
    expect(note?.text).toMatch(/^Hi Tara,\n\nSomeone, maybe you, tried to create/);
    expect(note?.text).toContain('http://localhost:3000/signin/');
    expect(note?.text).toContain('http://localhost:3000/resetemail/');
    expect(note?.text).not.toMatch(/signup\/confirm/);
    expect((await post(signIn, 'signin', { email: 'taken@example.com', password: 'another-quartz-harbor-19' })).status).toBe(401);
    expect((await post(signIn, 'signin', { email: 'taken@example.com', password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses a filled honeypot and a request from another origin or without one', async () => {
    const bot = await post(signUp, 'signup', { name: 'Bot', email: 'bot@example.com', password: GOOD_PASSWORD, website: 'http://spam.example' });
    expect(bot.status).toBe(400);
    expect((await bot.json()).error.code).toBe('bot_suspected');
    expect((await post(signUp, 'signup', { name: 'X', email: 'x1@example.com', password: GOOD_PASSWORD }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(signUp, 'signup', { name: 'X', email: 'x2@example.com', password: GOOD_PASSWORD }, { origin: null })).status).toBe(403);
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, 'bot@example.com'));
    expect(row).toBeUndefined();
    expect(await (await getDb()).select().from(pendingSignups).where(eq(pendingSignups.email, 'bot@example.com'))).toEqual([]);
  });
});

describe('POST /api/auth/signin and signout', () => {
  it('signs in with the right password; the session is what the server trusts', async () => {
    await signUpAs('signin@example.com');
    const response = await post(signIn, 'signin', { email: 'SignIn@example.com', password: GOOD_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = cookiesFrom(response);
    const session = await requireSession(testRequest('/api/x/', { cookie }));
    expect(session.user.email).toBe('signin@example.com');
    await expect(requireSession(testRequest('/api/x/', { cookie: 'BnpAuth=' + response.headers.get('x-bnp-auth') }))).rejects.toMatchObject({ status: 401 });
    await expect(requireStaff(testRequest('/api/x/', { cookie }))).rejects.toMatchObject({ status: 403 });
    await (await getDb()).update(users).set({ role: 'staff' }).where(eq(users.email, 'signin@example.com'));
    await expect(requireStaff(testRequest('/api/x/', { cookie }))).resolves.toMatchObject({ user: { role: 'staff' } });
  });

  it('gives the same 401 for a wrong password and an unknown address', async () => {
    await signUpAs('wrong@example.com');
    const wrong = await post(signIn, 'signin', { email: 'wrong@example.com', password: 'not-the-password' });
    const unknown = await post(signIn, 'signin', { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('signs out: the session ends on the server and BnpAuth is removed with path /', async () => {
    await signUpAs('signout@example.com');
    const cookie = cookiesFrom(await post(signIn, 'signin', { email: 'signout@example.com', password: GOOD_PASSWORD }));
    const response = await post(signOut, 'signout', {}, { cookie });
    expect(response.status).toBe(200);
    expect(setCookieFor(response, 'BnpAuth')).toMatch(/^BnpAuth=; Max-Age=0; Path=\//);
    expect(setCookieFor(response, 'bnp_session')).toMatch(/^bnp_session=; Max-Age=0; Path=\//);
    await expect(requireSession(testRequest('/api/x/', { cookie }))).rejects.toMatchObject({ status: 401 });
    expect((await post(signOut, 'signout', {})).status).toBe(200);
  });

  it('limits sign-in attempts of one client at one address with a 429 and a clear message', async () => {
    await signUpAs('limited@example.com');
    const ip = '192.0.2.60';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await post(signIn, 'signin', { email: 'limited@example.com', password: `wrong-${i}-password` }, { ip })).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const blocked = await post(signIn, 'signin', { email: 'limited@example.com', password: GOOD_PASSWORD }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await blocked.json()).error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) });
  });

});

describe('password reset', () => {
  it('answers the same whether or not the address exists, and mails a link only to an account', async () => {
    await signUpAs('reset@example.com');
    const db = await getDb();
    const before = (await db.select().from(outbox)).length;
    const known = await post(resetEmail, 'resetemail', { email: 'reset@example.com' });
    const unknown = await post(resetEmail, 'resetemail', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await db.select().from(outbox);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.to).toBe('reset@example.com');
    expect(mails.at(-1)?.text).toMatch(/http:\/\/localhost:3000\/resetpassword\/[A-Za-z0-9_-]{43}\//);
    expect(outboxFiles().at(-1)?.text).toBe(mails.at(-1)?.text);
  });

  it('sets a new password once with the mailed token, ends every session, and refuses the token again', async () => {
    await signUpAs('change@example.com');
    const oldSession = cookiesFrom(await post(signIn, 'signin', { email: 'change@example.com', password: GOOD_PASSWORD }));
    await post(resetEmail, 'resetemail', { email: 'change@example.com' });
    const text = outboxFiles().at(-1)?.text ?? '';
    const token = /resetpassword\/([A-Za-z0-9_-]{43})\//.exec(text)?.[1];
    expect(token).toBeDefined();
    const weak = await post(resetPassword, 'resetpassword', { token, password: 'password1' });
    expect(weak.status).toBe(422);
    const done = await post(resetPassword, 'resetpassword', { token, password: 'new-granite-harbor-42' });
    expect(done.status).toBe(200);
    const notice = outboxFiles().at(-1);
    expect(notice).toMatchObject({ to: 'change@example.com', subject: 'Your Bare & Polished NYC password was changed' });
    expect(notice?.text).toContain('every device signed in to it was signed out');
    expect(notice?.text).toContain('http://localhost:3000/resetemail/');
    await expect(requireSession(testRequest('/api/x/', { cookie: oldSession }))).rejects.toMatchObject({ status: 401 });
    expect((await post(signIn, 'signin', { email: 'change@example.com', password: GOOD_PASSWORD })).status).toBe(401);
    expect((await post(signIn, 'signin', { email: 'change@example.com', password: 'new-granite-harbor-42' })).status).toBe(200);
    const again = await post(resetPassword, 'resetpassword', { token, password: 'another-granite-harbor-43' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('reset_not_valid');
  });

  it('refuses an expired token, a superseded one and a made-up one', async () => {
    await signUpAs('expired@example.com');
    const db = await getDb();
    await post(resetEmail, 'resetemail', { email: 'expired@example.com' });
    const first = /resetpassword\/([A-Za-z0-9_-]{43})\//.exec(outboxFiles().at(-1)?.text ?? '')?.[1];
    await post(resetEmail, 'resetemail', { email: 'expired@example.com' });
    const second = /resetpassword\/([A-Za-z0-9_-]{43})\//.exec(outboxFiles().at(-1)?.text ?? '')?.[1];
    expect((await post(resetPassword, 'resetpassword', { token: first, password: 'fresh-granite-harbor-44' })).status).toBe(400);
    const [user] = await db.select().from(users).where(eq(users.email, 'expired@example.com'));
    await db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user!.id));
    expect((await post(resetPassword, 'resetpassword', { token: second, password: 'fresh-granite-harbor-44' })).status).toBe(400);
    expect((await post(resetPassword, 'resetpassword', { token: 'A'.repeat(43), password: 'fresh-granite-harbor-44' })).status).toBe(400);
    expect((await post(resetPassword, 'resetpassword', { token: 'short', password: 'fresh-granite-harbor-44' })).status).toBe(422);
  });

  it('limits reset mails of one client to one address', async () => {
    let last = 0;
    for (let i = 0; i < 4; i += 1) last = (await post(resetEmail, 'resetemail', { email: 'flood@example.com' }, { ip: '192.0.2.61' })).status;
    expect(last).toBe(429);
  });

  it('limits reset mails per client across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(resetEmail, 'resetemail', { email: `c${i}@example.com` }, { ip: '192.0.2.77' })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('prints the mail with its link to the server log when no SMTP server is set', async () => {
    await signUpAs('logged@example.com');
    const info = console.info as jest.Mock;
    info.mockClear();
    await post(resetEmail, 'resetemail', { email: 'logged@example.com' });
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/^\[mail\] outbox #\d+ to logged@example.com: .*\n[\s\S]*http:\/\/localhost:3000\/resetpassword\/[A-Za-z0-9_-]{43}\//));
  });
});

describe('cookies in production', () => {
  it('are Secure with the __Host- prefix when the site is served over https', async () => {
    process.env.SITE_URL = 'https://salon.example';
    try {
      const response = await signUpThroughLink({ name: 'Sec', email: 'secure@example.com', password: GOOD_PASSWORD }, { origin: 'https://salon.example' });
      expect(response.status).toBe(201);
      expect(setCookieFor(response, '__Host-bnp_session')).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      expect(setCookieFor(response, 'BnpAuth')).toMatch(/; Secure; SameSite=Lax$/);
    } finally {
      process.env.SITE_URL = 'http://localhost:3000';
    }
  });
});

describe('bot check with Turnstile keys', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete process.env.TURNSTILE_SITE_KEY;
    delete process.env.TURNSTILE_SECRET_KEY;
  });

  it('verifies the widget token with Cloudflare before creating the account', async () => {
    process.env.TURNSTILE_SITE_KEY = 'site-key';
    process.env.TURNSTILE_SECRET_KEY = 'secret-key';
    const calls: URLSearchParams[] = [];
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      expect(String(url)).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
      const form = new URLSearchParams(String(init?.body));
      calls.push(form);
      return new Response(JSON.stringify({ success: form.get('response') === 'good-token' }));
    }) as typeof fetch;
    const missing = await post(signUp, 'signup', { name: 'T', email: 'turnstile@example.com', password: GOOD_PASSWORD });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('bot_check_failed');
    const bad = await post(signUp, 'signup', { name: 'T', email: 'turnstile@example.com', password: GOOD_PASSWORD, botToken: 'bad-token' });
    expect(bad.status).toBe(400);
    const good = await post(signUp, 'signup', { name: 'T', email: 'turnstile@example.com', password: GOOD_PASSWORD, botToken: 'good-token' }, { ip: '192.0.2.9' });
    expect(good.status).toBe(202);
    expect(calls.at(-1)?.get('secret')).toBe('secret-key');
    expect(calls.at(-1)?.get('remoteip')).toBe('192.0.2.9');
  });
});

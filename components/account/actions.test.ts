import { idleState, ENHANCED_FIELD, NO_SCRIPT_FIELD } from '@/components/forms/form-state';
import { signInHandler } from '@/lib/auth/handlers';
import { hashPassword } from '@/lib/auth/password';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';
import { latestSignUpToken } from '@/lib/test-support/signup';
import { readFormFlash } from '@/lib/forms/flash';
import type { SignedIn } from './account-state';
import { finishSignUpAction, resetEmailAction, resetPasswordAction, signInAction, signUpAction } from './actions';
import { redirectOf } from '@/lib/test-support/server-actions';

// The server actions with the real handlers and database; next/headers stands for the incoming request and the
// cookies of the action's answer.
let incoming = new Headers();
// The cookies of the action's answer; the flash test reads back what was set, as the next request would send it.
const kept = new Map<string, string>();
const jar = { set: jest.fn((cookie: { name: string; value: string }) => kept.set(cookie.name, cookie.value)), get: (name: string) => (kept.has(name) ? { name, value: kept.get(name)! } : undefined) };
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => jar }));

jest.setTimeout(120_000);
createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(async () => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  await (await getDb()).insert(users).values({ email: 'member@example.com', name: 'Mia', passwordHash: await hashPassword(PASSWORD) });
});

const PASSWORD = 'lilac-harbor-71-quartz';
let ip = 0;
beforeEach(() => {
  jar.set.mockClear();
  kept.clear();
  incoming = new Headers({ 'x-bnp-client-address': `198.51.100.${(ip += 1)}`, 'user-agent': 'Test' });
});

function formData(fields: Record<string, string>, enhanced = true): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (enhanced) data.set(ENHANCED_FIELD, '1');
  return data;
}

/** The redirect a server action throws (Next.js answers it with 303 to a form posted without scripts). */

const cookieNames = () => jar.set.mock.calls.map(([cookie]) => (cookie as { name: string }).name).sort();

describe('signInAction', () => {
  it("answers with the API's own messages: the same fields and message as the JSON answer", async () => {
    const bad = { email: 'not-an-address', password: '' };
    const api = await (await signInHandler(testRequest('/api/auth/signin/', { body: bad, ip: '192.0.2.200' }))).json();
    const state = await signInAction(idleState<SignedIn>(), formData(bad));
    expect(state).toEqual({ outcome: 'error', code: 'invalid', message: api.error.message, fields: api.error.fields, values: { email: 'not-an-address' } });
    expect(state.fields).toEqual({ email: 'Enter a valid e-mail address, like name@example.com.', password: 'Enter your password.' });
    const wrong = await signInAction(idleState<SignedIn>(), formData({ email: 'member@example.com', password: 'not-the-password' }));
    expect(wrong).toMatchObject({ outcome: 'error', message: 'The e-mail or password is not right.', values: { email: 'member@example.com' } });
    expect(JSON.stringify(wrong)).not.toContain('not-the-password');
    expect(jar.set).not.toHaveBeenCalled();
  });

  it('with scripts: returns the profile and the checked return path, and sets the session and known-device cookies', async () => {
    const state = await signInAction(idleState<SignedIn>(), formData({ email: 'Member@Example.com', password: PASSWORD, returnPath: '/specials/?a=1' }));
    expect(state).toEqual({ outcome: 'ok', fields: {}, values: {}, data: { profile: { id: expect.any(String), name: 'Mia', email: 'member@example.com' }, returnPath: '/specials/?a=1' } });
    expect(cookieNames()).toEqual(['BnpAuth', 'bnp_device', 'bnp_session']);
    expect(jar.set).toHaveBeenCalledWith(expect.objectContaining({ name: 'bnp_session', httpOnly: true, path: '/', sameSite: 'lax' }));
    // The browser is now a known device of the account (lib/auth/known-device.ts).
    expect(jar.set).toHaveBeenCalledWith(expect.objectContaining({ name: 'bnp_device', httpOnly: true, path: '/', sameSite: 'strict', maxAge: 365 * 24 * 60 * 60 }));
    const foreign = await signInAction(idleState<SignedIn>(), formData({ email: 'member@example.com', password: PASSWORD, returnPath: '//evil.example/' }));
    expect(foreign.data?.returnPath).toBe('/');
  });

  it('without scripts: redirects to the return path, with the session cookies set', async () => {
    await expect(redirectOf(signInAction(idleState<SignedIn>(), formData({ email: 'member@example.com', password: PASSWORD, returnPath: '/booking/' }, false)))).resolves.toBe('/booking/');
    expect(cookieNames()).toEqual(['BnpAuth', 'bnp_device', 'bnp_session']);
  });

  it('from a browser that runs no scripts at all: lands on the signed-in page, which leads on to the return path', async () => {
    const noScripts = formData({ email: 'member@example.com', password: PASSWORD, returnPath: '/specials/', [NO_SCRIPT_FIELD]: '1' }, false);
    await expect(redirectOf(signInAction(idleState<SignedIn>(), noScripts))).resolves.toBe('/signedin/?url=%2Fspecials%2F');
    expect(cookieNames()).toEqual(['BnpAuth', 'bnp_device', 'bnp_session']);
    const home = formData({ email: 'member@example.com', password: PASSWORD, [NO_SCRIPT_FIELD]: '1' }, false);
    await expect(redirectOf(signInAction(idleState<SignedIn>(), home))).resolves.toBe('/signedin/');
  });

  it("without scripts: any other answer goes back to the form's page, which reads it back with its key", async () => {
    const target = await redirectOf(signInAction(idleState<SignedIn>(), formData({ email: 'member@example.com', password: 'not-the-password', returnPath: '/specials/' }, false)));
    const url = new URL(target, 'http://x');
    expect(url.pathname).toBe('/signin/');
    expect(url.searchParams.get('url')).toBe('/specials/');
    const key = url.searchParams.get('form')!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(jar.set).toHaveBeenCalledWith(expect.objectContaining({ name: 'bnp_form', httpOnly: true, maxAge: 60, path: '/' }));
    expect(kept.get('bnp_form')).not.toContain('not-the-password');
    expect(Buffer.from(kept.get('bnp_form')!, 'base64url').toString()).not.toContain('not-the-password');
    await expect(readFormFlash('signin', key)).resolves.toEqual({
      outcome: 'error',
      code: 'invalid_credentials',
      message: 'The e-mail or password is not right.',
      fields: {},
      values: { email: 'member@example.com' },
    });
    await expect(readFormFlash('signin', 'A'.repeat(16))).resolves.toBeUndefined();
    await expect(readFormFlash('signup', key)).resolves.toBeUndefined();
    kept.set('bnp_form', 'tampered');
    await expect(readFormFlash('signin', key)).resolves.toBeUndefined();
  });

  it("shows the rate limit's 429 message", async () => {
    let state = idleState<SignedIn>();
    for (let i = 0; i < 11; i += 1) state = await signInAction(state, formData({ email: 'member@example.com', password: `wrong-${i}-password` }));
    expect(state.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('signUpAction and finishSignUpAction', () => {
  it('answers "check your e-mail"; the link signs in and goes to the return path, with or without scripts', async () => {
    const state = await signUpAction(idleState<SignedIn>(), formData({ name: 'Nia', email: 'nia@example.com', password: PASSWORD, website: '', returnPath: '/booking/' }));
    expect(state).toEqual({ outcome: 'ok', message: 'Check your e-mail: we have sent you a link to finish creating your account.', fields: {}, values: {} });
    expect(jar.set).not.toHaveBeenCalled();
    const token = (await latestSignUpToken('nia@example.com'))!;
    await expect(redirectOf(finishSignUpAction(idleState<SignedIn>(), formData({ token }, false)))).resolves.toBe('/booking/');
    expect(cookieNames()).toEqual(['BnpAuth', 'bnp_device', 'bnp_session']);
    const used = await finishSignUpAction(idleState<SignedIn>(), formData({ token }));
    expect(used).toMatchObject({ outcome: 'error', code: 'signup_link_not_valid' });

    // From a browser that runs no scripts at all, the link's button lands on the signed-in page.
    await signUpAction(idleState<SignedIn>(), formData({ name: 'Ida', email: 'ida@example.com', password: PASSWORD, returnPath: '/booking/' }));
    const idaToken = (await latestSignUpToken('ida@example.com'))!;
    await expect(redirectOf(finishSignUpAction(idleState<SignedIn>(), formData({ token: idaToken, [NO_SCRIPT_FIELD]: '1' }, false)))).resolves.toBe('/signedin/?url=%2Fbooking%2F');

    await signUpAction(idleState<SignedIn>(), formData({ name: 'Ona', email: 'ona@example.com', password: PASSWORD, returnPath: '/specials/' }));
    const done = await finishSignUpAction(idleState<SignedIn>(), formData({ token: (await latestSignUpToken('ona@example.com'))! }));
    expect(done).toMatchObject({ outcome: 'ok', data: { profile: { name: 'Ona', email: 'ona@example.com' }, returnPath: '/specials/' } });
  });

  it('keeps the name and e-mail (never the password) with the field messages, and refuses a filled honeypot', async () => {
    const weak = await signUpAction(idleState<SignedIn>(), formData({ name: 'Pat', email: 'pat@example.com', password: 'password123' }));
    expect(weak).toEqual({
      outcome: 'error',
      code: 'invalid',
      message: 'Please check the highlighted fields.',
      fields: { password: 'This password is too common. Choose one that is harder to guess.' },
      values: { name: 'Pat', email: 'pat@example.com' },
    });
    const bot = await signUpAction(idleState<SignedIn>(), formData({ name: 'Bot', email: 'bot@example.com', password: PASSWORD, website: 'http://spam.example' }));
    expect(bot).toMatchObject({ outcome: 'error', code: 'bot_suspected' });
  });
});

describe('reset actions', () => {
  it('the reset request goes to /resetconfirmation/ without scripts, and answers ok with them', async () => {
    await expect(redirectOf(resetEmailAction(idleState(), formData({ email: 'member@example.com' }, false)))).resolves.toBe('/resetconfirmation/');
    await expect(resetEmailAction(idleState(), formData({ email: 'nobody@example.com' }))).resolves.toEqual({ outcome: 'ok', fields: {}, values: {} });
    await expect(resetEmailAction(idleState(), formData({ email: 'nope' }))).resolves.toMatchObject({ outcome: 'error', fields: { email: expect.any(String) } });
  });

  it('a new password with a dead link goes to /resetnotvalid/ without scripts, and says so with them', async () => {
    await expect(redirectOf(resetPasswordAction(idleState(), formData({ token: 'A'.repeat(43), password: 'fresh-granite-harbor-44' }, false)))).resolves.toBe('/resetnotvalid/');
    await expect(resetPasswordAction(idleState(), formData({ token: 'A'.repeat(43), password: 'fresh-granite-harbor-44' }))).resolves.toMatchObject({ outcome: 'error', fields: { token: expect.any(String) } });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENHANCED_FIELD, idleState, NO_SCRIPT_FIELD } from '@/components/forms/form-state';
import { sessionCookieName } from '@/lib/auth/cookies';
import { closeDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import type { SignedIn } from './account-state';
import { codeSignInAction } from './code-actions';
import { CODE_FORM } from './code-form';
import { redirectOf } from '@/lib/test-support/server-actions';

// The code form's server action with the real handlers and database; next/headers stands for the incoming request
// and the cookies of the action's answer (as in actions.test.ts).
let incoming = new Headers();
const kept = new Map<string, string>();
const jar = { set: jest.fn((cookie: { name: string; value: string }) => kept.set(cookie.name, cookie.value)), get: (name: string) => (kept.has(name) ? { name, value: kept.get(name)! } : undefined) };
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => jar }));

jest.setTimeout(120_000);
const dataDir = createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));

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


function mailedCode(email: string): string {
  const folder = path.join(dataDir, 'outbox');
  const texts = readdirSync(folder)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { to: string; text: string })
    .filter((mail) => mail.to === email);
  return /sign-in code is (\d{6})/.exec(texts.at(-1)?.text ?? '')![1]!;
}

const idle = idleState<SignedIn>();

describe('codeSignInAction with the scripts', () => {
  it('asks for a code, asks a new address for its name keeping the code, then signs in with the session cookies', async () => {
    const email = 'ines@example.com';
    const sent = await codeSignInAction(idle, formData({ step: 'email', email, returnPath: '/booking/' }));
    expect(sent).toEqual({ outcome: 'ok', message: 'We have sent a six-digit code to that address. It works for 10 minutes.', fields: {}, values: { email, step: 'code' } });
    const code = mailedCode(email);

    const named = await codeSignInAction(sent, formData({ step: 'code', email, code, name: '', returnPath: '/booking/' }));
    expect(named).toMatchObject({ outcome: 'error', code: 'name_needed', values: { email, step: 'code', askName: '1', code } });
    // Asked for the first time, the name field is not marked wrong; sent empty once asked, it is.
    expect(named.fields.name).toBeUndefined();
    const empty = await codeSignInAction(named, formData({ step: 'code', email, code, askName: '1', name: '', returnPath: '/booking/' }));
    expect(empty.fields.name).toBe('Enter your name.');

    const wrong = await codeSignInAction(named, formData({ step: 'code', email, code: code === '000000' ? '111111' : '000000', askName: '1', name: 'Ines', returnPath: '/booking/' }));
    expect(wrong).toMatchObject({ outcome: 'error', code: 'code_not_valid', values: { email, step: 'code', askName: '1', name: 'Ines' } });
    expect(wrong.values.code).toBeUndefined();

    const done = await codeSignInAction(wrong, formData({ step: 'code', email, code, askName: '1', name: 'Ines', returnPath: '/booking/' }));
    expect(done).toMatchObject({ outcome: 'ok', data: { profile: { name: 'Ines', email }, returnPath: '/booking/' } });
    expect(kept.has(sessionCookieName())).toBe(true);
  });
});

describe('codeSignInAction: the name with the code, on one screen', () => {
  it('a new address sends its name with the code and is signed in at once; the same address later ignores a name', async () => {
    const email = 'noor@example.com';
    await codeSignInAction(idle, formData({ step: 'email', email, returnPath: '/booking/' }));
    const done = await codeSignInAction(idle, formData({ step: 'code', email, code: mailedCode(email), name: 'Noor', returnPath: '/booking/' }));
    expect(done).toMatchObject({ outcome: 'ok', data: { profile: { name: 'Noor', email } } });

    await codeSignInAction(idle, formData({ step: 'email', email, returnPath: '/booking/' }));
    const again = await codeSignInAction(idle, formData({ step: 'code', email, code: mailedCode(email), name: 'Somebody Else', returnPath: '/booking/' }));
    expect(again).toMatchObject({ outcome: 'ok', data: { profile: { name: 'Noor', email } } });
  });

  it('a wrong code keeps the name typed with it', async () => {
    const email = 'ravi@example.com';
    await codeSignInAction(idle, formData({ step: 'email', email }));
    const code = mailedCode(email);
    const wrong = await codeSignInAction(idle, formData({ step: 'code', email, code: code === '000000' ? '111111' : '000000', name: 'Ravi' }));
    expect(wrong).toMatchObject({ outcome: 'error', code: 'code_not_valid', values: { email, step: 'code', name: 'Ravi' } });
    expect(wrong.values.askName).toBeUndefined();
  });
});

describe('codeSignInAction without the scripts', () => {
  it('redirects each step to /signin/?method=code with the answer kept for that page, and never puts the code in an address', async () => {
    const email = 'otto@example.com';
    const first = await redirectOf(codeSignInAction(idle, formData({ step: 'email', email, returnPath: '/account/' }, false)));
    expect(first).toMatch(/^\/signin\/\?method=code&url=%2Faccount%2F&form=[A-Za-z0-9_-]{16}$/);
    const key = new URL(first, 'http://x').searchParams.get('form')!;
    expect(await readFormFlash(CODE_FORM, key)).toMatchObject({ outcome: 'ok', values: { email, step: 'code' } });

    const code = mailedCode(email);
    const second = await redirectOf(codeSignInAction(idle, formData({ step: 'code', email, code, name: 'Otto', returnPath: '/account/' }, false)));
    expect(second).toBe('/account/');
    expect(second).not.toContain(code);
    expect(kept.has(sessionCookieName())).toBe(true);
  });

  it('from a browser that runs no scripts at all, signing in lands on the signed-in page with the return path', async () => {
    const email = 'uma@example.com';
    await redirectOf(codeSignInAction(idle, formData({ step: 'email', email, returnPath: '/specials/', [NO_SCRIPT_FIELD]: '1' }, false)));
    const code = mailedCode(email);
    const signedIn = await redirectOf(codeSignInAction(idle, formData({ step: 'code', email, code, name: 'Uma', returnPath: '/specials/', [NO_SCRIPT_FIELD]: '1' }, false)));
    expect(signedIn).toBe('/signedin/?url=%2Fspecials%2F');
  });

  it('sends a wrong code back to the code step with its message', async () => {
    const email = 'pia@example.com';
    await codeSignInAction(idle, formData({ step: 'email', email }));
    const code = mailedCode(email);
    const target = await redirectOf(codeSignInAction(idle, formData({ step: 'code', email, code: code === '000000' ? '111111' : '000000' }, false)));
    expect(target).toMatch(/^\/signin\/\?method=code&form=/);
    const state = await readFormFlash(CODE_FORM, new URL(target, 'http://x').searchParams.get('form')!);
    expect(state).toMatchObject({ outcome: 'error', code: 'code_not_valid', values: { email, step: 'code' } });
  });
});

import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_NOT_VALID_MESSAGE, CODE_SENT_ANSWER, NAME_NEEDED_MESSAGE } from '@/lib/auth/codes';
import { sessionCookieName } from '@/lib/auth/cookies';
import { hashPassword } from '@/lib/auth/password';
import { sessionForToken } from '@/lib/auth/session';
import { closeDb, getDb } from '@/lib/db';
import { signinCodes, users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, testRequest } from '@/lib/test-support/requests';
import { POST as resetEmail } from '../resetemail/route';
import { POST as signIn } from '../signin/route';
import { POST as askCode } from './route';
import { POST as enterCode } from './verify/route';

jest.setTimeout(120_000);
const dataDir = createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;
let emailCounter = 0;
const freshEmail = () => `code${(emailCounter += 1)}-${Date.now()}@example.com`;

const ask = (email: string, ip = nextIp()) => askCode(testRequest('/api/auth/code/', { body: { email }, ip }));
const enter = (body: Record<string, string>, ip = nextIp()) => enterCode(testRequest('/api/auth/code/verify/', { body, ip }));

/** The newest code mailed to `email`, read from the outbox as a person reads their mail. */
function mailedCode(email: string): string {
  const folder = path.join(dataDir, 'outbox');
  const mails = readdirSync(folder)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
  const code = /sign-in code is (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function knownCustomer(password?: string): Promise<string> {
  const email = freshEmail();
  await (await getDb()).insert(users).values({ email, name: 'Known Kim', passwordHash: password ? await hashPassword(password) : null });
  return email;
}

describe('POST /api/auth/code', () => {
  it('answers 202 with one sentence, mails a six-digit code and stores only its hash', async () => {
    const email = await knownCustomer();
    const response = await ask(` ${email.toUpperCase()} `);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, message: CODE_SENT_ANSWER });
    expect(response.headers.getSetCookie()).toEqual([]);
    const code = mailedCode(email);
    const [row] = await (await getDb()).select().from(signinCodes).where(eq(signinCodes.email, email));
    expect(row?.codeHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{86}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('answers a bad address with 422 and mails nothing', async () => {
    const response = await ask('not-an-address');
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields.email).toBe('Enter a valid e-mail address, like name@example.com.');
  });

  it('limits one client asking for one address to 5 codes in 15 minutes (429 with Retry-After)', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i += 1) expect((await ask(email, '192.0.2.77')).status).toBe(202);
    const refused = await ask(email, '192.0.2.77');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits one address to 5 mails an hour from all clients together, reset links included', async () => {
    const email = await knownCustomer();
    for (let i = 0; i < 3; i += 1) expect((await ask(email)).status).toBe(202);
    for (let i = 0; i < 2; i += 1) expect((await resetEmail(testRequest('/api/auth/resetemail/', { body: { email }, ip: nextIp() }))).status).toBe(200);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/^Too many e-mails have been asked for this address\. Please wait 60 minutes and try again, or ask on a device you have signed in on before\.$/);
  });
});

describe('POST /api/auth/code/verify', () => {
  it('signs a returning customer in with the mailed code (200, session and profile cookies), once', async () => {
    const email = await knownCustomer();
    await ask(email);
    const code = mailedCode(email);
    const response = await enter({ email, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, name: 'Known Kim' });
    const token = /=([^;]+)/.exec(cookiesFrom(response).split('; ').find((c) => c.startsWith(`${sessionCookieName()}=`)) ?? '')?.[1];
    expect((await sessionForToken(await getDb(), token))?.user.email).toBe(email);
    const again = await enter({ email, code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: 'code_not_valid', message: CODE_NOT_VALID_MESSAGE, fields: { code: CODE_NOT_VALID_MESSAGE } } });
  });

  it('asks a new address for a name (422, the code still good), then creates the account without a password (201)', async () => {
    const email = freshEmail();
    await ask(email);
    const code = mailedCode(email);
    const first = await enter({ email, code, name: '' });
    expect(first.status).toBe(422);
    expect(await first.json()).toEqual({ error: { code: 'name_needed', message: NAME_NEEDED_MESSAGE, fields: { name: 'Enter your name.' } } });
    const created = await enter({ email, code, name: 'Nova Reyes' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ email, name: 'Nova Reyes' });
    const [user] = await (await getDb()).select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Nova Reyes', passwordHash: null });
    // No password: a password sign-in answers exactly as for an unknown address.
    const withPassword = await signIn(testRequest('/api/auth/signin/', { body: { email, password: 'anything-at-all-9' }, ip: nextIp() }));
    expect(withPassword.status).toBe(401);
  });

  it('keeps passwords working for those who have one', async () => {
    const email = await knownCustomer('lilac-harbor-71-quartz');
    const response = await signIn(testRequest('/api/auth/signin/', { body: { email, password: 'lilac-harbor-71-quartz' }, ip: nextIp() }));
    expect(response.status).toBe(200);
  });

  it('ends a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = await knownCustomer();
    await ask(email);
    const code = mailedCode(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) expect((await enter({ email, code: wrong })).status).toBe(400);
    expect((await enter({ email, code })).status).toBe(400);
  });

  it('refuses a code after 10 minutes', async () => {
    const email = await knownCustomer();
    await ask(email);
    const code = mailedCode(email);
    // Ten minutes pass: the row's end is moved into the past, as the clock would.
    await (await getDb()).update(signinCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(signinCodes.email, email));
    expect((await enter({ email, code })).status).toBe(400);
  });

  it('ends the earlier code when a new one is asked for', async () => {
    const email = await knownCustomer();
    await ask(email);
    const first = mailedCode(email);
    await ask(email);
    const second = mailedCode(email);
    if (first !== second) expect((await enter({ email, code: first })).status).toBe(400);
    expect((await enter({ email, code: second })).status).toBe(200);
  });

  it('answers a malformed code with 422 on the code field', async () => {
    const response = await enter({ email: freshEmail(), code: '12ab' });
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields.code).toBe('Enter the six digits from the e-mail.');
  });

  it('limits one client trying one address to 10 tries in 15 minutes', async () => {
    const email = freshEmail();
    for (let i = 0; i < 10; i += 1) expect((await enter({ email, code: '000001' }, '192.0.2.99')).status).toBe(400);
    expect((await enter({ email, code: '000001' }, '192.0.2.99')).status).toBe(429);
  });
});

import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  resetEmailHandler as resetEmail,
  resetPasswordHandler as resetPassword,
  signInCodeHandler as askCode,
  signInHandler as signIn,
  signInWithCodeHandler as enterCode,
} from '@/lib/auth/handlers';
import { closeDb, getDb } from '@/lib/db';
import { knownDevices, outbox, users } from '@/lib/db/schema';
import { LIMITS, MAILS_TO_ADDRESS } from '@/lib/rate-limit';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, setCookieFor, testRequest } from '@/lib/test-support/requests';
import { signUpThroughLink } from '@/lib/test-support/signup';
import { KNOWN_DEVICE_ACCOUNTS, KNOWN_DEVICES_PER_ACCOUNT, knownDeviceOf } from './known-device';
import { hashPassword } from './password';

jest.setTimeout(180_000);
createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

const PASSWORD = 'lilac-harbor-71-quartz';
const OWNER_IP = '203.0.113.2';
/** The stranger's eleven network addresses. */
const STRANGERS = Array.from({ length: 11 }, (_, i) => `198.51.100.${11 + i}`);
let emails = 0;
const freshEmail = () => `owner${(emails += 1)}@example.com`;

type Handler = (request: Request) => Promise<Response>;
const call = (handler: Handler, path: string, body: unknown, ip: string, cookie?: string) => handler(testRequest(path, { body, ip, cookie }));

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** An account (made earlier: no mail to it this hour), and the cookies of the owner's browser after one sign-in. */
async function ownerBrowser(email: string, exists = false): Promise<string> {
  if (!exists) await (await getDb()).insert(users).values({ email, name: 'Olivia Owner', passwordHash });
  const response = await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, OWNER_IP);
  expect(response.status).toBe(200);
  return cookiesFrom(response);
}

const deviceToken = (cookie: string) => /(?:^|; )bnp_device=([^;]+)/.exec(cookie)?.[1];

async function mailsTo(email: string) {
  return (await getDb()).select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
}

async function newestCode(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((row) => row.subject.endsWith('sign-in code'));
  const code = /sign-in code is (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function newestResetToken(email: string): Promise<string> {
  const token = (await mailsTo(email)).map((row) => /resetpassword\/([A-Za-z0-9_-]{43})\//.exec(row.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('the known-device cookie', () => {
  it('comes with every sign-in: HttpOnly, SameSite=Strict, a random token of which only the hash is stored', async () => {
    const email = freshEmail();
    const fromLink = deviceToken(cookiesFrom(await signUpThroughLink({ name: 'Olivia Owner', email, password: PASSWORD }, { ip: OWNER_IP })));
    expect(fromLink).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, OWNER_IP);
    expect(response.status).toBe(200);
    const line = setCookieFor(response, 'bnp_device');
    expect(line).toMatch(/^bnp_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/);
    const token = deviceToken(cookiesFrom(response))!;
    expect(token).not.toBe(fromLink);
    const rows = await (await getDb()).select().from(knownDevices);
    expect(rows.map((row) => row.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is Secure with the __Host- prefix when the session cookie is', async () => {
    process.env.SITE_URL = 'https://salon.example';
    try {
      const response = await signUpThroughLink({ name: 'Sec', email: freshEmail(), password: PASSWORD }, { origin: 'https://salon.example', ip: OWNER_IP });
      expect(setCookieFor(response, '__Host-bnp_session')).toMatch(/; Secure;/);
      expect(setCookieFor(response, '__Host-bnp_device')).toMatch(/^__Host-bnp_device=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    } finally {
      process.env.SITE_URL = 'http://localhost:3000';
    }
  });

  it('names its account only through the database: not another account, not an altered or made-up token', async () => {
    const db = await getDb();
    const email = freshEmail();
    const other = freshEmail();
    const cookie = await ownerBrowser(email);
    await ownerBrowser(other);
    const token = deviceToken(cookie)!;
    const request = (value: string) => testRequest('/api/auth/signin/', { body: {}, cookie: `bnp_device=${value}` });
    expect(await knownDeviceOf(db, request(token), email)).toMatch(/^[0-9a-f]{64}$/);
    expect(await knownDeviceOf(db, request(token), ` ${email.toUpperCase()} `)).toBeDefined();
    expect(await knownDeviceOf(db, request(token), other)).toBeUndefined();
    expect(await knownDeviceOf(db, request(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), email)).toBeUndefined();
    expect(await knownDeviceOf(db, request('A'.repeat(43)), email)).toBeUndefined();
    // A year without a sign-in on it, and it is forgotten.
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await db.update(knownDevices).set({ createdAt: new Date(Date.now() - 366 * 24 * 60 * 60 * 1000) }).where(eq(knownDevices.tokenHash, tokenHash));
    expect(await knownDeviceOf(db, request(token), email)).toBeUndefined();
  });

  it('holds one token per account of a shared browser, a new one at each sign-in, and those of three accounts at most', async () => {
    const db = await getDb();
    const accounts = Array.from({ length: KNOWN_DEVICE_ACCOUNTS + 1 }, freshEmail);
    await db.insert(users).values(accounts.map((email) => ({ email, name: 'Shared', passwordHash })));
    let cookie = '';
    const tokens: string[] = [];
    for (const email of accounts) {
      const response = await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, OWNER_IP, cookie);
      expect(response.status).toBe(200);
      cookie = cookiesFrom(response, cookie);
      tokens.push(deviceToken(cookie)!.split('.')[0]!);
    }
    expect(deviceToken(cookie)!.split('.')).toEqual(tokens.slice(1).reverse());
    const known = async (email: string) => knownDeviceOf(db, testRequest('/x/', { cookie }), email);
    expect(await known(accounts[0]!)).toBeUndefined();
    for (const email of accounts.slice(1)) expect(await known(email)).toBeDefined();
    // Signing in again to the second account: its old token ends, the new one is first.
    const again = await call(signIn, '/api/auth/signin/', { email: accounts[1], password: PASSWORD }, OWNER_IP, cookie);
    cookie = cookiesFrom(again, cookie);
    expect(deviceToken(cookie)!.split('.')).toHaveLength(KNOWN_DEVICE_ACCOUNTS);
    expect(await knownDeviceOf(db, testRequest('/x/', { cookie: `bnp_device=${tokens[1]}` }), accounts[1]!)).toBeUndefined();
    expect(await known(accounts[1]!)).toBeDefined();
  });

  it('keeps the newest known devices of an account, so that sign-ins without the cookie cannot grow the table without end', async () => {
    const db = await getDb();
    const email = freshEmail();
    const cookies: string[] = [];
    for (let i = 0; i < KNOWN_DEVICES_PER_ACCOUNT + 3; i += 1) cookies.push(await ownerBrowser(email, i > 0));
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await db.select().from(knownDevices).where(eq(knownDevices.userId, user!.id))).toHaveLength(KNOWN_DEVICES_PER_ACCOUNT);
    const known = (cookie: string) => knownDeviceOf(db, testRequest('/x/', { cookie }), email);
    expect(await known(cookies[0]!)).toBeUndefined();
    expect(await known(cookies.at(-1)!)).toBeDefined();
  });
});

describe("a stranger's flood does not lock the owner's known device out", () => {
  it('110 wrong passwords from 11 addresses: her device signs in, a new device waits, the stranger is refused', async () => {
    const email = freshEmail();
    const owner = await ownerBrowser(email);
    const statuses: number[] = [];
    for (const ip of STRANGERS) for (let i = 0; i < 10; i += 1) statuses.push((await call(signIn, '/api/auth/signin/', { email, password: `wrong-${ip}-${i}` }, ip)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.signin.address.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(110 - LIMITS.signin.address.max);
    expect((await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, OWNER_IP)).status).toBe(429);
    expect((await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, OWNER_IP, owner)).status).toBe(200);
  });

  it('16 code and 12 reset requests: 5 mails reach her; her device still gets and uses its own code and reset', async () => {
    const email = freshEmail();
    const owner = await ownerBrowser(email);
    const before = (await mailsTo(email)).length;
    const answers: number[] = [];
    for (let i = 0; i < 16; i += 1) answers.push((await call(askCode, '/api/auth/code/', { email }, STRANGERS[i % 11]!)).status);
    for (let i = 0; i < 12; i += 1) answers.push((await call(resetEmail, '/api/auth/resetemail/', { email }, STRANGERS[(i + 5) % 11]!)).status);
    expect(answers.filter((status) => status !== 429)).toHaveLength(MAILS_TO_ADDRESS.max);
    expect((await mailsTo(email)).length - before).toBe(MAILS_TO_ADDRESS.max);
    expect((await call(askCode, '/api/auth/code/', { email }, OWNER_IP)).status).toBe(429);

    expect((await call(askCode, '/api/auth/code/', { email }, OWNER_IP, owner)).status).toBe(202);
    const signedIn = await call(enterCode, '/api/auth/code/verify/', { email, code: await newestCode(email) }, OWNER_IP, owner);
    expect(signedIn.status).toBe(200);
    const device = cookiesFrom(signedIn, owner);
    expect((await call(resetEmail, '/api/auth/resetemail/', { email }, OWNER_IP, device)).status).toBe(200);
    expect((await call(resetPassword, '/api/auth/resetpassword/', { token: await newestResetToken(email), password: 'new-granite-harbor-42' }, OWNER_IP)).status).toBe(200);
  });

  it("a stranger's code request and wrong codes do not end the code her device asked for", async () => {
    const email = freshEmail();
    const owner = await ownerBrowser(email);
    expect((await call(askCode, '/api/auth/code/', { email }, OWNER_IP, owner)).status).toBe(202);
    const code = await newestCode(email);
    expect((await call(askCode, '/api/auth/code/', { email }, STRANGERS[0]!)).status).toBe(202);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 12; i += 1) await call(enterCode, '/api/auth/code/verify/', { email, code: wrong }, STRANGERS[i % 11]!);
    // Her code is not even tried from elsewhere: a client that is not her device cannot use it.
    expect((await call(enterCode, '/api/auth/code/verify/', { email, code }, STRANGERS[3]!)).status).toBe(400);
    expect((await call(enterCode, '/api/auth/code/verify/', { email, code }, OWNER_IP, owner)).status).toBe(200);
  });

  it("a stranger's reset request does not end the link her device asked for; the new password ends every link", async () => {
    const email = freshEmail();
    const owner = await ownerBrowser(email);
    expect((await call(resetEmail, '/api/auth/resetemail/', { email }, OWNER_IP, owner)).status).toBe(200);
    const hers = await newestResetToken(email);
    expect((await call(resetEmail, '/api/auth/resetemail/', { email }, STRANGERS[0]!)).status).toBe(200);
    const strangers = await newestResetToken(email);
    expect(strangers).not.toBe(hers);
    expect((await call(resetPassword, '/api/auth/resetpassword/', { token: hers, password: 'new-granite-harbor-42' }, OWNER_IP)).status).toBe(200);
    expect((await call(resetPassword, '/api/auth/resetpassword/', { token: strangers, password: 'other-granite-harbor-43' }, OWNER_IP)).status).toBe(400);
  });

  it("a stolen device cookie is locked out after its own allowance of wrong passwords, and then meets the stranger's count", async () => {
    const email = freshEmail();
    const stolen = await ownerBrowser(email);
    const thief = STRANGERS[10]!;
    for (let i = 0; i < LIMITS.signin.device.max; i += 1) expect((await call(signIn, '/api/auth/signin/', { email, password: `guess-${i}` }, thief, stolen)).status).toBe(401);
    for (let i = 0; i < LIMITS.signin.pair.max; i += 1) expect((await call(signIn, '/api/auth/signin/', { email, password: `more-${i}` }, thief, stolen)).status).toBe(401);
    expect((await call(signIn, '/api/auth/signin/', { email, password: PASSWORD }, thief, stolen)).status).toBe(429);
  });
});

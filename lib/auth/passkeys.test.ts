import { eq } from 'drizzle-orm';
import { passkeyListHandler, passkeyRegistrationHandler, passkeyRegistrationOptionsHandler, passkeyRemoveHandler, passkeySignInHandler, passkeySignInOptionsHandler } from '@/lib/auth/passkey-handlers';
import { closeAccount } from '@/lib/auth/account-details';
import { closeDb, getDb } from '@/lib/db';
import { passkeys, users } from '@/lib/db/schema';
import { SoftAuthenticator } from '@/lib/test-support/soft-authenticator';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, TEST_ORIGIN, testRequest } from '@/lib/test-support/requests';
import { sessionCookieName } from './cookies';
import { PASSKEY_NOT_VALID_MESSAGE, passkeyNameFor, relyingPartyOf, type PasskeySummary } from './passkeys';
import { createSession, sessionForToken } from './session';

jest.setTimeout(120_000);
createTempDataDir();
process.env.SITE_URL = TEST_ORIGIN;
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
let ips = 0;
const nextIp = () => `198.51.100.${(ips += 1) % 250}`;
let emails = 0;

/** A signed-in customer's browser: its cookies. */
async function signedInCustomer(): Promise<{ id: string; cookie: string }> {
  const db = await getDb();
  const [user] = await db.insert(users).values({ email: `passkey${(emails += 1)}@example.com`, name: 'Paula Passkey' }).returning({ id: users.id });
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, cookie: `${sessionCookieName()}=${token}` };
}

type Handler = (request: Request) => Promise<Response>;
const post = (handler: Handler, path: string, cookie: string, body: unknown = {}) =>
  handler(testRequest(path, { body, cookie, ip: nextIp(), headers: { 'user-agent': CHROME_ANDROID } }));

/** Registers a passkey for the browser `cookie`: the browser's cookies after it and the saved passkey. */
async function register(cookie: string, authenticator: SoftAuthenticator): Promise<PasskeySummary> {
  const optionsAnswer = await post(passkeyRegistrationOptionsHandler, '/api/account/passkeys/options/', cookie);
  expect(optionsAnswer.status).toBe(200);
  const withChallenge = cookiesFrom(optionsAnswer, cookie);
  const saved = await post(passkeyRegistrationHandler, '/api/account/passkeys/', withChallenge, { response: authenticator.register(await optionsAnswer.json()) });
  expect(saved.status).toBe(201);
  return (await saved.json()) as PasskeySummary;
}

/** A browser with no session asks for sign-in options: its cookies (the challenge's) and the options. */
async function signInOptions(): Promise<{ cookie: string; options: Parameters<SoftAuthenticator['signIn']>[0] }> {
  const answer = await post(passkeySignInOptionsHandler, '/api/auth/passkey/options/', '');
  expect(answer.status).toBe(200);
  return { cookie: cookiesFrom(answer), options: await answer.json() };
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe('the relying party', () => {
  it('is SITE_URL’s hostname and origin', () => {
    expect(relyingPartyOf('https://www.bareandpolished.nyc')).toMatchObject({ id: 'www.bareandpolished.nyc', origin: 'https://www.bareandpolished.nyc' });
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' });
  });

  it('is localhost at SITE_URL’s port for a loopback address, and none for another IP address', () => {
    expect(relyingPartyOf('http://127.0.0.1:4000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:4000' });
    expect(relyingPartyOf('http://[::1]:4000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:4000' });
    expect(relyingPartyOf('http://192.168.1.20:3000')).toBeNull();
  });
});

describe('a passkey’s name', () => {
  it('says the browser and the system that made it', () => {
    expect(passkeyNameFor(CHROME_ANDROID)).toBe('Chrome on Android');
    expect(passkeyNameFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(passkeyNameFor(null)).toBe('Passkey');
  });
});

describe('passkeys', () => {
  it('registers, lists with its dates, signs in without an address and records the use', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const saved = await register(customer.cookie, authenticator);
    expect(saved).toMatchObject({ id: authenticator.credentialId, name: 'Chrome on Android', lastUsedAt: null });

    const { cookie, options } = await signInOptions();
    expect(options.rpId).toBe('localhost');
    const signedIn = await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, { response: authenticator.signIn(options) });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ id: customer.id, name: 'Paula Passkey', email: expect.stringMatching(/^passkey\d+@example\.com$/) });
    const session = /bnp_session=([^;]+)/.exec(cookiesFrom(signedIn))?.[1];
    expect((await sessionForToken(await getDb(), session))?.user.id).toBe(customer.id);

    const list = await passkeyListHandler(testRequest('/api/account/passkeys/', { cookie: customer.cookie }));
    const { passkeys: listed } = (await list.json()) as { passkeys: PasskeySummary[] };
    expect(listed).toEqual([{ ...saved, lastUsedAt: expect.any(String) }]);
    expect(Date.parse(listed[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(listed[0]!.lastUsedAt!));
  });

  it('refuses a replayed answer: a challenge is used once', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await register(customer.cookie, authenticator);
    const { cookie, options } = await signInOptions();
    const answer = { response: authenticator.signIn(options) };
    expect((await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, answer)).status).toBe(200);
    const replayed = await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, answer);
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toEqual({ code: 'passkey_not_valid', message: PASSKEY_NOT_VALID_MESSAGE });
  });

  it('refuses an answer from a browser that did not ask for the challenge', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await register(customer.cookie, authenticator);
    const { options } = await signInOptions();
    const elsewhere = await post(passkeySignInHandler, '/api/auth/passkey/verify/', '', { response: authenticator.signIn(options) });
    expect(elsewhere.status).toBe(400);
  });

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await register(customer.cookie, authenticator);
    const first = await signInOptions();
    expect((await post(passkeySignInHandler, '/api/auth/passkey/verify/', first.cookie, { response: authenticator.signIn(first.options, 7) })).status).toBe(200);
    const second = await signInOptions();
    const cloned = await post(passkeySignInHandler, '/api/auth/passkey/verify/', second.cookie, { response: authenticator.signIn(second.options, 3) });
    expect(cloned.status).toBe(400);
    expect((await errorOf(cloned)).code).toBe('passkey_not_valid');
    const [row] = await (await getDb()).select({ counter: passkeys.counter }).from(passkeys).where(eq(passkeys.id, authenticator.credentialId));
    expect(row?.counter).toBe(7);
  });

  it('refuses an answer signed for another site', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await register(customer.cookie, authenticator);
    const { cookie, options } = await signInOptions();
    const phished = await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, { response: authenticator.signIn({ ...options, rpId: 'evil.example' }) });
    expect(phished.status).toBe(400);
  });

  it('binds a registration’s challenge to the account that asked', async () => {
    const asker = await signedInCustomer();
    const other = await signedInCustomer();
    const optionsAnswer = await post(passkeyRegistrationOptionsHandler, '/api/account/passkeys/options/', asker.cookie);
    const challengeCookie = cookiesFrom(optionsAnswer).split('; ').find((pair) => pair.startsWith('bnp_passkey='))!;
    const answer = new SoftAuthenticator(TEST_ORIGIN).register(await optionsAnswer.json());
    const stolen = await post(passkeyRegistrationHandler, '/api/account/passkeys/', `${other.cookie}; ${challengeCookie}`, { response: answer });
    expect(stolen.status).toBe(400);
  });

  it('removes only the account’s own passkey; a removed one no longer signs in', async () => {
    const owner = await signedInCustomer();
    const stranger = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const saved = await register(owner.cookie, authenticator);
    const remove = (cookie: string) =>
      passkeyRemoveHandler(testRequest(`/api/account/passkeys/${saved.id}/`, { method: 'DELETE', cookie }), { params: Promise.resolve({ id: saved.id }) });

    const refused = await remove(stranger.cookie);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).code).toBe('passkey_not_found');
    expect(await (await getDb()).select().from(passkeys).where(eq(passkeys.id, saved.id))).toHaveLength(1);

    expect((await remove(owner.cookie)).status).toBe(204);
    const { cookie, options } = await signInOptions();
    expect((await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, { response: authenticator.signIn(options) })).status).toBe(400);
  });

  it('goes with the account when it is closed', async () => {
    const customer = await signedInCustomer();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await register(customer.cookie, authenticator);
    await closeAccount(await getDb(), { userId: customer.id, sessionStartedAt: new Date() });
    expect(await (await getDb()).select().from(passkeys).where(eq(passkeys.userId, customer.id))).toHaveLength(0);
  });

  it('answers malformed or unauthorised requests with a 4xx', async () => {
    const customer = await signedInCustomer();
    const { cookie } = await signInOptions();
    for (const body of [{}, { response: 'x' }, { response: { id: 'a', rawId: 'a', type: 'public-key', response: {} } }]) {
      const answer = await post(passkeySignInHandler, '/api/auth/passkey/verify/', cookie, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const notJson = await passkeySignInHandler(testRequest('/api/auth/passkey/verify/', { rawBody: '{nope', cookie, headers: { 'content-type': 'application/json' } }));
    expect(notJson.status).toBe(400);
    expect((await post(passkeyRegistrationOptionsHandler, '/api/account/passkeys/options/', '')).status).toBe(401);
    expect((await passkeyListHandler(testRequest('/api/account/passkeys/'))).status).toBe(401);
    const noOrigin = await passkeySignInOptionsHandler(testRequest('/api/auth/passkey/options/', { body: {}, origin: null }));
    expect(noOrigin.status).toBe(403);
    const garbled = await post(passkeyRegistrationHandler, '/api/account/passkeys/', customer.cookie, { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' } } });
    expect(garbled.status).toBe(400);
  });
});

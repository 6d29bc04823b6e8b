import fc from 'fast-check';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { TEST_ORIGIN } from '@/lib/test-support/requests';
import { POST as resetEmail } from './auth/resetemail/route';
import { POST as resetPassword } from './auth/resetpassword/route';
import { POST as signIn } from './auth/signin/route';
import { POST as signOut } from './auth/signout/route';
import { POST as signUp } from './auth/signup/route';
import { POST as closeAccount } from './account/close/route';
import { POST as changeEmail } from './account/email/route';
import { POST as confirmEmail } from './account/email/confirm/route';
import { POST as changeName } from './account/name/route';
import { POST as changePassword } from './account/password/route';
import { sessionCookieName } from '@/lib/auth/cookies';
import { hashPassword } from '@/lib/auth/password';
import { createSession } from '@/lib/auth/session';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { GET as locations } from './locations/ui/route';
import { POST as createSubscription } from './marketing/createsubscription/route';

jest.setTimeout(600_000);
createTempDataDir();
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

type Handler = (request: Request) => Promise<Response>;

const POST_HANDLERS: [string, Handler][] = [
  ['/api/auth/signup/', signUp],
  ['/api/auth/signin/', signIn],
  ['/api/auth/signout/', signOut],
  ['/api/auth/resetemail/', resetEmail],
  ['/api/auth/resetpassword/', resetPassword],
  ['/api/marketing/createsubscription/', createSubscription],
  ['/api/account/name/', changeName],
  ['/api/account/email/', changeEmail],
  ['/api/account/email/confirm/', confirmEmail],
  ['/api/account/password/', changePassword],
  ['/api/account/close/', closeAccount],
];

/** A real customer's session, so that the account's own handlers are reached past their 401 too. */
let sessionCookie = '';
beforeAll(async () => {
  const db = await getDb();
  const [row] = await db.insert(users).values({ email: 'fuzz-owner@example.com', name: 'Fuzz Owner', passwordHash: await hashPassword('lilac-harbor-71-quartz') }).returning({ id: users.id });
  sessionCookie = `${sessionCookieName()}=${(await createSession(db, row!.id)).token}`;
});

const printable = fc.string({ maxLength: 200 });
const cookieHeader = fc.oneof(
  fc.constant(''),
  // Read when a value is drawn: the session exists by then (beforeAll).
  fc.constant(null).map(() => sessionCookie),
  printable.map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  fc.tuple(fc.constantFrom('bnp_session', '__Host-bnp_session', 'BnpAuth'), printable).map(([name, value]) => `${name}=${value.replace(/[^\x21-\x7e]|;/g, '')}`),
);
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/ld+json', '');
const body = fc.oneof(
  fc.anything().map((value) => JSON.stringify(value) ?? 'null'),
  fc.json(),
  printable,
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.record(
    {
      email: fc.oneof(fc.emailAddress(), printable, fc.integer(), fc.constant(null)),
      password: fc.oneof(printable, fc.integer(), fc.array(fc.string())),
      name: fc.oneof(printable, fc.constant(null)),
      token: fc.oneof(printable, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
      currentPassword: fc.oneof(printable, fc.integer(), fc.constant(null), fc.constant('lilac-harbor-71-quartz')),
      confirm: fc.oneof(fc.boolean(), printable, fc.integer()),
      website: fc.oneof(fc.constant(undefined), printable),
      createdBy: fc.oneof(printable, fc.integer()),
      botToken: fc.oneof(fc.constant(undefined), printable),
    },
    { requiredKeys: [] },
  ).map((record) => JSON.stringify(record)),
);
const origin = fc.oneof(fc.constant(TEST_ORIGIN), fc.constant(TEST_ORIGIN), fc.constant('https://evil.example'), fc.constant('null'), fc.constant(undefined));
const ip = fc.oneof(fc.ipV4(), fc.ipV6(), printable.map((text) => text.replace(/[^\x20-\x7e]/g, '')));

function post(path: string, input: { body: string; cookie: string; type: string; origin?: string; ip: string }): Request {
  const headers = new Headers();
  if (input.type) headers.set('content-type', input.type);
  if (input.cookie) headers.set('cookie', input.cookie);
  if (input.origin) headers.set('origin', input.origin);
  if (input.ip) headers.set('x-bnp-client-address', input.ip);
  return new Request(`${TEST_ORIGIN}${path}`, { method: 'POST', headers, body: input.body });
}

describe('the account, account details, subscription and location handlers never answer 5xx to any input', () => {
  it.each(POST_HANDLERS)('POST %s', async (path, handler) => {
    await fc.assert(
      fc.asyncProperty(body, cookieHeader, contentType, origin, ip, async (text, cookie, type, from, address) => {
        const response = await handler(post(path, { body: text, cookie, type, origin: from, ip: address }));
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          const answer = await response.json();
          expect(typeof answer.error.code).toBe('string');
          expect(typeof answer.error.message).toBe('string');
        }
      }),
      { numRuns: 600 },
    );
  });

  it('GET /api/locations/ui/ with random queries', async () => {
    const value = fc.oneof(printable, fc.integer().map(String), fc.double().map(String), fc.constantFrom('-1', '0', '1', '4', '', '1e3', '0x1'));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('svcLocation', 'genderId', 'x'), value), cookieHeader, async (query, cookie) => {
        const url = new URL(`${TEST_ORIGIN}/api/locations/ui/`);
        for (const [key, item] of Object.entries(query)) url.searchParams.set(key, item);
        const response = await locations(new Request(url, { headers: cookie ? { cookie } : {} }));
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 1000 },
    );
  });
});

import { hashPassword } from '@/lib/auth/password';
import { passwordHashGate } from '@/lib/rate-limit/hash-gate';
import {
  resetEmailHandler as resetEmail,
  signInCodeHandler as askCode,
  signInHandler as signIn,
  signInWithCodeHandler as enterCode,
  signUpHandler as signUp,
} from '@/lib/auth/handlers';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cookiesFrom, testRequest } from '@/lib/test-support/requests';

/**
 * No account enumeration: sign-up, sign-in and the reset request answer known and unknown addresses with the same
 * status and body, after the same costly work: the same number of password hashes before the answer (the time
 * itself is measured by `npm run bench:enumeration`, not here). What these handlers hand to after() runs once the
 * answer is out (lib/api/after-answer.ts); here after() queues the work, and it runs between calls, as it does
 * behind a real answer.
 */
const deferred: Array<() => Promise<void>> = [];
jest.mock('next/server', () => ({
  ...jest.requireActual('next/server'),
  after: (task: () => Promise<void>) => {
    deferred.push(task);
  },
}));

jest.setTimeout(600_000);
createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

const CALLS = 6;
const PASSWORD = 'lilac-harbor-71-quartz';
// The rate limits count per client, per (client, address) and per address: a client address per call, and the
// calls spread over addresses, keep every count below its limit (the mails to one address, sign-up, code and reset
// together, are 5 an hour: each test that mails uses addresses of its own, from `first` on). Both sides rotate over
// as many addresses, so that their rate-limit rows are alike too.
const ADDRESSES = 18;
const KNOWN = Array.from({ length: ADDRESSES }, (_, i) => `known${i}@example.com`);
const UNKNOWN = Array.from({ length: ADDRESSES }, (_, i) => `nobody${i}@example.com`);
let ip = 0;
const nextIp = () => `10.${Math.floor((ip += 1) / 250)}.${ip % 250}.1`;
const address = (known: boolean, i: number, first = 0) => (known ? KNOWN : UNKNOWN)[(first + i) % ADDRESSES]!;

type Handler = (request: Request) => Promise<Response>;

interface Answer {
  /** Password hashes run before the answer. */
  hashes: number;
  status: number;
  body: unknown;
}

async function timed(handler: Handler, path: string, body: unknown, cookie?: string): Promise<Answer> {
  const request = testRequest(path, { body, ip: nextIp(), cookie });
  const runs = jest.spyOn(passwordHashGate, 'run');
  const response = await handler(request);
  const text = await response.text();
  const hashes = runs.mock.calls.length;
  runs.mockRestore();
  while (deferred.length > 0) await deferred.shift()!();
  return { hashes, status: response.status, body: JSON.parse(text) };
}

/** CALLS calls each for a known and an unknown address, interleaved (and alternating which goes first). */
async function compare(handler: Handler, path: string, bodyFor: (known: boolean, i: number) => unknown, cookie?: string) {
  const timedCall = (known: boolean, i: number) => timed(handler, path, bodyFor(known, i), cookie);
  for (let i = 0; i < 3; i += 1) {
    await timedCall(true, i);
    await timedCall(false, i);
  }
  const known: Answer[] = [];
  const unknown: Answer[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    if (i % 2 === 0) {
      known.push(await timedCall(true, i));
      unknown.push(await timedCall(false, i));
    } else {
      unknown.push(await timedCall(false, i));
      known.push(await timedCall(true, i));
    }
  }
  return { known, unknown };
}

function expectSameAnswers(result: Awaited<ReturnType<typeof compare>>, status: number, hashes: number) {
  for (const answer of [...result.known, ...result.unknown]) {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(result.known[0]!.body);
    expect(answer.hashes).toBe(hashes);
  }
}

beforeAll(async () => {
  const db = await getDb();
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(users).values(KNOWN.map((email, i) => ({ email, name: `Known ${i}`, passwordHash })));
});

describe('known and unknown addresses get the same answer after the same work', () => {
  it('sign-up: 202 "check your e-mail" for both, one hash before the answer', async () => {
    const result = await compare(signUp, '/api/auth/signup/', (known, i) => ({ name: 'Sam', email: address(known, i), password: PASSWORD }));
    expectSameAnswers(result, 202, 1);
  });

  it('sign-in: 401 for a wrong password and for an unknown address, one hash each', async () => {
    const result = await compare(signIn, '/api/auth/signin/', (known, i) => ({ email: address(known, i), password: 'not-the-password-1' }));
    expectSameAnswers(result, 401, 1);
  });

  it("sign-in with a known device's cookie (of another account): 401 for both, one hash each", async () => {
    const signedIn = await signIn(testRequest('/api/auth/signin/', { body: { email: KNOWN[17], password: PASSWORD }, ip: nextIp() }));
    expect(signedIn.status).toBe(200);
    const result = await compare(signIn, '/api/auth/signin/', (known, i) => ({ email: address(known, i), password: 'not-the-password-2' }), cookiesFrom(signedIn));
    expectSameAnswers(result, 401, 1);
  });

  it('sign-in code request: 202 and the same message for both, the code made and mailed after the answer', async () => {
    const result = await compare(askCode, '/api/auth/code/', (known, i) => ({ email: address(known, i, 6) }));
    expectSameAnswers(result, 202, 0);
  });

  it('sign-in code: 400 for a wrong code of a known and of an unknown address, one hash each', async () => {
    const result = await compare(enterCode, '/api/auth/code/verify/', (known, i) => ({ email: address(known, i), code: '000000' }));
    // '000000' could be a real code one time in a million; a real code would answer 200 or 422 and fail this.
    expectSameAnswers(result, 400, 1);
  });

  it('reset request: 200 and the same message for both, the look-up after the answer', async () => {
    const result = await compare(resetEmail, '/api/auth/resetemail/', (known, i) => ({ email: address(known, i, 12) }));
    expectSameAnswers(result, 200, 0);
  });
});

import { hashPassword } from '@/lib/auth/password';
import { resetEmailHandler as resetEmail, signInHandler as signIn, signUpHandler as signUp } from '@/lib/auth/handlers';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';

/**
 * No account enumeration: sign-up, sign-in and the reset request answer known and unknown addresses with the same
 * status and body, in the same time (medians of CALLS interleaved calls within 10%). What these handlers hand to
 * after() runs once the answer is out (lib/api/after-answer.ts); here after() queues the work, and it runs between
 * calls, outside the measured time, as it does behind a real answer.
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

const CALLS = 15;
const TOLERANCE = 0.1;
const PASSWORD = 'lilac-harbor-71-quartz';
// The rate limits count per client, per (client, address) and per address: a client address per call, and the
// calls spread over a few addresses, keep every count below its limit (the reset's ceiling is 10 an hour). Both
// sides rotate over as many addresses, so that their rate-limit rows are alike too.
const KNOWN = Array.from({ length: 5 }, (_, i) => `known${i}@example.com`);
const UNKNOWN = Array.from({ length: 5 }, (_, i) => `nobody${i}@example.com`);
let ip = 0;
const nextIp = () => `10.${Math.floor((ip += 1) / 250)}.${ip % 250}.1`;
const address = (known: boolean, i: number) => (known ? KNOWN : UNKNOWN)[i % 5]!;

type Handler = (request: Request) => Promise<Response>;

interface Answer {
  ms: number;
  status: number;
  body: unknown;
}

async function timed(handler: Handler, path: string, body: unknown): Promise<Answer> {
  const request = testRequest(path, { body, ip: nextIp() });
  const started = performance.now();
  const response = await handler(request);
  const text = await response.text();
  const ms = performance.now() - started;
  while (deferred.length > 0) await deferred.shift()!();
  return { ms, status: response.status, body: JSON.parse(text) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** CALLS calls each for a known and an unknown address, interleaved (and alternating which goes first). */
async function compare(handler: Handler, path: string, bodyFor: (known: boolean, i: number) => unknown) {
  for (let i = 0; i < 3; i += 1) {
    await timed(handler, path, bodyFor(true, i));
    await timed(handler, path, bodyFor(false, i));
  }
  const known: Answer[] = [];
  const unknown: Answer[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    if (i % 2 === 0) {
      known.push(await timed(handler, path, bodyFor(true, i)));
      unknown.push(await timed(handler, path, bodyFor(false, i)));
    } else {
      unknown.push(await timed(handler, path, bodyFor(false, i)));
      known.push(await timed(handler, path, bodyFor(true, i)));
    }
  }
  const [a, b] = [median(known.map((x) => x.ms)), median(unknown.map((x) => x.ms))];
  return { known, unknown, medians: { known: a, unknown: b }, spread: Math.abs(a - b) / Math.max(a, b) };
}

function expectSameAnswers(result: Awaited<ReturnType<typeof compare>>, status: number) {
  for (const answer of [...result.known, ...result.unknown]) {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(result.known[0]!.body);
  }
}

beforeAll(async () => {
  const db = await getDb();
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(users).values(KNOWN.map((email, i) => ({ email, name: `Known ${i}`, passwordHash })));
});

describe('known and unknown addresses get the same answer in the same time', () => {
  it('sign-up: 202 "check your e-mail" for both', async () => {
    const result = await compare(signUp, '/api/auth/signup/', (known, i) => ({ name: 'Sam', email: address(known, i), password: PASSWORD }));
    console.log('sign-up medians (ms)', result.medians);
    expectSameAnswers(result, 202);
    expect(result.spread).toBeLessThanOrEqual(TOLERANCE);
  });

  it('sign-in: 401 for a wrong password and for an unknown address', async () => {
    const result = await compare(signIn, '/api/auth/signin/', (known, i) => ({ email: address(known, i), password: 'not-the-password-1' }));
    console.log('sign-in medians (ms)', result.medians);
    expectSameAnswers(result, 401);
    expect(result.spread).toBeLessThanOrEqual(TOLERANCE);
  });

  it('reset request: 200 and the same message for both', async () => {
    const result = await compare(resetEmail, '/api/auth/resetemail/', (known, i) => ({ email: address(known, i) }));
    console.log('reset medians (ms)', result.medians);
    expectSameAnswers(result, 200);
    expect(result.spread).toBeLessThanOrEqual(TOLERANCE);
  });
});

import { Agent, request as httpRequest } from 'node:http';
import { expect, test } from './support/worker-server';
import fc from 'fast-check';
import { API_ROUTES } from '@/lib/server/api-routes.mjs';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

/**
 * Never a 5xx for bad input: thousands of generated requests (malformed %-escapes, NUL and control characters,
 * wrong content types, broken JSON and multipart, oversized bodies, forged headers, tampered cookies) against every
 * route handler and every page type of the production server, under every method (TRACE too). Any 5xx, timeout or
 * dropped connection fails, the server must still answer afterwards, and it must have logged no error. It runs on a
 * server and data folder of its own: its sign-in attempts use up the rate limits of the loopback address.
 */

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 6;
const TIMEOUT_MS = 20_000;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

const GUID = 'a3c1e1f0-1b2c-4d5e-8f90-123456789abc';

/** Placeholders of the route patterns, each with valid values to mix with junk. */
const VALID: Record<string, string[]> = {
  svc: ['womens-wax', 'mens-laser', 'laser', 'favorites', 'womens-eyebrows-wax'],
  slug: ['soho', 'midtown', 'williamsburg', 'nolita'],
  gen: ['women', 'men', '0', '1'],
  svt: ['wax', 'laser', 'skincare'],
  moniker: ['womens-eyebrows-wax-x3', 'smooth-face-wax'],
  content: ['about-us', 'contact-us', 'locations', 'covid-19', 'how-to'],
  token: ['abc', GUID],
  cust: [GUID, '0', 'me'],
  cid: [GUID, '1'],
  cart: ['gid://shopify/Cart/1', 'demo-cart'],
  loc: ['1', '2', '3', '4', '0'],
  area: ['1', '2', '64'],
  ther: ['0', '1', '101'],
  date: ['2026-12-01', '2027-02-30', '1999-01-01'],
  dur: ['30', '0', '-15', '100000'],
};

const ROUTES = [
  '/',
  '/services/',
  '/services/{svc}/',
  '/services/favorites/',
  '/{slug}/services/',
  '/{slug}/services/{svc}/',
  '/specials/',
  '/specials/{gen}/',
  '/specials/{gen}/{svt}/',
  '/packages/{moniker}/',
  '/bundles/{moniker}/',
  '/{content}/',
  '/signin/',
  '/signup/',
  '/resetemail/',
  '/resetconfirmation/',
  '/subscription/',
  '/unsubscribe/',
  '/resetnotvalid/',
  '/resetpassword/',
  '/resetpassword/{token}/',
  '/account/',
  '/account/details/',
  '/account/closed/',
  '/account/email/{token}/',
  '/booking/',
  '/booking/{cust}/',
  '/booking/confirmation/{cid}/',
  '/booking/confirmation/{cid}/calendar/',
  '/checkout/',
  '/demo-checkout/{cart}/',
  '/sitemap.xml',
  '/robots.txt',
  '/no-such-page/',
  '/api/health/',
  '/api/locations/ui/',
  '/api/slots/{loc}/{area}/{ther}/{date}/{dur}/',
  '/api/appointments/{cust}/',
  '/api/appointments/{cust}/{cid}/',
  '/api/appointments/bof/{cust}/',
  '/api/auth/signin/',
  '/api/auth/signup/',
  '/api/auth/signout/',
  '/api/auth/resetemail/',
  '/api/auth/resetpassword/',
  '/api/marketing/createsubscription/',
  '/api/account/name/',
  '/api/account/email/',
  '/api/account/email/confirm/',
  '/api/account/password/',
  '/api/account/close/',
  '/api/account/export/',
  '/api/marketing/unsubscribe/',
  '/api/shop/checkout/',
  '/api/shop/new-client/',
  '/api/shop/webhooks/orders/',
  '/api/demo-shopify/graphql/',
];

/** A path segment: valid, random text percent-encoded, or raw junk no browser would send. */
const junkSegment = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%0A', '%C0%AF', '..', '.', '%2F', '%252F', '~', '%FF%FE', 'a%', '%u0041', '%F0%9F%92%85'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constant('x'.repeat(3000)),
  fc.constant('y'.repeat(250)),
);

function segment(name: string) {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(VALID[name] ?? ['x'])) }, { weight: 2, arbitrary: junkSegment });
}

const pathArb = fc
  .constantFrom(...ROUTES)
  .chain((route) => {
    const names = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    // Most requests keep the exact path, so that they reach the handlers rather than the trailing-slash redirect.
    return fc.tuple(fc.constant(route), fc.tuple(...names.map(segment)), fc.nat(9).map((n) => n === 0), fc.nat(19).map((n) => n === 0));
  })
  .map(([route, values, dropSlash, doubleSlash]) => {
    let index = 0;
    let path = route.replace(/\{\w+\}/g, () => values[index++] ?? 'x');
    if (dropSlash && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    if (doubleSlash) path = path.replace('/', '//');
    return path;
  });

const queryArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?svcLocation=1&genderId=0', '?svcLocation=%&genderId=%00', '?genderId=-1', '?url=//evil.example', '?reset=done', '?q=%E0%A4%A', '?token=00000000-0000-4000-8000-000000000000', '?token=%00', '?result=done') },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), { maxKeys: 4 }).map((query) => `?${new URLSearchParams(query)}`) },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/json; charset=utf-16',
  '\u00ff/\u00ff',
];

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.record(
    {
      email: fc.oneof(fc.constant('someone@example.com'), fc.string({ maxLength: 40 }), fc.constant('a\u0000@example.com')),
      password: fc.oneof(fc.constant('violet-canal-58-ferry'), fc.string({ maxLength: 80 })),
      name: fc.oneof(fc.constant('Ana'), fc.string({ maxLength: 200 }), fc.constant('N\u0000UL')),
      createdBy: fc.oneof(fc.constant('home'), fc.constant('x\u0000y'), fc.string({ unit: 'binary', maxLength: 20 })),
      token: fc.string({ maxLength: 80 }),
      svcNote: fc.oneof(fc.constant('bell\u0007'), fc.string({ maxLength: 600 })),
      pvIds: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 3 }),
      query: fc.constantFrom('{ shop { name } }', 'mutation { cartCreate { cart { id } } }', '{', ''),
    },
    { requiredKeys: [] },
  ).map((value) => JSON.stringify(value)),
  fc.constantFrom('{"email":', '{"a":"\\ud800"}', 'null', '[]', '"\\u0000"', '{"svcAreas":[{"svcNote":"\\u0000"}]}', '\u0000', '{}'),
);

const multipartBody = fc.oneof(
  fc.constant('------fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'),
  fc.constant('------fuzz\r\nContent-Disposition: form-data; name="$ACTION_ID_00ab"\r\n\r\n\r\n------fuzz--\r\n'),
  fc.constant('------fuzz\r\nContent-Disposition: form-data; name="1_$ACTION_ID_7f"\r\n\r\n\r\n------fuzz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n------fuzz--\r\n'),
  fc.constant('garbage without boundaries'),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const bodyArb = fc.oneof(
  { weight: 4, arbitrary: jsonBody },
  { weight: 2, arbitrary: multipartBody },
  { weight: 1, arbitrary: fc.constantFrom('a=%&b=%00', 'email=a%40b.co&password=x', '') },
  { weight: 1, arbitrary: fc.constantFrom(70 * 1024, 1100 * 1024).map((size) => `{"note":"${'x'.repeat(size)}"}`) },
);

const cookieArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'bnp_card=%7B%22broken',
      'bnp_fav=%5B%22not-a-guid%22%5D',
      'bnp_shop=x; BnpAuth=%%%',
      'BnpAuth=eyJ0ZXN0Ijp0cnVlfQ==; bnp_session=forged',
      `bnp_card=${'A'.repeat(4000)}`,
      'bnp_loc=9',
      'bnp_fav=%E0%A4%A',
    ),
  },
);

const headersArb = fc.record({
  contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
  // 'https' and 'port': this host under another scheme or port, another origin (the Origin check compares it whole).
  origin: fc.constantFrom('same', 'evil', 'null', 'none', 'https', 'port'),
  cookie: cookieArb,
  extra: fc.subarray([
    ['x-forwarded-for', '6.6.6.6'],
    ['x-forwarded-host', 'evil.example'],
    ['x-forwarded-proto', 'https'],
    ['next-action', '00ab12cd'],
    ['rsc', '1'],
    ['next-router-state-tree', '%%%'],
    ['accept', 'text/x-component'],
    ['x-middleware-subrequest', 'middleware'],
    ['idempotency-key', 'k'.repeat(300)],
  ] as [string, string][]),
});

const requestArb = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
  path: pathArb,
  query: queryArb,
  headers: headersArb,
  body: bodyArb,
});

type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

interface Outcome {
  status?: number;
  error?: string;
}

function send(origin: string, agent: Agent, input: FuzzRequest): Promise<Outcome> {
  const url = new URL(origin);
  const headers: Record<string, string> = {};
  if (input.headers.origin === 'same') headers.origin = origin;
  if (input.headers.origin === 'evil') headers.origin = 'http://evil.example';
  if (input.headers.origin === 'null') headers.origin = 'null';
  if (input.headers.origin === 'https') headers.origin = origin.replace('http:', 'https:');
  if (input.headers.origin === 'port') headers.origin = `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
  if (input.headers.cookie) headers.cookie = input.headers.cookie;
  for (const [name, value] of input.headers.extra) headers[name] = value;
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(input.method);
  if (hasBody && input.headers.contentType) headers['content-type'] = input.headers.contentType;
  const body = hasBody ? Buffer.from(input.body, 'utf8') : undefined;
  // Node's client frames no body of a DELETE by itself: without a length the server would read it as the next request.
  if (body) headers['content-length'] = String(body.byteLength);
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method: input.method, path: `${input.path}${input.query}`, headers, agent, timeout: TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode }));
        response.on('error', (error) => resolve({ status: response.statusCode, error: error.message }));
      },
    );
    request.on('timeout', () => {
      request.destroy();
      resolve({ error: `no answer within ${TIMEOUT_MS} ms` });
    });
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(body);
  });
}

let server: NextServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startNextServer(portFromE2e(9), { DATA_DIR: await seededDataDir('fuzz') });
});

test.afterAll(async () => {
  await server?.kill();
});

/**
 * Lines the server printed to stderr that report an error (Next.js marks its own with ⨯). Left out: Next.js's notice
 * of a forged server action id (the fuzzer's `next-action` header), which it answers with a 4xx.
 */
const FORGED_ACTION_NOTICE = /^Error: (The Server Reference ID did not match the expected format\.|Invalid Server Actions request\.)/;
function errorLines(): string[] {
  return server.stderr().filter((line) => /error|⨯/i.test(line) && !FORGED_ACTION_NOTICE.test(line));
}

/** Sample values for the API routes' dynamic segments. */
const PARAMS: Record<string, string> = { location: '1', areaId: '1', therapistId: '0', date: '2026-12-01', duration: '30' };

function answerTo(method: string, path: string): Promise<{ status: number; allow?: string; type?: string; body: string }> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, method, path, headers: { origin: server.origin }, timeout: TIMEOUT_MS }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, allow: response.headers.allow, type: response.headers['content-type'], body }));
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end();
  });
}

test('every method on every API route: the ones it has reach it, any other is a 405 in the JSON error shape with Allow, and none is logged as an error', async () => {
  test.setTimeout(120_000);
  const errorsBefore = errorLines().length;
  const wrong: string[] = [];
  for (const route of API_ROUTES) {
    const path = route.path.replace(/\[(\w+)\]/g, (_, name: string) => PARAMS[name] ?? GUID);
    const allowed = [...new Set([...route.methods, ...(route.methods.includes('GET') ? ['HEAD'] : [])])].sort();
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']) {
      const answer = await answerTo(method, path);
      const line = `${method} ${path}: ${answer.status} allow=${answer.allow ?? '-'} ${answer.body.slice(0, 120)}`;
      if (allowed.includes(method)) {
        if (answer.status === 405 || answer.status >= 500) wrong.push(line);
        continue;
      }
      const shaped = method === 'HEAD' || (/^application\/json/.test(answer.type ?? '') && JSON.parse(answer.body).error?.code === 'method_not_allowed');
      if (answer.status !== 405 || answer.allow !== allowed.join(', ') || !shaped) wrong.push(line);
    }
  }
  expect(wrong).toEqual([]);
  expect(errorLines().slice(errorsBefore)).toEqual([]);
});

test(`${TOTAL} generated requests across every route answer without a 5xx, timeout or crash`, async () => {
  test.setTimeout(25 * 60_000);
  const requests = fc.sample(requestArb, { numRuns: TOTAL, seed: SEED });
  console.log(`[fuzz] ${requests.length} requests, seed ${SEED} (FUZZ_SEED=${SEED} repeats them)`);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const input = requests[next++]!;
        const outcome = await send(server.origin, agent, input);
        if (outcome.status !== undefined) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (outcome.error || (outcome.status ?? 0) >= 500) {
          failures.push(`${outcome.status ?? '-'} ${outcome.error ?? ''} ${input.method} ${input.path}${input.query} ${JSON.stringify(input.headers)} ${input.body.slice(0, 120)}`.slice(0, 400));
        }
      }
    }),
  );
  agent.destroy();
  const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`[fuzz] ${requests.length} requests in ${Math.round((Date.now() - started) / 1000)} s; ${summary}`);
  expect(failures.slice(0, 25), `${failures.length} failures (seed ${SEED}); the server printed:\n${server.output().slice(-4000)}`).toEqual([]);
  const health = await fetch(`${server.origin}/api/health/`);
  expect(health.status).toBe(200);
  expect(errorLines().slice(0, 25), `the server logged errors (seed ${SEED})`).toEqual([]);
});

// Names that spoof text on the desk's pages and in mails: a bidirectional control (embedding, override, isolate or
// mark), a line or paragraph separator, or another control character, anywhere in the name (lib/auth/schemas.ts).
const HIDDEN_IN_NAMES = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u2028', '\u2029', '\u0085', '\u009b', '\u0007', '\n'];
const NAME_SENTENCES = [
  'The name holds a hidden character (a line break or a text-direction mark). Please type it again.',
  // The body's own check, before any schema, for the C0 controls no form sends.
  'This text holds a character that cannot be stored (a NUL or other control character).',
];

test('names with a text-direction mark, a line separator or a control character are refused with a 4xx and a sentence', async () => {
  const names = fc.sample(
    fc.tuple(fc.string({ maxLength: 30 }), fc.constantFrom(...HIDDEN_IN_NAMES), fc.string({ maxLength: 30 })).map(([before, hidden, after]) => `Ann${before}${hidden}${after}moc.live`),
    { numRuns: 60, seed: SEED },
  );
  const refusals = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    // Sign-up, and sign-in by code from the booking page (a new customer's name comes with the code).
    const [path, body] =
      i % 2 === 0
        ? ['/api/auth/signup/', { name, email: `fuzz-name-${i}@example.com`, password: 'violet-canal-58-ferry' }]
        : ['/api/auth/code/verify/', { name, email: `fuzz-name-${i}@example.com`, code: '123456' }];
    const answer = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(body) });
    const json = (await answer.json()) as { error?: { fields?: Record<string, string> } };
    const key = `${answer.status} ${json.error?.fields?.name ?? JSON.stringify(json)}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
    expect(answer.status, `${path} ${JSON.stringify(name)}`).toBe(422);
    expect(NAME_SENTENCES, `${path} ${JSON.stringify(name)}`).toContain(json.error?.fields?.name);
  }
  console.log(`[fuzz] ${names.length} names with hidden characters: ${[...refusals.entries()].map(([key, count]) => `${count} x ${key}`).join('; ')}`);
});

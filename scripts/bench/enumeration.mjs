// Account enumeration by timing: sign-up, sign-in, the reset request and sign-in by code, each called for known and unknown
// addresses in turn over HTTP against a production server of its own; the medians must be within 10% (the rule:
// no account enumeration). The answers themselves (status, body) are compared too.
//   node scripts/bench/enumeration.mjs [--json]   (after `npm run build`; NEXT_DIST_DIR is honoured)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSiteServer } from './site-server.mjs';

const port = Number(process.env.BENCH_ENUMERATION_PORT ?? 3991);
const origin = `http://127.0.0.1:${port}`;
const CALLS = Number(process.env.BENCH_ENUMERATION_CALLS ?? 21);
const PASSWORD = 'lilac-harbor-71-quartz';
// One address gets at most 5 mails an hour from sign-up, reset and code requests together (lib/rate-limit): each case
// that mails has 10 addresses of its own, at most 4 calls each (a known one also had its sign-up mail).
const PER_CASE = 10;
const KNOWN = Array.from({ length: 3 * PER_CASE }, (_, i) => `known${i}@example.com`);
const UNKNOWN = Array.from({ length: 3 * PER_CASE }, (_, i) => `nobody${i}@example.com`);

let client = 0;
/** Each call from another client (TRUST_PROXY=1), so that no rate limit of one client is reached. */
async function post(pathname, body) {
  client += 1;
  const started = performance.now();
  const response = await fetch(origin + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `10.${(client >> 8) & 255}.${client & 255}.9` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];


function signUpToken(dataDir, email) {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return undefined;
  for (const file of readdirSync(folder)) {
    const mail = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    const token = mail.to === email ? /\/signup\/confirm\/([A-Za-z0-9_-]{43})\//.exec(mail.text)?.[1] : undefined;
    if (token) return token;
  }
  return undefined;
}

async function createAccount(dataDir, email) {
  await post('/api/auth/signup/', { name: 'Known', email, password: PASSWORD });
  for (let i = 0; i < 100; i++) {
    const token = signUpToken(dataDir, email);
    if (token) {
      const done = await post('/api/auth/signup/confirm/', { token });
      if (done.status !== 201) throw new Error(`confirming ${email} answered ${done.status} ${done.text}`);
      return;
    }
    await sleep(100);
  }
  throw new Error(`no sign-up mail to ${email}`);
}

async function compare(pathname, bodyFor) {
  // Every address once before the timed calls, so that its rate-limit rows exist on both sides alike.
  for (let i = 0; i < PER_CASE; i++) {
    for (const known of [true, false]) {
      await post(pathname, bodyFor(known, i));
      await sleep(400);
    }
  }
  const answers = { known: [], unknown: [] };
  for (let i = 0; i < CALLS; i++) {
    for (const known of i % 2 === 0 ? [true, false] : [false, true]) {
      answers[known ? 'known' : 'unknown'].push(await post(pathname, bodyFor(known, i)));
      // Work the handler leaves for after the answer (the mails, a code's hash) is not part of the next call's time;
      // with 150 ms the code hashes queued up on 2 cores and the hash gate answered some requests 'busy'.
      await sleep(400);
    }
  }
  const [known, unknown] = [median(answers.known.map((a) => a.ms)), median(answers.unknown.map((a) => a.ms))];
  const all = [...answers.known, ...answers.unknown];
  const same = all.every((a) => a.status === all[0].status && a.text === all[0].text);
  return { known, unknown, spread: Math.abs(known - unknown) / Math.max(known, unknown), same, status: all[0].status };
}

export async function enumerationRows() {
  const { dataDir, stop } = await startSiteServer(port, { TRUST_PROXY: '1' });
  try {
    for (const email of KNOWN) await createAccount(dataDir, email);
    const address = (known, i, first = 0) => (known ? KNOWN : UNKNOWN)[first + (i % PER_CASE)];
    const cases = {
      'sign-up': await compare('/api/auth/signup/', (known, i) => ({ name: 'Sam', email: address(known, i), password: PASSWORD })),
      'sign-in (wrong password / no account)': await compare('/api/auth/signin/', (known, i) => ({ email: address(known, i), password: 'not-the-password-1' })),
      'reset request': await compare('/api/auth/resetemail/', (known, i) => ({ email: address(known, i, PER_CASE) })),
      'sign-in code request': await compare('/api/auth/code/', (known, i) => ({ email: address(known, i, 2 * PER_CASE) })),
      'sign-in code (wrong code)': await compare('/api/auth/code/verify/', (known, i) => ({ email: address(known, i), code: '000000' })),
    };
    return Object.entries(cases).map(([name, r]) => ({
      area: `account enumeration (medians of ${CALLS})`,
      measure: `${name}: known / unknown address`,
      value: `${r.known.toFixed(1)} / ${r.unknown.toFixed(1)} ms (${(r.spread * 100).toFixed(1)}%), ${r.same ? `same answer ${r.status}` : '**answers differ**'}`,
      target: 'within 10%, same answer',
      pass: r.spread <= 0.1 && r.same,
    }));
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await enumerationRows();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else for (const row of rows) console.log(`${row.measure}: ${row.value} (target ${row.target}: ${row.pass ? 'met' : 'NOT met'})`);
}

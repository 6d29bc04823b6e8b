#!/usr/bin/env node
// The production server while the owner downloads the appointments export of a generated history (100,000
// appointments, scripts/bench/export-memory-seed.ts), on PGlite and on a throw-away PostgreSQL server: its resident set
// (/proc/PID/status, VmRSS, sampled every 100 ms) idle on an empty database and on the history, during downloads read
// slowly (a throttled reader, gzip as browsers ask and uncompressed as curl does) and read as fast as they come; and
// whether it stops reading batches when the reader stops (its CPU time, /proc/PID/stat, while the reader waits, and
// what sits in the kernel's socket buffers meanwhile, from `ss`); and its V8 heap after a full collection (forced by a
// heap snapshot, read from --trace-gc) before and after the downloads: what it kept, apart from garbage the collector
// had not yet come to, which RSS counts too. Needs a production build (.next, or NEXT_DIST_DIR).
//   npm run bench:export-memory            (BENCH_EXPORT_PORT, BENCH_EXPORT_APPOINTMENTS to change)
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { startSiteServer } from './site-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_EXPORT_PORT ?? 3341);
const MB = 1024 * 1024;
/** The server's CPU while the reader has stopped, once the socket buffers are full: what polls cost an idle server. */
const STOPPED_CPU_S = 0.2;
/** What the live heap may differ by after the downloads: caches of a first use, not rows. */
const KEPT_MB = 10;

function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** User and system CPU seconds of a process (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Bytes waiting in the kernel on the connections to `port` (the server's send queue and the client's receive queue). */
function queuedBytes(port) {
  try {
    const out = execFileSync('ss', ['-tnH', 'state', 'established', `( sport = :${port} or dport = :${port} )`], { encoding: 'utf8' });
    return out
      .trim()
      .split('\n')
      .filter(Boolean)
      .reduce((sum, line) => {
        const [recv, send] = line.trim().split(/\s+/).map(Number);
        return sum + recv + send;
      }, 0);
  } catch {
    return undefined;
  }
}

/**
 * The V8 heap after a full collection: a heap snapshot (SIGUSR2, --heapsnapshot-signal) collects everything first,
 * and --trace-gc prints the collection's 'Mark-Compact ... -> N (M) MB' to the log.
 */
async function liveHeapMb(pid, log) {
  const collections = () => [...readFileSync(log, 'utf8').matchAll(/Mark-Compact[^\n]*?-> ([\d.]+) \(/g)].map((m) => Number(m[1]));
  const before = collections().length;
  process.kill(pid, 'SIGUSR2');
  // The snapshot's collections are reported before it is written: the last of them once a second passes without another.
  let seen = before;
  let quietSince = performance.now();
  for (let i = 0; i < 600; i++) {
    await sleep(100);
    const now = collections();
    if (now.length !== seen) [seen, quietSince] = [now.length, performance.now()];
    else if (seen > before && performance.now() - quietSince > 1000) return now.at(-1);
  }
  throw new Error('no full collection reported after the heap snapshot');
}

/** Samples the server's RSS every 100 ms until stopped; `at(share)` is the first sample once that share of the rows had arrived. */
function sampler(pid, progress) {
  const samples = [];
  const take = () => samples.push({ at: progress(), mb: rssMb(pid) });
  take();
  const timer = setInterval(take, 100);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak: Math.max(...samples.map((s) => s.mb)), at: (share) => (samples.find((s) => s.at >= share) ?? samples.at(-1)).mb };
    },
  };
}

/**
 * Downloads `url` reading at most `bytesPerSecond` of what arrives on the wire (Infinity: as fast as it comes), the
 * socket paused between reads as a slow connection would leave it; `stall` stops reading once that many rows have
 * arrived and waits for it to resolve.
 */
function download(url, { cookie, gzip, bytesPerSecond = Infinity, onRows = () => {}, stall }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { cookie, 'accept-encoding': gzip ? 'gzip' : 'identity' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let wire = 0;
      let text = 0;
      let lines = 0;
      let stalled = false;
      const body = gzip ? res.pipe(createGunzip()) : res;
      body.on('data', (chunk) => {
        text += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        onRows(lines);
        if (stall && !stalled && lines >= stall.afterRows) {
          stalled = true;
          res.pause();
          stall.wait().then(() => res.resume(), reject);
        }
      });
      res.on('data', (chunk) => {
        wire += chunk.length;
        const wait = started + (wire / bytesPerSecond) * 1000 - performance.now();
        if (wait > 0 && !stalled) {
          res.pause();
          setTimeout(() => (stalled ? undefined : res.resume()), wait);
        }
      });
      body.on('end', () => resolve({ wireBytes: wire, textBytes: text, rows: lines - 1, seconds: (performance.now() - started) / 1000, encoding: res.headers['content-encoding'] ?? 'identity' }));
      body.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Idle: a health check and an export of a single day answered, then three seconds' rest, then the RSS over three more. */
async function idleRss(server, cookie, day) {
  if (cookie) await download(`${server.origin}/api/desk/exports/appointments.csv?from=${day}&to=${day}`, { cookie, gzip: true });
  await sleep(3000);
  const watch = sampler(server.pid, () => 0);
  await sleep(3000);
  return watch.stop().peak;
}

/** The measurements on the database the environment names (DATABASE_URL, else a PGlite folder of its own). */
async function measure({ distDir }) {
  const postgres = Boolean(process.env.DATABASE_URL);
  const kind = postgres ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-export-'));
  // The mail worker's round (reminders of the history's visits tomorrow) would add its own CPU and memory: an hour apart.
  const serverEnv = { DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '3600000', ...(distDir ? { NEXT_DIST_DIR: distDir } : {}) };
  const rows = [];
  const note = (measure, value, target = '', pass = '') => rows.push({ area: 'export memory', measure: `${measure}, ${kind}`, value, target, pass });
  try {
    // The same server on the database as the site fills it: the catalogue, no history (started twice: the first start
    // migrates and seeds it, which the second, like any later start, does not).
    await (await startSiteServer(PORT, serverEnv)).stop();
    const empty = await startSiteServer(PORT, serverEnv);
    const emptyIdle = await idleRss(empty, undefined);
    await empty.stop();
    note('server RSS idle, the catalogue and no history', `${emptyIdle.toFixed(0)} MB`);

    const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '', DATA_DIR: dataDir };
    const seeded = JSON.parse(
      execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/export-memory-seed.ts'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
        .trim()
        .split('\n')
        .at(-1),
    );
    const history = `${seeded.appointments.toLocaleString('en-US')} appointments`;
    const log = path.join(dataDir, 'server.log');
    const logFd = openSync(log, 'w');
    // A heap snapshot leaves the RSS hundreds of MB higher: the heap before the downloads is taken on a server of its
    // own, after the same warm-up, and the one after them at the very end.
    const traced = () => startSiteServer(PORT, serverEnv, { nodeArgs: ['--trace-gc', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`], stdout: logFd });
    const before = await traced();
    let heldBefore;
    try {
      await idleRss(before, seeded.cookie, seeded.to);
      heldBefore = await liveHeapMb(before.pid, log);
    } finally {
      await before.stop();
    }
    const server = await traced();
    try {
      const url = `${server.origin}/api/desk/exports/appointments.csv?from=${seeded.from}&to=${seeded.to}&location=all`;
      const idle = await idleRss(server, seeded.cookie, seeded.to);
      note(`server RSS idle, a generated history of ${history}, after an export of one day`, `${idle.toFixed(0)} MB`);

      // A reader that stops: the server must stop reading batches once the socket's buffers are full.
      const idleFrom = cpuSeconds(server.pid);
      await sleep(5000);
      const idleCpu = cpuSeconds(server.pid) - idleFrom;
      let stoppedCpu = 0;
      let queued;
      const stalled = await download(url, {
        cookie: seeded.cookie,
        gzip: false,
        stall: {
          afterRows: 2000,
          wait: async () => {
            await sleep(5000);
            const before = cpuSeconds(server.pid);
            await sleep(5000);
            stoppedCpu = cpuSeconds(server.pid) - before;
            queued = queuedBytes(PORT);
          },
        },
      });
      const csvPerRow = stalled.textBytes / stalled.rows;
      note(
        `appointments.csv uncompressed, the reader stops 2,000 rows in for 10 s: the server's CPU in the last 5 s, and what waits in the kernel's socket buffers`,
        `${stoppedCpu.toFixed(2)} s (idle: ${idleCpu.toFixed(2)} s)${queued === undefined ? '' : `; ${(queued / MB).toFixed(1)} MB (about ${Math.round(queued / csvPerRow).toLocaleString('en-US')} rows)`}`,
        `< ${STOPPED_CPU_S} s: no batch read while the reader waits`,
        stalled.rows === seeded.appointments && stoppedCpu < STOPPED_CPU_S,
      );
      await sleep(3000);

      for (const [name, options] of [
        ['slow reader, gzip (as a browser asks) at 96 KB/s on the wire', { gzip: true, bytesPerSecond: 96 * 1024 }],
        ['slow reader, uncompressed (as curl asks) at 512 KB/s', { gzip: false, bytesPerSecond: 512 * 1024 }],
        ['fast reader, gzip', { gzip: true }],
      ]) {
        let lines = 0;
        const watch = sampler(server.pid, () => lines / seeded.appointments);
        const result = await download(url, { cookie: seeded.cookie, ...options, onRows: (n) => (lines = n) });
        const memory = watch.stop();
        const series = [0.25, 0.5, 0.75, 1].map((share) => memory.at(share).toFixed(0)).join(' / ');
        note(
          `appointments.csv, ${result.rows.toLocaleString('en-US')} rows (${(result.textBytes / MB).toFixed(1)} MB of CSV, ${(result.wireBytes / MB).toFixed(1)} MB ${result.encoding}), ${name}, ${result.seconds.toFixed(1)} s: server RSS, garbage not yet collected included: peak (over idle); at a quarter / half / three quarters / all of the rows`,
          `${memory.peak.toFixed(0)} MB (+${(memory.peak - idle).toFixed(0)}); ${series} MB`,
          'every row',
          result.rows === seeded.appointments,
        );
        await sleep(3000);
      }
      const heldAfter = await liveHeapMb(server.pid, log);
      note(
        `the server's V8 heap after a full collection, idle and after four downloads of the whole export of ${history}`,
        `${heldBefore.toFixed(1)} MB, then ${heldAfter.toFixed(1)} MB`,
        `within ${KEPT_MB} MB: no row kept`,
        Math.abs(heldAfter - heldBefore) <= KEPT_MB,
      );
    } finally {
      await server.stop();
    }
    closeSync(logFd);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** PGlite here, then PostgreSQL on a throw-away server (scripts/with-postgres.sh) in a child process. */
export async function exportMemoryRows({ distDir = process.env.NEXT_DIST_DIR } = {}) {
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  let rows;
  try {
    rows = await measure({ distDir });
  } finally {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  }
  const env = { ...process.env, NODE_OPTIONS: '', ...(distDir ? { NEXT_DIST_DIR: distDir } : {}) };
  delete env.DATABASE_URL;
  const out = execFileSync('bash', ['scripts/with-postgres.sh', process.execPath, 'scripts/bench/export-memory.mjs', '--json'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  rows.push(...JSON.parse(out.trim().split('\n').at(-1)));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(await measure({ distDir: process.env.NEXT_DIST_DIR })));
  } else {
    const rows = await exportMemoryRows();
    console.log('| area | measure | value | target | met |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.area} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass === '' ? '' : row.pass ? 'yes' : '**no**'} |`);
  }
}

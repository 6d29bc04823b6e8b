import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS, WORKER_PORT_OFFSET } from './worker-server';

/**
 * Extra `next start` servers for specs that need an environment of their own (proxy mode, an unreachable shop) or
 * that kill the server. They run the same build as the default web server (NEXT_DIST_DIR passes through).
 */

/** E2E_PORT plus an offset: each runner (CI on 3100, an engineer on their own range) keeps its servers apart. */
export function portFromE2e(offset: number): number {
  // From WORKER_PORT_OFFSET on, the ports are the workers' default servers' (phone-visit's 91 was worker 1's).
  if (!Number.isInteger(offset) || offset < 1 || offset >= WORKER_PORT_OFFSET) throw new Error(`a spec's server offset is 1 to ${WORKER_PORT_OFFSET - 1}, not ${offset}`);
  return Number(process.env.E2E_PORT ?? 3100) + offset;
}

/** An empty data folder of its own under the run's DATA_DIR (one PGlite per process). */
export function freshDataDir(name: string): string {
  const dir = path.resolve(process.env.DATA_DIR ?? '.data/e2e', name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * A data folder of its own under the run's DATA_DIR holding a copy of a database that one server of this build has
 * already migrated and seeded, for a spec that needs a database of its own but is not about opening a new one. A
 * server on a new folder spends most of its start migrating and seeding it (about 15 of 25 s on a busy two-core
 * machine); on a copy it finds nothing to do. The copy is taken once per build and run, by whichever worker asks first
 * (the other waits for it).
 */
export async function seededDataDir(name: string): Promise<string> {
  const template = await seededTemplate();
  const dir = freshDataDir(name);
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** Offset of the server that makes the template (once per run, stopped before the first copy). */
const TEMPLATE_OFFSET = 79;
const TEMPLATE_WAIT_MS = 170_000;

async function seededTemplate(): Promise<string> {
  // The seed is the build's catalogue: a template from another build is not reused.
  const buildId = readFileSync(path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'), 'utf8').trim();
  const dir = path.resolve(process.env.DATA_DIR ?? '.data/e2e', `.seeded-${buildId}`);
  const ready = path.join(dir, 'ready');
  const claim = `${dir}.claim`;
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (!existsSync(ready)) {
    if (claimed(claim)) {
      try {
        // Made by another worker between the look and the claim.
        if (existsSync(ready)) break;
        rmSync(dir, { recursive: true, force: true });
        const server = await startNextServer(portFromE2e(TEMPLATE_OFFSET), { DATA_DIR: dir, DATABASE_URL: undefined, SALON_API_URL: undefined });
        const status = await server.kill('SIGTERM');
        if (status !== 0) throw new Error(`the template database's server stopped with status ${status}:\n${server.output()}`);
        writeFileSync(ready, '');
      } finally {
        rmSync(claim, { force: true });
      }
    } else {
      if (Date.now() > deadline) throw new Error(`no template database in ${dir} after ${TEMPLATE_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return dir;
}

/** Claims the making of the template for this process; a claim left by a process that is gone is taken over. */
function claimed(claim: string): boolean {
  try {
    writeFileSync(claim, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder = NaN;
  try {
    holder = Number(readFileSync(claim, 'utf8'));
  } catch {
    // Removed meanwhile: the next round claims it or finds the template ready.
    return false;
  }
  if (isRunning(holder)) return false;
  rmSync(claim, { force: true });
  return false;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface NextServer {
  origin: string;
  /** Sends the signal to the server's process group and waits until it has ended; answers its exit status. */
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
  /** The last 400 lines it printed (for failure messages). */
  output(): string;
  /** Every line it printed to stderr (console.error and console.warn), for a test that no error was logged. */
  stderr(): string[];
}

const READY_TIMEOUT_MS = 120_000;
const PORT_FREE_WAIT_MS = 5_000;

// Servers still running when the runner's worker ends (a failed hook or test) are not left behind.
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/**
 * Starts the site's server (server.mjs, as `npm start` does; or Next.js's own `next start`, as a host without
 * server.mjs runs it) on 127.0.0.1:port with the given variables (undefined removes one) and waits until
 * /api/health/ answers 200: a new PGlite folder took up to a minute to open on a busy machine.
 */
export async function startNextServer(port: number, vars: Record<string, string | undefined>, { server = 'server.mjs' }: { server?: 'server.mjs' | 'next start' } = {}): Promise<NextServer> {
  const origin = `http://127.0.0.1:${port}`;
  // Another server's health answer would pass for this one's (a spec's offset on a worker's port did, CI 56c). A
  // server just killed on this port (a restart) lets it go within moments.
  const freeBy = Date.now() + PORT_FREE_WAIT_MS;
  while (await answers(port)) {
    if (Date.now() > freeBy) throw new Error(`port ${port} is taken: a spec's server needs an offset of its own (below 90: worker-server.ts)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SITE_URL: origin };
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const args = [...SERVER_NODE_FLAGS, ...(server === 'server.mjs' ? ['server.mjs'] : ['node_modules/next/dist/bin/next', 'start', '--hostname', '127.0.0.1', '--port', String(port)])];
  const child = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    // Its own process group, so that a kill reaches every process it started and nothing else.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 400));
  };
  const stderrLines: string[] = [];
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.stderr.on('data', (chunk: Buffer) => stderrLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  let ended = false;
  running.add(child.pid!);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      ended = true;
      running.delete(child.pid!);
      resolve(code);
    }),
  );
  const output = () => lines.join('\n');
  const stderr = () => [...stderrLines];

  const kill = async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
    if (!ended) {
      try {
        process.kill(-child.pid!, signal);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    return exited;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`next start on ${origin} ended before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/health/`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return { origin, kill, output, stderr };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await kill('SIGKILL');
  throw new Error(`next start on ${origin} was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** Whether something listens on 127.0.0.1:port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

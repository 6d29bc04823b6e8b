import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Extra `next start` servers for specs that need an environment of their own (proxy mode, an unreachable shop) or
 * that kill the server. They run the same build as the default web server (NEXT_DIST_DIR passes through).
 */

/** E2E_PORT plus an offset: each runner (CI on 3100, an engineer on their own range) keeps its servers apart. */
export function portFromE2e(offset: number): number {
  return Number(process.env.E2E_PORT ?? 3100) + offset;
}

/** An empty data folder of its own under the run's DATA_DIR (one PGlite per process). */
export function freshDataDir(name: string): string {
  const dir = path.resolve(process.env.DATA_DIR ?? '.data/e2e', name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
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
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SITE_URL: origin };
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const args = server === 'server.mjs' ? ['server.mjs'] : ['node_modules/next/dist/bin/next', 'start', '--hostname', '127.0.0.1', '--port', String(port)];
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

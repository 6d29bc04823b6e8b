// A production server of the site for one benchmark: server.mjs on its own port and throw-away data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Starts it and waits until /api/health/ answers 200; `stop()` ends it and removes its data folder; `pid` is its
 * process. `nodeArgs` go to Node before server.mjs; `stdout`, a file descriptor, takes what it prints.
 */
export async function startSiteServer(port, env = {}, { nodeArgs = [], stdout = 'ignore' } = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  const server = spawn(process.execPath, [...nodeArgs, 'server.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: origin, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health/`)).status === 200) return { origin, dataDir, pid: server.pid, stop };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`${origin} did not come up`);
}

import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/worker-server';
import { freshDataDir, portFromE2e } from './support/next-server';

/**
 * One process per data folder: `npm start` is one process that a signal stops, and while it runs neither a second
 * server nor `create-staff` opens its PGlite folder (they would write beside it unseen). A server that cannot listen
 * ends at once, saying why, so that a supervisor sees the failure.
 */

const run = promisify(execFile);

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).status === 200;
  } catch {
    return false;
  }
}

test('npm start stops on SIGTERM, and holds its data folder against a second server and create-staff meanwhile', async () => {
  test.setTimeout(240_000);
  const port = portFromE2e(7);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = freshDataDir('process');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: origin };
  const npm = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => answers(`${origin}/api/health/`), { timeout: 120_000, message: output }).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const second = await run(process.execPath, ['server.mjs'], { env: { ...env, PORT: String(port + 100) } }).catch((error: { code: number; stderr: string }) => error);
    expect(second).toMatchObject({ code: 1, stderr: expect.stringMatching(/in use by another process \(pid \d+\).*Stop it first/) });

    const staff = await run(process.execPath, ['scripts/create-staff.mjs', 'someone@example.com'], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(staff).toMatchObject({ code: 3, stderr: expect.stringMatching(/in use by another process/) });
  } finally {
    npm.kill('SIGTERM');
  }
  await exited;
  expect(await answers(`${origin}/api/health/`)).toBe(false);
  expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  // The folder is free: create-staff opens it and only finds no such account.
  const after = await run(process.execPath, ['scripts/create-staff.mjs', 'someone@example.com'], { env }).catch((error: { code: number; stderr: string }) => error);
  expect(after).toMatchObject({ code: 1, stderr: expect.stringMatching(/No account with the e-mail/) });
});

test('npm start on a busy port ends at once with status 1, saying why in one line, before it opens a database', async () => {
  test.setTimeout(90_000);
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  const dataDir = freshDataDir('process-busy-port');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` };
  try {
    const startedAt = Date.now();
    // It stayed up before, its mail worker polling: the timeout ends it, and the test fails on its status.
    const answer = await run('npm', ['start'], { env, timeout: 60_000 }).catch((error: { code: number | null; stderr: string }) => error);
    const took = Date.now() - startedAt;
    expect(answer).toMatchObject({ code: 1 });
    expect(answer.stderr.trim().split('\n')).toEqual([
      `[server] Cannot start: 127.0.0.1 port ${port} is already in use by another process. Stop that process or set PORT to a free port.`,
    ]);
    expect(took).toBeLessThan(20_000);
    // Its data folder holds no database (and no lock left behind): nothing was opened.
    expect(readdirSync(dataDir)).toEqual([]);
  } finally {
    taken.close();
  }
});

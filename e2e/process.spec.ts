import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/worker-server';
import { freshDataDir, portFromE2e } from './support/next-server';

/**
 * One process per data folder: `npm start` is one process that a signal stops, and while it runs neither a second
 * server nor `create-staff` opens its PGlite folder (they would write beside it unseen).
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

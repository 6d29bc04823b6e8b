import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.mjs';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('one process per PGlite data folder', () => {
  it('refuses a second owner while the first runs, and frees the folder on release', () => {
    const dir = folder();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = folder();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(path.join(dir, 'pglite.lock'), String(child.pid));
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});

describe('the lock within one process', () => {
  it('is taken again without a fight, and released by its first taker', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    const again = lockDataDir(dir);
    again();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});

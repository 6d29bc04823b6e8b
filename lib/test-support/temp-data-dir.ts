import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A fresh DATA_DIR for one Jest test file: the embedded database of that file lives there and is removed after.
 * Call at the top level of the test file; pair with closeDb() in afterAll.
 */
export function createTempDataDir(prefix = 'salon-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, SALON_API_URL: process.env.SALON_API_URL };
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  delete process.env.SALON_API_URL;
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return dir;
}

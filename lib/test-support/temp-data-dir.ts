import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyTemplateDatabase } from './template-db';

/**
 * A fresh DATA_DIR for one Jest test file: the embedded database of that file lives there and is removed after.
 * It starts as a copy of one migrated, seeded database (template-db.ts), or empty with `{ empty: true }` for tests
 * of the first start itself. Call at the top level of the test file, before any hook that opens the database;
 * pair with closeDb() in afterAll.
 */
export function createTempDataDir(prefix = 'salon-test-', { empty = false }: { empty?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, SALON_API_URL: process.env.SALON_API_URL };
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  delete process.env.SALON_API_URL;
  if (!empty) beforeAll(() => copyTemplateDatabase(dir), 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return dir;
}

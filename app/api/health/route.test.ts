import { closeDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(120_000);
createTempDataDir();
afterAll(closeDb);

describe('GET /api/health/', () => {
  it('answers once the database is open and migrated', async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, backend: 'pglite' });
  });

  it('answers 503 when the database cannot open', async () => {
    await closeDb();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://nobody:none@127.0.0.1:1/none';
    try {
      const response = await GET();
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('database_unavailable');
    } finally {
      process.env.DATABASE_URL = previous;
      if (previous === undefined) delete process.env.DATABASE_URL;
      spy.mockRestore();
      await closeDb();
    }
  });
});

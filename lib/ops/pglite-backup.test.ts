import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupSocketPath, requestBackup, serveBackups } from './pglite-backup.mjs';

/** The running site's backup channel, without a database: what it answers and how it refuses. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-channel-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('answers the schema version and the bytes, on a socket only its user may open', async () => {
  const server = await serveBackups({ dataDir, backup: async () => ({ schemaVersion: '0190_passkeys', data: new Uint8Array([1, 2, 3, 10, 4]) }) });
  try {
    expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    const { schemaVersion, data } = await requestBackup(dataDir, 123);
    expect(schemaVersion).toBe('0190_passkeys');
    expect([...data]).toEqual([1, 2, 3, 10, 4]);
  } finally {
    server!.close();
  }
});

it("passes on the site's failure in a sentence, and refuses anything but 'backup'", async () => {
  const log = { warn: jest.fn(), error: jest.fn() };
  const server = await serveBackups({ dataDir, log, backup: async () => Promise.reject(new Error('PGlite is closing')) });
  try {
    await expect(requestBackup(dataDir, 123)).rejects.toThrow('The site could not copy its database: PGlite is closing');
    expect(log.error).toHaveBeenCalledTimes(1);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const connection = createConnection(backupSocketPath(dataDir), () => connection.write('dump everything\n'));
      connection.on('data', (chunk) => (text += chunk));
      connection.on('end', () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, message: 'Unknown request: this socket answers "backup".' });
  } finally {
    server!.close();
  }
});

it('says when nothing answers, and when DATA_DIR is too long a path for a socket', async () => {
  await expect(requestBackup(dataDir, 4242)).rejects.toThrow(/^The site \(pid 4242\) holds .* but does not answer backups on .*backup\.sock: it may still be starting/);
  const deep = path.join(dataDir, 'x'.repeat(100));
  const log = { warn: jest.fn(), error: jest.fn() };
  expect(await serveBackups({ dataDir: deep, log, backup: async () => ({ schemaVersion: null, data: new Uint8Array() }) })).toBeNull();
  expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('backups of the running site are off; use a shorter DATA_DIR'));
  await expect(requestBackup(deep, 4242)).rejects.toThrow(/cannot be asked for a backup: stop it and run the backup again, or use a shorter DATA_DIR/);
});

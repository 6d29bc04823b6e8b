import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { signUpByApi } from './support/mail';
import { freshDataDir, portFromE2e, seededDataDir, startNextServer, type NextServer } from './support/next-server';

/**
 * Backups of the embedded database through the production server: `npm run backup` while the site takes bookings
 * (the site makes the copy: it owns its PGlite folder), then the site stopped, `npm run restore` into an empty
 * DATA_DIR, and a new server on it: the customer is still signed in and finds her visits.
 */
const PASSWORD = 'violet-canal-58-ferry';

function run(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join('scripts', `${script}.mjs`), ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The Monday at least a week ahead, in New York, 'YYYY-MM-DD'. */
function nextMonday(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 7));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test('backed up while booking, restored into an empty folder: the same customer, signed in, finds every visit', async () => {
  test.setTimeout(300_000);
  const port = portFromE2e(21);
  const dataDir = await seededDataDir('backup');
  const restoredDir = freshDataDir('backup-restored');
  const backups = path.join(dataDir, '..', 'backup-files');
  rmSync(backups, { recursive: true, force: true });
  let server: NextServer | undefined = await startNextServer(port, { DATA_DIR: dataDir, DATABASE_URL: undefined });
  let api: APIRequestContext | undefined;
  try {
    api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
    const email = `backup-${Date.now()}@example.com`;
    const { id } = await signUpByApi(api, { name: 'Bea Backup', email, password: PASSWORD });
    const locations = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
    const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
    const { slots } = await (await api.get(`/api/slots/1/1/1/${nextMonday()}/${wax.duration}/`)).json();
    // Times far enough apart that one customer's visits do not overlap.
    const starts: string[] = [];
    for (const slot of slots as { start: string }[]) {
      if (starts.length === 0 || Date.parse(slot.start) >= Date.parse(starts.at(-1)!) + wax.duration * 60_000) starts.push(slot.start);
    }
    expect(starts.length).toBeGreaterThanOrEqual(4);
    const book = (start: string) =>
      api!.post(`/api/appointments/${id}/`, {
        data: {
          header: { location: '1', gender: '0' },
          svcAreas: [{ areaId: 1, svcTherapist: 1, svcDate: start, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
        },
      });
    expect((await book(starts[0]!)).status()).toBe(201);

    // Bookings go on while the backup runs; each is answered as usual.
    const [made, ...during] = await Promise.all([run('backup', ['--dir', backups], dataDir), book(starts[1]!), book(starts[2]!), book(starts[3]!)]);
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^Backed up the embedded database from the running site \(pid \d+\)/);
    expect(during.map((response) => response.status())).toEqual([201, 201, 201]);
    const [file] = readdirSync(backups);
    expect(file).toMatch(/^salon-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-\d{4}_[a-z_]+\.pglite\.tar\.gz$/);
    const booked = (await (await api.get(`/api/appointments/${id}/`)).json()) as { cards: { appointments: { start: string }[] }[] };
    const cookies = await api.storageState();
    await api.dispose();
    api = undefined;
    await server.kill('SIGTERM');
    server = undefined;

    const restored = await run('restore', [path.join(backups, file!)], restoredDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    server = await startNextServer(port, { DATA_DIR: restoredDir, DATABASE_URL: undefined });
    api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin }, storageState: cookies });
    const back = (await (await api.get(`/api/appointments/${id}/`)).json()) as { cards: { appointments: { start: string }[] }[] };
    // The first visit was booked before the backup began; those booked during it are in the copy or not, never half.
    // Cards come newest first: the last is the visit booked before the backup.
    expect(booked.cards).toHaveLength(4);
    expect(back.cards).toContainEqual(booked.cards.at(-1));
    for (const card of back.cards) expect(booked.cards).toContainEqual(card);
  } finally {
    await api?.dispose();
    await server?.kill();
  }
});

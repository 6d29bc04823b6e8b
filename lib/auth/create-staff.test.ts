import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { runScript } from '@/lib/test-support/run-script';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';

jest.setTimeout(120_000);
const dataDir = createTempDataDir();
afterAll(closeDb);

const run = (...args: string[]) => runScript('create-staff', args, { DATA_DIR: dataDir });

describe('npm run create-staff', () => {
  it('makes an existing account staff, and says so plainly when there is none', async () => {
    const db = await getDb();
    await db.insert(users).values({ email: 'boss@example.com', name: 'Boss', passwordHash: 'x' });
    await closeDb();
    const missing = await run('nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No account with the e-mail nobody@example.com/);
    const done = await run(' Boss@Example.com ');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/boss@example.com is now a front-desk account/);
    const [row] = await (await getDb()).select({ role: users.role }).from(users).where(eq(users.email, 'boss@example.com'));
    expect(row?.role).toBe('staff');
    await closeDb();
    const owner = await run('--owner', 'boss@example.com');
    expect(owner.stdout).toMatch(/boss@example.com is now an owner account/);
    const [after] = await (await getDb()).select({ role: users.role }).from(users).where(eq(users.email, 'boss@example.com'));
    expect(after?.role).toBe('owner');
    await closeDb();
    expect((await run('--admin', 'boss@example.com')).code).toBe(2);
  });

  it('refuses while another process holds the PGlite folder, and says what to do', async () => {
    const db = await getDb();
    await db.insert(users).values({ email: 'held@example.com', name: 'Held', passwordHash: 'x' }).onConflictDoNothing();
    const refused = await run('held@example.com');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(new RegExp(`in use by another process \\(pid ${process.pid}\\).*Stop it first`));
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, 'held@example.com'));
    expect(row?.role).toBe('customer');
  });
});

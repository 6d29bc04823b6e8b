import { test } from './worker-server';
import { OWNER_DOMAIN, STAFF_DOMAIN } from '../../playwright.config';
import { portFromE2e, seededDataDir, startNextServer, type NextServer } from './next-server';

/**
 * Runs the calling spec file against a server of its own (E2E_PORT + offset) on an embedded database of its own (a
 * copy of one migrated and seeded: next-server.ts seededDataDir), with
 * staff at the journeys' STAFF_EMAILS domain and owners at their OWNER_EMAILS domain. Every browser of a run comes
 * from 127.0.0.1, and the site allows one address 30 sign-ups an hour: the front desk's and the waitlist's journeys,
 * which sign up staff and customers of their own, get their own counters (and data) this way instead of using up the
 * other journeys' allowance.
 * Call once at the top level of a spec file.
 */
export function runOnOwnServer(name: string, offset: number, vars: Record<string, string | undefined> = {}) {
  const port = portFromE2e(offset);
  let server: NextServer | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startNextServer(port, { DATA_DIR: await seededDataDir(name), STAFF_EMAILS: STAFF_DOMAIN, OWNER_EMAILS: OWNER_DOMAIN, DATABASE_URL: undefined, ...vars });
  });
  test.afterAll(async () => {
    await server?.kill();
  });
}

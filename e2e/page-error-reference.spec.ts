import pg from 'pg';
import { expect, test } from './support/worker-server';
import { createDatabase } from './support/catalog-sql';
import { signUp, unique } from './support/journeys';
import { freshDataDir, portFromE2e, startNextServer, type NextServer } from './support/next-server';
import { OWNER_DOMAIN } from '../playwright.config';

/**
 * The reference a failed page shows is the id of the request that failed, the one its answer's X-Request-Id carries
 * and the server's log line names: a page made to fail for real in Chromium, on the production build under server.mjs.
 * The failure is the database's: the owner's activity page reads a table that the test renames away on the site's
 * PostgreSQL (no switch in the site makes a page fail), and puts back after.
 *
 * Needs E2E_POSTGRES_URL, as e2e/next-start.spec.ts does; the server has a database of its own there. Port E2E_PORT + 11.
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
const PORT = portFromE2e(11);

test.describe.configure({ timeout: 180_000 });

let server: NextServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (!POSTGRES_URL) {
    throw new Error(
      'e2e/page-error-reference.spec.ts needs E2E_POSTGRES_URL: run it through scripts/with-postgres.sh, as scripts/test-all.sh does: ' +
        `bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npx playwright test e2e/page-error-reference.spec.ts'`,
    );
  }
  database = await createDatabase(POSTGRES_URL, `page_error_${process.pid}`);
  server = await startNextServer(PORT, { DATABASE_URL: database.url, DATA_DIR: freshDataDir('page-error-reference'), OWNER_EMAILS: OWNER_DOMAIN, LOG_FORMAT: 'json' });
});

test.afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

async function sql(text: string) {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test("a page that fails shows 'Reference: <id>', the id of its request in X-Request-Id and in the server's log line", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.origin });
  const page = await context.newPage();
  await signUp(page, 'Odile', `owner-${unique()}${OWNER_DOMAIN}`, '/desk/activity/');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByText(/^Reference: /)).toHaveCount(0);

  await sql('alter table activity_log rename to activity_log_away');
  try {
    const answer = await page.goto('/desk/activity/');
    const id = answer!.headers()['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' })).toBeVisible();
    await expect(page.getByText(/^Reference: /)).toHaveText(`Reference: ${id}`);

    // The log: the request's line with that id, and the page's error logged while it was handled, under the same id.
    await expect
      .poll(() => server!.output().split('\n').filter((line) => line.includes(`"${id}"`)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const lines = server!
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.id === id);
    expect(lines).toContainEqual(expect.objectContaining({ method: 'GET', path: '/desk/activity/', id }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', id, msg: expect.stringContaining('activity_log') }));
  } finally {
    await sql('alter table activity_log_away rename to activity_log');
  }

  // Put back, the page loads again, and 'Try again' is not needed to see it.
  await page.goto('/desk/activity/');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await context.close();
});

import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { mailsTo, mailTextTo, signUpByApi } from './support/mail';
import { freshDataDir, portFromE2e, startNextServer, type NextServer } from './support/next-server';
import { createDatabase } from './support/catalog-sql';
import { allServiceItems } from '../lib/catalog/catalog';
import { OWNER_DOMAIN } from '../playwright.config';

/**
 * The production build started as a serverless or container host starts it: Next.js's own `next start`, without
 * server.mjs, on PostgreSQL, with no mail worker in the process and a scheduler's cron call instead (CRON_SECRET).
 * Needs E2E_POSTGRES_URL, as e2e/mail-instances.spec.ts does (scripts/test-all.sh provides it); the server has a
 * database of its own there, since the owner's journey changes a price.
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
const PORT = portFromE2e(22);
const CRON_SECRET = 'e2e-cron-secret-4f7c2a9d1b';
const PASSWORD = 'violet-canal-58-ferry';

test.describe.configure({ timeout: 180_000 });

/** The Monday at least a week ahead, in New York, 'YYYY-MM-DD'. */
function nextMonday(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 7));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The rate-limit counter's key of one client address (lib/rate-limit/index.ts keeps only its hash). */
/** A card of SoHo's first wax with therapist 1 at next Monday's time `index` (from the end when negative). */
async function waxCardAt(api: APIRequestContext, index: number) {
  const locations = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const { slots } = await (await api.get(`/api/slots/1/1/1/${nextMonday()}/${wax.duration}/`)).json();
  return {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 1, svcDate: slots.at(index).start, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
  };
}

const clientKey = (action: string, address: string) => `${action}:client:${createHash('sha256').update(address).digest('base64url').slice(0, 32)}`;

test('the embedded database is refused at start on a serverless host, with a sentence naming DATABASE_URL', async () => {
  const started = startNextServer(PORT, { DATABASE_URL: undefined, DATA_DIR: freshDataDir('next-start-vercel'), VERCEL: '1' }, { server: 'next start' });
  await expect(started).rejects.toThrow(/ended before it was ready:[\s\S]*This site runs on Vercel \(VERCEL is set\)[\s\S]*Set DATABASE_URL to a PostgreSQL server/);
});

test.describe('next start on PostgreSQL with CRON_SECRET', () => {
  let server: NextServer | undefined;
  let db: pg.Client | undefined;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

  test.beforeAll(async () => {
    if (!POSTGRES_URL) {
      throw new Error(
        'e2e/next-start.spec.ts needs E2E_POSTGRES_URL: run it through scripts/with-postgres.sh, as scripts/test-all.sh does: ' +
          `bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npx playwright test e2e/next-start.spec.ts'`,
      );
    }
    database = await createDatabase(POSTGRES_URL, `next_start_${process.pid}`);
    server = await startNextServer(
      PORT,
      {
        DATABASE_URL: database.url,
        OWNER_EMAILS: OWNER_DOMAIN,
        DATA_DIR: freshDataDir('next-start'),
        CRON_SECRET,
        // No worker in the process, as on a serverless host: only the cron call sends the reminder.
        MAIL_WORKER_INTERVAL_MS: '0',
        // A visit a week or two ahead is then due for its reminder.
        REMINDER_LEAD_HOURS: String(30 * 24),
        TRUST_CLIENT_ADDRESS_HEADER: 'x-real-ip',
        LOG_FORMAT: 'json',
      },
      { server: 'next start' },
    );
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  test.afterAll(async () => {
    await db?.end();
    await server?.kill();
    await database?.drop();
  });

  test('a booking is confirmed at once, and the cron call sends its reminder and says so', async () => {
    const site = server!.origin;
    const cron = await playwrightRequest.newContext({ baseURL: site });
    expect((await cron.get('/api/cron/mail/')).status()).toBe(401);
    expect((await cron.get('/api/cron/mail/', { headers: { authorization: 'Bearer not-the-secret-at-all' } })).status()).toBe(401);

    const api = await playwrightRequest.newContext({ baseURL: site, extraHTTPHeaders: { origin: site } });
    const email = `next-start-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const me = await signUpByApi(api, { name: 'Nell', email, password: PASSWORD });
    // Another run on the same PostgreSQL may hold the first times of that Monday: the last one is free.
    const card = await waxCardAt(api, -1);
    const booked = await api.post(`/api/appointments/${me.id}/`, { data: card });
    expect(booked.status(), await booked.text()).toBe(201);

    // The confirmation goes out after the answer (Next.js's after()), with no worker in the process.
    expect(await mailTextTo(email, /booking is confirmed$/)).toContain('Nell');
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder:'))).toEqual([]);

    // Booked two months ago, as far as the reminder can tell: it is due now, and only a round of the worker sends it.
    await db!.query(`update appointments set created_at = now() - interval '60 days', updated_at = now() - interval '60 days' where customer_id = $1`, [me.id]);
    const round = await cron.get('/api/cron/mail/', { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(round.status(), await round.text()).toBe(200);
    const report = await round.json();
    expect(report).toMatchObject({ ok: true, failed: 0 });
    expect(report.remindersQueued).toBeGreaterThanOrEqual(1);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    await expect.poll(() => mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder: your Bare & Polished NYC appointment on ')).length).toBe(1);
    const { rows } = await db!.query(`select status from outbox where "to" = $1 and appointment_id is not null`, [email]);
    expect(rows).toEqual([{ status: 'sent' }]);

    // The next round has nothing more for this visit.
    expect((await cron.get('/api/cron/mail/', { headers: { authorization: `Bearer ${CRON_SECRET}` } })).status()).toBe(200);
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder:'))).toHaveLength(1);
    await Promise.all([api.dispose(), cron.dispose()]);
  });

  test("the client's address is the platform's header (TRUST_CLIENT_ADDRESS_HEADER), never the client's own copy", async () => {
    const site = server!.origin;
    const api = await playwrightRequest.newContext({ baseURL: site, extraHTTPHeaders: { origin: site } });
    const platform = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const forged = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const card = await waxCardAt(api, -2);
    const held = await api.post('/api/holds/', { data: card, headers: { 'x-real-ip': platform, 'x-bnp-client-address': forged } });
    expect(held.status(), await held.text()).toBe(201);
    const { rows } = await db!.query(`select key from rate_limits where key = any($1)`, [[clientKey('hold', platform), clientKey('hold', forged)]]);
    expect(rows).toEqual([{ key: clientKey('hold', platform) }]);
    await api.dispose();
  });

  test('with TRUST_PROXY=1 and no platform header, the client is the address the proxy appended to X-Forwarded-For', async () => {
    // A second instance on the same database, as behind nginx: no TRUST_CLIENT_ADDRESS_HEADER.
    const behindProxy = await startNextServer(
      portFromE2e(12),
      { DATABASE_URL: database!.url, DATA_DIR: freshDataDir('next-start-proxy'), CRON_SECRET, MAIL_WORKER_INTERVAL_MS: '0', TRUST_PROXY: '1' },
      { server: 'next start' },
    );
    try {
      const site = behindProxy.origin;
      const api = await playwrightRequest.newContext({ baseURL: site, extraHTTPHeaders: { origin: site } });
      const seen = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
      const forged = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
      const card = await waxCardAt(api, -3);
      // The client wrote the first entry; the proxy appended the address it saw.
      const held = await api.post('/api/holds/', { data: card, headers: { 'x-forwarded-for': `${forged}, ${seen}`, 'x-bnp-client-address': forged } });
      expect(held.status(), await held.text()).toBe(201);
      const { rows } = await db!.query(`select key from rate_limits where key = any($1)`, [[clientKey('hold', seen), clientKey('hold', forged)]]);
      expect(rows).toEqual([{ key: clientKey('hold', seen) }]);
      await api.dispose();
    } finally {
      await behindProxy.kill();
    }
  });

  test("the owner's price change shows at once on the service's prerendered page, still one cached file for every visitor", async () => {
    const site = server!.origin;
    const service = allServiceItems().find((item) => item.moniker === 'womens-brazilian-wax')!;
    const newPrice = service.price + 17;
    const visitor = await playwrightRequest.newContext({ baseURL: site });
    const shown = async () => {
      const response = await visitor.get(`/services/${service.moniker}/`);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toMatch(/\bs-maxage=\d+/);
      const html = await response.text();
      const offered = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
        .map((match) => JSON.parse(match[1]!) as { '@type'?: string; offers?: { price?: string } })
        .find((data) => data['@type'] === 'Service')?.offers?.price;
      return offered;
    };
    expect(await shown()).toBe(service.price.toFixed(2));
    expect(await shown()).toBe(service.price.toFixed(2));

    // The owner changes the price in the menu editor (its API), on this instance.
    const owner = await playwrightRequest.newContext({ baseURL: site, extraHTTPHeaders: { origin: site } });
    await signUpByApi(owner, { name: 'Odile', email: `owner-${Date.now()}-${Math.floor(Math.random() * 1e6)}${OWNER_DOMAIN}`, password: PASSWORD });
    const changed = await owner.patch(`/api/desk/catalog/services/${service.id}/`, { data: { price: newPrice } });
    expect(changed.status(), await changed.text()).toBe(200);
    // The next view renders the page again: without server.mjs nothing else would forget the build's copy.
    expect(await shown()).toBe(newPrice.toFixed(2));
    expect(await shown()).toBe(newPrice.toFixed(2));
    await Promise.all([visitor.dispose(), owner.dispose()]);
  });

  test("LOG_FORMAT=json: the site's own lines are JSON; the requests' lines are left to the host", async () => {
    const health = await fetch(`${server!.origin}/api/health/`);
    expect(health.status).toBe(200);
    const json = server!
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json).toContainEqual(expect.objectContaining({ level: 'info', msg: expect.stringMatching(/^\[db\] postgres ready, migrations applied, in \d+ ms$/) }));
    expect(server!.output()).not.toMatch(/^\[db\] /m);
    // No request line, and no request id on the answer: without server.mjs those are the host's.
    expect(json.filter((line) => line.msg === 'request')).toEqual([]);
    expect(health.headers.get('x-request-id')).toBeNull();
  });

  test('an address with a malformed %-escape or a NUL is a 400 with a sentence, not a 500', async () => {
    const site = server!.origin;
    for (const address of ['/api/health/%E0%A4%A/', '/booking/%zz/', '/account/%00/', '/services/%zz/', '/%zz/', '/womens/%E0%A4%A/']) {
      const response = await fetch(site + address);
      expect(response.status, address).toBe(400);
      expect(await response.text()).toMatch(/^This address is not valid: it holds a (malformed %-escape|control character)\.$/);
    }
  });
});

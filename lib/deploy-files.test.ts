import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from './env';
import { DRAIN_MS, STOP_AFTER_DRAIN_MS } from './server/drain.mjs';

/**
 * The deploy files (Dockerfile, compose.yaml, docs/deploy.md) against the variables the site reads. They could not be
 * built or run on the machine that wrote them (docs/deploy.md says why); this keeps them from naming a variable the
 * site does not know, which would be set and silently do nothing.
 */
const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

/** What lib/env.ts reads, and what server.mjs and Next.js read themselves. */
const SITE_VARIABLES = new Set([...Object.keys(envSchema.in.shape), 'PORT', 'HOST', 'REQUEST_TIMEOUT_MS', 'NEXT_TELEMETRY_DISABLED']);
/** compose.yaml's own settings: PostgreSQL's password and the relay's, never passed to the site as they are. */
const COMPOSE_VARIABLES = new Set(['POSTGRES_PASSWORD', 'POSTGRES_USER', 'POSTGRES_DB', 'MAIL_DOMAIN', 'SMTP_RELAY_HOST', 'SMTP_RELAY_USER', 'SMTP_RELAY_PASSWORD']);

/** The `environment:` block of compose.yaml's `site` service: each `NAME: value` line. */
function siteEnvironment(compose: string): string[] {
  const site = compose.slice(compose.indexOf('\n  site:'), compose.indexOf('\n  postgres:'));
  const block = site.slice(site.indexOf('    environment:\n') + '    environment:\n'.length);
  return [...block.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

describe('the deploy files', () => {
  it('give the site container only variables the site reads', () => {
    const names = siteEnvironment(read('compose.yaml'));
    expect(names).toEqual(expect.arrayContaining(['SITE_URL', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY']));
    expect(names.filter((name) => !SITE_VARIABLES.has(name))).toEqual([]);
  });

  it('build the image with SITE_URL, which the prerendered pages carry, and run server.mjs', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG SITE_URL$/m);
    expect(dockerfile).toMatch(/^RUN SITE_URL="\$SITE_URL" npm run build/m);
    expect(dockerfile).toMatch(/^CMD \["node", "server\.mjs"\]$/m);
    expect(read('compose.yaml')).toMatch(/args:\n\s+SITE_URL: \$\{SITE_URL:\?/);
  });

  it('docs/deploy.md names only variables the site or compose.yaml reads', () => {
    const named = new Set([...read('docs/deploy.md').matchAll(/`([A-Z][A-Z0-9_]{2,})`|^([A-Z][A-Z0-9_]{2,})=/gm)].map((match) => match[1] ?? match[2]!));
    // Vercel's own variable, and an SQL command.
    const otherWords = new Set(['VERCEL', 'LISTEN']);
    expect([...named].filter((name) => !SITE_VARIABLES.has(name) && !COMPOSE_VARIABLES.has(name) && !otherWords.has(name))).toEqual([]);
    for (const name of ['DATABASE_URL', 'SITE_URL', 'CRON_SECRET', 'MAIL_WORKER_INTERVAL_MS', 'TRUST_CLIENT_ADDRESS_HEADER', 'TRUST_PROXY', 'SMTP_URL']) expect(named).toContain(name);
  });

  it("let server.mjs stop well: systemd's and compose's wait before SIGKILL is at least 30 s, past its own limit", () => {
    // The drain, then the mail round and the database's close; server.mjs exits 1 by itself at their sum (25 s).
    const ownLimitSeconds = (DRAIN_MS + STOP_AFTER_DRAIN_MS) / 1000;
    const systemd = Number(/^TimeoutStopSec=(\d+)$/m.exec(read('docs/deploy.md'))?.[1]);
    const compose = Number(/^ {4}stop_grace_period: (\d+)s$/m.exec(read('compose.yaml'))?.[1]);
    for (const wait of [systemd, compose]) {
      expect(wait).toBeGreaterThanOrEqual(30);
      expect(wait).toBeGreaterThan(ownLimitSeconds);
    }
    expect(read('docs/deploy.md')).toContain('--stop-timeout 30');
  });
});

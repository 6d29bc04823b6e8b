import { z } from 'zod';

/**
 * Every environment variable the server reads, in one zod schema. All are optional: the site runs on its embedded
 * defaults. A wrong value fails loudly at the first read (start-up) instead of misbehaving later.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: readonly string[]) =>
  optionalString.refine((value) => {
    if (value === undefined) return true;
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL (${protocols.join(' or ')})`);

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Folder of the embedded PGlite database (and the local mail outbox). */
    DATA_DIR: optionalString.default('.data'),
    /** A PostgreSQL server instead of the embedded PGlite. */
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    /** The public origin: canonical links, mail links, the allowed Origin of state-changing requests. */
    SITE_URL: optionalUrl(['http:', 'https:']).default('http://localhost:3000'),
    /** Real SMTP for mail; unset, mail is kept in the outbox table and printed to the server log. */
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    /** Unset: 'Bare & Polished NYC <no-reply@…>' at SITE_URL's domain (localhost for an address or a local name). */
    MAIL_FROM: optionalString,
    /**
     * How often each instance's worker sends due mail and queues due reminders (lib/mail/worker.ts). 0: no worker in
     * the process (a serverless host, where a scheduler calls /api/cron/mail/ instead; CRON_SECRET is then required).
     */
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
    /**
     * The bearer secret of GET /api/cron/mail/ (one round of the mail worker, for a host's scheduler such as Vercel
     * Cron, which sends it as 'Authorization: Bearer …'); unset, that route answers 404.
     */
    CRON_SECRET: optionalString.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters (e.g. the output of `openssl rand -hex 32`)'),
    /** A mail the SMTP server keeps refusing for a passing reason is tried this long (as an MTA's queue lifetime). */
    MAIL_GIVE_UP_HOURS: positiveInt(120),
    /** The wait after a mail's first failed try; each further try waits twice as long, at most an hour. */
    MAIL_RETRY_FIRST_SECONDS: positiveInt(60),
    /** How long before a visit its reminder goes out. */
    REMINDER_LEAD_HOURS: positiveInt(24),
    /** An upstream salon API: set, every /api handler forwards to it instead of the embedded backend. */
    SALON_API_URL: optionalUrl(['http:', 'https:']),
    SALON_API_TIMEOUT_MS: positiveInt(5000),
    /** Cloudflare Turnstile. Both set: sign-up and subscription verify a widget token; unset: honeypot + limits. */
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    /** How long a sign-in lasts. */
    SESSION_TTL_HOURS: positiveInt(24 * 30),
    /** A Shopify store's own domain (e.g. salon.myshopify.com); unset, the shop is the demo storefront in the app. */
    SHOPIFY_STORE_DOMAIN: optionalString.refine(
      (value) => value === undefined || /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value),
      'must be a host name such as salon.myshopify.com (no https://, no path)',
    ),
    /** The Storefront API public access token of that store; required with SHOPIFY_STORE_DOMAIN. */
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: optionalString,
    /** The secret that signs Shopify's orders/paid webhook; unset, the webhook route answers 404. */
    SHOPIFY_WEBHOOK_SECRET: optionalString,
    /**
     * An Admin API access token of that store with the write_gift_cards scope: account credit then pays packages, as
     * a gift card the store issues for it (lib/shopify/admin-gift-cards.ts). Unset: credit is for deposits and the salon.
     */
    SHOPIFY_ADMIN_TOKEN: optionalString,
    /**
     * How many proxies (load balancers, CDNs) stand in front of the site: their X-Forwarded-For, -Host and -Proto
     * are trusted for that many hops. 0: the client is the socket's peer, and those headers are ignored.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Accounts that are staff without `npm run create-staff`: a comma-separated list of e-mail addresses, or of
     * domains written `@salon.example` (every address there, for a domain whose mailboxes the salon owns). Such an
     * account still has to exist (sign-up proves the address), and leaving the list takes the role away again.
     */
    STAFF_EMAILS: optionalString.transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
    /** Accounts that are owners, written as STAFF_EMAILS is (addresses or `@domain`); an owner has all the desk has. */
    OWNER_EMAILS: optionalString.transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
    /**
     * A folder for the files of the owner's photos (lib/photos/store.ts), shared by every instance (a mounted volume);
     * unset, they are kept in the database, which every instance reads already.
     */
    PHOTO_STORAGE_DIR: optionalString,
    /**
     * Under `next start` (no server.mjs in front): the request header in which the hosting platform puts the client's
     * address, such as x-real-ip on Vercel. Only that platform may set it, so it is read only when named here;
     * unset, the client's address is unknown to the site (per-client limits then share one count).
     */
    TRUST_CLIENT_ADDRESS_HEADER: optionalString.refine((value) => value === undefined || /^[a-z0-9-]{1,64}$/i.test(value), 'must be a header name such as x-real-ip'),
    /**
     * The log's format: text, lines a person reads (journalctl), or json, one JSON object a line for a log collector.
     * server.mjs writes it (lib/server/request-log.mjs, which refuses a bad value before this is read); under `next
     * start` instrumentation.ts routes the site's own lines through it, and the host's log has the requests.
     */
    LOG_FORMAT: optionalString
      .transform((value) => value?.toLowerCase() ?? 'text')
      .pipe(z.enum(['text', 'json'], { error: 'must be text or json' })),
    /** Force the Secure flag on cookies (default: on when SITE_URL is https or in production off loopback). */
    SESSION_COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  })
  .refine((env) => env.MAIL_WORKER_INTERVAL_MS > 0 || env.CRON_SECRET !== undefined || env.SALON_API_URL !== undefined, {
    path: ['MAIL_WORKER_INTERVAL_MS'],
    message: '0 turns the mail worker off, so set CRON_SECRET and have a scheduler call /api/cron/mail/ (or nothing would send due mail and reminders)',
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL.replace(/\/+$/, ''), MAIL_FROM: env.MAIL_FROM ?? `Bare & Polished NYC <no-reply@${mailDomainOf(env.SITE_URL)}>` }));

/** The domain of a site's own sender address: SITE_URL's host without 'www.'; 'localhost' for an IP or a one-label name. */
export function mailDomainOf(siteUrl: string): string {
  const host = new URL(siteUrl).hostname.replace(/^www\./, '');
  return /^[\d.]+$|^\[|^[^.]+$/.test(host) ? 'localhost' : host;
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    super(`Invalid environment: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new EnvError(parsed.error.issues);
  return parsed.data;
}

/** The parsed environment. Read on each call (cheap), so tests can change process.env between cases. */
export function env(): Env {
  return parseEnv(process.env);
}

/**
 * The public origin without a trailing slash, for canonical links, the sitemap and JSON-LD: SITE_URL as the schema
 * parsed it. Read at build too, where the prerendered pages take it (give SITE_URL to `npm run build`).
 */
export function siteUrl(current: Env = env()): string {
  return current.SITE_URL.replace(/\/$/, '');
}

export function botCheckEnabled(current: Env = env()): boolean {
  return Boolean(current.TURNSTILE_SITE_KEY && current.TURNSTILE_SECRET_KEY);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
}

/** Secure cookies on https, and in production unless the site is served from this machine over plain http. */
export function secureCookies(current: Env = env()): boolean {
  if (current.SESSION_COOKIE_SECURE) return current.SESSION_COOKIE_SECURE === 'true';
  const site = new URL(current.SITE_URL);
  if (site.protocol === 'https:') return true;
  return current.NODE_ENV === 'production' && !isLoopback(site.hostname);
}

import 'server-only';
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { rateLimits } from '@/lib/db/schema';
import { passwordHashGate } from './hash-gate';

export interface Limit {
  /** Requests allowed in one window. */
  max: number;
  windowSeconds: number;
}

interface ActionLimits {
  /** One client trying one e-mail address: the tight limit, which only ever stops that client. */
  pair: Limit;
  /** One e-mail address from every client together: a ceiling far above `pair`, against attempts spread over many
   *  addresses, so that one stranger can never use up the owner's own attempts. */
  address: Limit;
  /** One client over every address. */
  client: Limit;
}

/** The actions whose next step is a password hash: refused at once while the hash gate is full. */
const HASHING_ACTIONS: ReadonlySet<string> = new Set(['signin', 'signup', 'resetpassword', 'signincode', 'signincodeverify', 'accountpassword']);

/** Per action: the limits of a (client, e-mail address) pair, of an e-mail address and of a client. */
export const LIMITS = {
  signin: { pair: { max: 10, windowSeconds: 15 * 60 }, address: { max: 100, windowSeconds: 15 * 60 }, client: { max: 50, windowSeconds: 15 * 60 } },
  signup: { pair: { max: 5, windowSeconds: 60 * 60 }, address: { max: 50, windowSeconds: 60 * 60 }, client: { max: 30, windowSeconds: 60 * 60 } },
  resetemail: { pair: { max: 3, windowSeconds: 60 * 60 }, address: { max: 10, windowSeconds: 60 * 60 }, client: { max: 10, windowSeconds: 60 * 60 } },
  resetpassword: { pair: { max: 10, windowSeconds: 60 * 60 }, address: { max: 100, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  // A signed-in customer's current password, asked before a new one is set or the account is closed
  // (lib/auth/account-details.ts): a stolen session must not become a way to guess it.
  accountpassword: { pair: { max: 10, windowSeconds: 15 * 60 }, address: { max: 20, windowSeconds: 15 * 60 }, client: { max: 30, windowSeconds: 15 * 60 } },
  // A new e-mail address's confirmation link (lib/auth/account-details.ts), counted by that address: nobody fills a
  // stranger's inbox with links; following a link, counted by client like a reset link.
  emailchange: { pair: { max: 3, windowSeconds: 60 * 60 }, address: { max: 5, windowSeconds: 60 * 60 }, client: { max: 10, windowSeconds: 60 * 60 } },
  emailconfirm: { pair: { max: 10, windowSeconds: 60 * 60 }, address: { max: 100, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  // Sign-in codes (lib/auth/codes.ts): a few mails per address, so that nobody fills a stranger's inbox; a code
  // also dies after 5 wrong tries, so 30 tries of an address in 15 minutes cover at most 6 codes.
  signincode: { pair: { max: 5, windowSeconds: 15 * 60 }, address: { max: 10, windowSeconds: 60 * 60 }, client: { max: 30, windowSeconds: 60 * 60 } },
  signincodeverify: { pair: { max: 10, windowSeconds: 15 * 60 }, address: { max: 30, windowSeconds: 15 * 60 }, client: { max: 50, windowSeconds: 15 * 60 } },
  // Holds (lib/booking/holds.ts) need no account: a client may place 20 in 15 minutes, so nobody holds a day's times.
  // Only the client count applies (no address); the pair and address entries are never hit.
  hold: { pair: { max: 20, windowSeconds: 15 * 60 }, address: { max: 20, windowSeconds: 15 * 60 }, client: { max: 20, windowSeconds: 15 * 60 } },
  subscription: { pair: { max: 5, windowSeconds: 60 * 60 }, address: { max: 50, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
} as const satisfies Record<string, ActionLimits>;

export type LimitedAction = keyof typeof LIMITS;

/** Keys are hashed: the table holds no e-mail or network address in the clear. */
function keyFor(action: string, kind: string, value: string): string {
  return `${action}:${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

export interface HitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one request against a fixed window, atomically in the database (one upsert), so that every instance
 * behind a load balancer shares the counters.
 */
export async function hit(db: Db, key: string, limit: Limit, now = new Date()): Promise<HitResult> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const expired = sql`${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error('rate limit upsert returned nothing');
  const resetsAt = row.windowStart.getTime() + limit.windowSeconds * 1000;
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  }
  return { allowed: row.count <= limit.max, count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/**
 * This instance's own count of each client's requests, in the same fixed windows as the database. The database
 * holds the counts every instance shares; this one only lets an instance refuse a flood without a query (on PGlite
 * each query runs on the thread that renders pages). Since every request is counted in both, the local count
 * never exceeds the shared one, so it refuses nothing the database would allow.
 */
const localCounts = new Map<string, { count: number; windowStart: number }>();
const LOCAL_KEYS_MAX = 10_000;

export function localClientHit(action: LimitedAction, client: string, now = Date.now()): HitResult {
  const limit = LIMITS[action].client;
  const key = `${action}:${client}`;
  const windowMs = limit.windowSeconds * 1000;
  let entry = localCounts.get(key);
  if (!entry || now - entry.windowStart >= windowMs) {
    if (!entry && localCounts.size >= LOCAL_KEYS_MAX) {
      for (const [oldKey, old] of localCounts) if (now - old.windowStart >= windowMs) localCounts.delete(oldKey);
      // Still full: forget the oldest, which at worst sends its client to the database again.
      if (localCounts.size >= LOCAL_KEYS_MAX) localCounts.delete(localCounts.keys().next().value!);
    }
    entry = { count: 0, windowStart: now };
  }
  entry.count += 1;
  localCounts.delete(key);
  localCounts.set(key, entry);
  return { allowed: entry.count <= limit.max, count: entry.count, retryAfterSeconds: Math.max(1, Math.ceil((entry.windowStart + windowMs - now) / 1000)) };
}

function tooMany(wait: number): ApiError {
  return new ApiError(429, 'rate_limited', `Too many attempts. Please wait ${minutes(wait)} and try again.`, undefined, { 'retry-after': String(wait) });
}

/**
 * Counts the request for the client, and when an e-mail address is concerned for the (client, address) pair and
 * the address; throws 429 with a clear message and a Retry-After header when any is over its limit.
 */
export async function enforceRateLimit(db: Db, action: LimitedAction, subject: { client: string; address?: string }): Promise<void> {
  const limits = LIMITS[action];
  const local = localClientHit(action, subject.client);
  if (!local.allowed) throw tooMany(local.retryAfterSeconds);
  // A flood from many addresses passes every count: shed it before the queries when no hash could run anyway.
  if (HASHING_ACTIONS.has(action)) passwordHashGate.assertRoom();
  const address = subject.address?.toLowerCase();
  const results = await Promise.all([
    hit(db, keyFor(action, 'client', subject.client), limits.client),
    address ? hit(db, keyFor(action, 'pair', `${subject.client} ${address}`), limits.pair) : undefined,
    address ? hit(db, keyFor(action, 'address', address), limits.address) : undefined,
  ]);
  const blocked = results.filter((result): result is HitResult => result !== undefined && !result.allowed);
  if (blocked.length === 0) return;
  throw tooMany(Math.max(...blocked.map((result) => result.retryAfterSeconds)));
}

import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
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
  /** One e-mail address from every client that is not a known device of its account, together (the untrusted pool):
   *  slows a guesser spread over many addresses; it never stops the owner's known devices. */
  address: Limit;
  /** One client over every address. */
  client: Limit;
  /** A known device of the address's account (lib/auth/known-device.ts): its own allowance instead of the three
   *  above. Past it (a stolen cookie guessing) the device counts as any other client until its window ends. */
  device?: Limit;
  /** Mails the address: its address and device counts are the ones every such action shares (one inbox budget). */
  mails?: true;
  /** Only failed guesses count (these error codes), not attempts: a success takes its attempt off again. */
  failures?: readonly string[];
}

/** The actions whose next step is a password hash: refused at once while the hash gate is full. */
const HASHING_ACTIONS: ReadonlySet<string> = new Set(['signin', 'signup', 'resetpassword', 'signincode', 'signincodeverify', 'accountpassword']);

/**
 * The mails one address can be sent in an hour at the request of clients that have never signed in to its account:
 * sign-in codes, reset links and sign-up mails together (docs/decisions.md, 'Known devices'). A person needs two or
 * three (a slow mail, a typo); a stranger can add at most five.
 */
export const MAILS_TO_ADDRESS: Limit = { max: 5, windowSeconds: 60 * 60 };
/** The mails each known device of the account may ask for besides, whatever strangers did. */
export const MAILS_FROM_KNOWN_DEVICE: Limit = { max: 5, windowSeconds: 60 * 60 };

/** Per action: the limits of a (client, e-mail address) pair, of an e-mail address, of a client and of a known device. */
export const LIMITS = {
  signin: {
    pair: { max: 10, windowSeconds: 15 * 60 },
    address: { max: 50, windowSeconds: 15 * 60 },
    client: { max: 50, windowSeconds: 15 * 60 },
    device: { max: 10, windowSeconds: 15 * 60 },
    failures: ['invalid_credentials'],
  },
  signup: { pair: { max: 5, windowSeconds: 60 * 60 }, address: MAILS_TO_ADDRESS, client: { max: 30, windowSeconds: 60 * 60 }, device: MAILS_FROM_KNOWN_DEVICE, mails: true },
  resetemail: { pair: { max: 3, windowSeconds: 60 * 60 }, address: MAILS_TO_ADDRESS, client: { max: 10, windowSeconds: 60 * 60 }, device: MAILS_FROM_KNOWN_DEVICE, mails: true },
  resetpassword: { pair: { max: 10, windowSeconds: 60 * 60 }, address: { max: 100, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  // A signed-in customer's current password, asked before a new one is set or the account is closed
  // (lib/auth/account-details.ts): a stolen session must not become a way to guess it.
  accountpassword: { pair: { max: 10, windowSeconds: 15 * 60 }, address: { max: 20, windowSeconds: 15 * 60 }, client: { max: 30, windowSeconds: 15 * 60 } },
  // A new e-mail address's confirmation link (lib/auth/account-details.ts), counted by that address: nobody fills a
  // stranger's inbox with links; following a link, counted by client like a reset link.
  emailchange: { pair: { max: 3, windowSeconds: 60 * 60 }, address: { max: 5, windowSeconds: 60 * 60 }, client: { max: 10, windowSeconds: 60 * 60 } },
  emailconfirm: { pair: { max: 10, windowSeconds: 60 * 60 }, address: { max: 100, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  // Sign-in codes (lib/auth/codes.ts): mails within the inbox budget; a code also dies after 5 wrong tries, so 30
  // failed tries of an address in 15 minutes cover at most 6 codes.
  signincode: { pair: { max: 5, windowSeconds: 15 * 60 }, address: MAILS_TO_ADDRESS, client: { max: 30, windowSeconds: 60 * 60 }, device: MAILS_FROM_KNOWN_DEVICE, mails: true },
  signincodeverify: {
    pair: { max: 10, windowSeconds: 15 * 60 },
    address: { max: 30, windowSeconds: 15 * 60 },
    client: { max: 50, windowSeconds: 15 * 60 },
    device: { max: 10, windowSeconds: 15 * 60 },
    failures: ['code_not_valid'],
  },
  // Holds (lib/booking/holds.ts) need no account: a client may place 20 in 15 minutes, so nobody holds a day's times.
  // Only the client count applies (no address); the pair and address entries are never hit.
  hold: { pair: { max: 20, windowSeconds: 15 * 60 }, address: { max: 20, windowSeconds: 15 * 60 }, client: { max: 20, windowSeconds: 15 * 60 } },
  // A gift card's checkout (lib/gift-cards/handlers.ts) needs no account: each press makes a cart in the shop, so a
  // client gets 20 an hour. Only the client count applies.
  giftcardcheckout: { pair: { max: 20, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  subscription: { pair: { max: 5, windowSeconds: 60 * 60 }, address: { max: 50, windowSeconds: 60 * 60 }, client: { max: 20, windowSeconds: 60 * 60 } },
  // Passkeys (lib/auth/passkeys.ts): each ceremony's options store a challenge, so one client asks for a bounded
  // number; a refused answer counts like a wrong password (there is no address, only the client). A signature cannot
  // be guessed, so these limits only keep a flood off the database.
  passkeyoptions: { pair: { max: 60, windowSeconds: 15 * 60 }, address: { max: 60, windowSeconds: 15 * 60 }, client: { max: 60, windowSeconds: 15 * 60 } },
  passkeysignin: {
    pair: { max: 20, windowSeconds: 15 * 60 },
    address: { max: 20, windowSeconds: 15 * 60 },
    client: { max: 20, windowSeconds: 15 * 60 },
    failures: ['passkey_not_valid'],
  },
} as const satisfies Record<string, ActionLimits>;

export type LimitedAction = keyof typeof LIMITS;
/** The actions that count failed guesses only (limitGuess). */
export type GuessAction = { [A in LimitedAction]: (typeof LIMITS)[A] extends { failures: readonly string[] } ? A : never }[LimitedAction];

/** Keys are hashed: the table holds no e-mail or network address in the clear. */
function keyFor(action: string, kind: string, value: string): string {
  return `${action}:${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

export interface HitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** One counted hit: enough to take it off again in the same window. */
interface Counted extends HitResult {
  key: string;
  kind: 'pair' | 'address' | 'client' | 'device';
  windowStart: Date;
}

async function count(db: Db, key: string, limit: Limit, now: Date): Promise<HitResult & { windowStart: Date }> {
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
  return { allowed: row.count <= limit.max, count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)), windowStart: row.windowStart };
}

/**
 * Counts one request against a fixed window, atomically in the database (one upsert), so that every instance
 * behind a load balancer shares the counters.
 */
export async function hit(db: Db, key: string, limit: Limit, now = new Date()): Promise<HitResult> {
  const { allowed, count: counted, retryAfterSeconds } = await count(db, key, limit, now);
  return { allowed, count: counted, retryAfterSeconds };
}

/** Takes counted hits off again (a guess that succeeded), in the window they were counted in. */
async function uncount(db: Db, hits: readonly Counted[]): Promise<void> {
  await Promise.all(
    hits.map((counted) =>
      db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, counted.key), eq(rateLimits.windowStart, counted.windowStart), gt(rateLimits.count, 0))),
    ),
  );
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/**
 * This instance's own count of each client's requests, in the same fixed windows as the database. The database
 * holds the counts every instance shares; this one only lets an instance refuse a flood without a query (on PGlite
 * each query runs on the thread that renders pages). Since every request counted here is counted there too (and
 * taken off in both), the local count never exceeds the shared one, so it refuses nothing the database would allow.
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

function localClientUncount(action: LimitedAction, client: string): void {
  const entry = localCounts.get(`${action}:${client}`);
  if (entry && entry.count > 0) entry.count -= 1;
}

export const TOO_MANY_MAILS_MESSAGE = (wait: string) =>
  `Too many e-mails have been asked for this address. Please wait ${wait} and try again, or ask on a device you have signed in on before.`;
export const TOO_MANY_GUESSES_MESSAGE = (wait: string) =>
  `Too many attempts for this address. Please wait ${wait} and try again; a device you have signed in on before can still sign in.`;

function tooMany(wait: number, message = (text: string) => `Too many attempts. Please wait ${text} and try again.`): ApiError {
  return new ApiError(429, 'rate_limited', message(minutes(wait)), undefined, { 'retry-after': String(wait) });
}

export interface RateLimitSubject {
  /** The client's network address (lib/api/client-address.ts). */
  client: string;
  /** The e-mail address (or account) concerned. */
  address?: string;
  /** A known device of the account `address` names: the hash of its token (lib/auth/known-device.ts). */
  device?: string;
}

/** Counts the request under every limit that applies; throws 429 when one is passed. Returns what it counted. */
async function countRequest(db: Db, action: LimitedAction, subject: RateLimitSubject): Promise<{ hits: Counted[]; local: boolean }> {
  const limits: ActionLimits = LIMITS[action];
  const counterAction = limits.mails ? 'mail' : action;
  const now = new Date();
  if (subject.device && limits.device) {
    if (HASHING_ACTIONS.has(action)) passwordHashGate.assertRoom();
    const key = keyFor(counterAction, 'device', subject.device);
    const own = await count(db, key, limits.device, now);
    if (own.allowed) return { hits: [{ ...own, key, kind: 'device' }], local: false };
  }
  const local = localClientHit(action, subject.client);
  if (!local.allowed) throw tooMany(local.retryAfterSeconds);
  // A flood from many addresses passes every count: shed it before the queries when no hash could run anyway.
  if (HASHING_ACTIONS.has(action)) passwordHashGate.assertRoom();
  const address = subject.address?.toLowerCase();
  const wanted: Array<Pick<Counted, 'key' | 'kind'> & { limit: Limit }> = [{ key: keyFor(action, 'client', subject.client), kind: 'client', limit: limits.client }];
  if (address) {
    wanted.push({ key: keyFor(action, 'pair', `${subject.client} ${address}`), kind: 'pair', limit: limits.pair });
    wanted.push({ key: keyFor(counterAction, 'address', address), kind: 'address', limit: limits.address });
  }
  const hits = await Promise.all(wanted.map(async ({ key, kind, limit }) => ({ ...(await count(db, key, limit, now)), key, kind })));
  const blocked = hits.filter((counted) => !counted.allowed);
  if (blocked.length === 0) return { hits, local: true };
  const wait = Math.max(...blocked.map((counted) => counted.retryAfterSeconds));
  // Only the address's own count says something the person can act on: another device, or their mailbox.
  if (blocked.every((counted) => counted.kind === 'address')) throw tooMany(wait, limits.mails ? TOO_MANY_MAILS_MESSAGE : limits.failures ? TOO_MANY_GUESSES_MESSAGE : undefined);
  throw tooMany(wait);
}

/**
 * Counts the request for the client, and when an e-mail address is concerned for the (client, address) pair and
 * the address; a known device of the address's account counts against its own allowance instead. Throws 429 with a
 * clear message and a Retry-After header when any is over its limit.
 */
export async function enforceRateLimit(db: Db, action: LimitedAction, subject: RateLimitSubject): Promise<void> {
  await countRequest(db, action, subject);
}

/**
 * Runs a guess (a password, a code) under the action's limits, counting it only when it fails: the attempt is
 * counted before the guess (so that concurrent guesses cannot pass the limit together) and taken off again when the
 * guess succeeds or fails for another reason than a wrong guess (the action's `failures`).
 */
export async function limitGuess<T>(db: Db, action: GuessAction, subject: RateLimitSubject, guess: () => Promise<T>): Promise<T> {
  const counted = await countRequest(db, action, subject);
  const failures: readonly string[] = LIMITS[action].failures;
  const takeOff = async () => {
    if (counted.local) localClientUncount(action, subject.client);
    await uncount(db, counted.hits);
  };
  let result: T;
  try {
    result = await guess();
  } catch (error) {
    if (!(error instanceof ApiError && failures.includes(error.code))) await takeOff();
    throw error;
  }
  await takeOff();
  return result;
}

import 'server-only';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { readCookie, serializeCookie } from '@/lib/api/cookies';
import type { Db } from '@/lib/db';
import { knownDevices, users } from '@/lib/db/schema';
import { secureCookies } from '@/lib/env';
import { hashToken, randomToken } from './tokens';

/**
 * Known devices, OWASP's device cookies (docs/decisions.md, 'Known devices'): a browser that signs in to an account
 * gets an HttpOnly cookie with a random token, stored as its SHA-256 with the account (known_devices). Its sign-ins,
 * codes and resets for that account count against an allowance of its own (lib/rate-limit), so that a stranger's
 * flood of the account's address, which fills the count every other client shares, does not lock the owner out.
 * The token names the account only through the database: nothing in the cookie can be changed to name another.
 *
 * One cookie holds the tokens of up to KNOWN_DEVICE_ACCOUNTS accounts (a shared computer), newest first. Each sign-in
 * replaces the device's token for that account with a new one, so a copied cookie stops working at the owner's next
 * sign-in; a token not used to sign in for KNOWN_DEVICE_DAYS is forgotten.
 */
export const KNOWN_DEVICE_DAYS = 365;
export const KNOWN_DEVICE_ACCOUNTS = 3;
/** An account's newest known devices kept: sign-ins without the cookie (a script's) cannot grow the table without end. */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** With Secure cookies the __Host- prefix pins it to this host and path '/', as the session cookie. */
export function knownDeviceCookieName(): string {
  return secureCookies() ? '__Host-bnp_device' : 'bnp_device';
}

function presentedTokens(request: Request): string[] {
  const value = readCookie(request, knownDeviceCookieName());
  return (value?.split('.') ?? []).filter((token) => TOKEN.test(token)).slice(0, KNOWN_DEVICE_ACCOUNTS);
}

const stillKnown = () => gt(knownDevices.createdAt, new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000));

/**
 * The stored hash of the request's device token for the account of `email`, or undefined. A request without the
 * cookie costs no query; with one, the query is the same whether or not the address has an account.
 */
export async function knownDeviceOf(db: Db, request: Request, email: string): Promise<string | undefined> {
  const hashes = presentedTokens(request).map(hashToken);
  if (hashes.length === 0) return undefined;
  const [row] = await db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(inArray(knownDevices.tokenHash, hashes), eq(users.email, email.trim().toLowerCase()), stillKnown()))
    .limit(1);
  return row?.tokenHash;
}

/**
 * After a sign-in to `userId`: a new token for that account, the device's earlier one for it ended, its tokens of
 * other accounts kept (the oldest dropped past KNOWN_DEVICE_ACCOUNTS). Returns the Set-Cookie line.
 */
export async function rememberDevice(db: Db, request: Request, userId: string): Promise<string> {
  const presented = presentedTokens(request).map((token) => ({ token, hash: hashToken(token) }));
  const others = new Set<string>();
  if (presented.length > 0) {
    const rows = await db
      .select({ tokenHash: knownDevices.tokenHash, userId: knownDevices.userId })
      .from(knownDevices)
      .where(and(inArray(knownDevices.tokenHash, presented.map((entry) => entry.hash)), stillKnown()));
    for (const row of rows) if (row.userId !== userId) others.add(row.tokenHash);
  }
  const kept = presented.filter((entry) => others.has(entry.hash)).slice(0, KNOWN_DEVICE_ACCOUNTS - 1);
  const dropped = presented.filter((entry) => !kept.includes(entry)).map((entry) => entry.hash);
  const token = randomToken();
  await db.transaction(async (tx) => {
    if (dropped.length > 0) await tx.delete(knownDevices).where(inArray(knownDevices.tokenHash, dropped));
    await tx.insert(knownDevices).values({ tokenHash: hashToken(token), userId });
    const oldestKept = tx
      .select({ createdAt: knownDevices.createdAt })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.createdAt))
      .offset(KNOWN_DEVICES_PER_ACCOUNT - 1)
      .limit(1);
    await tx.delete(knownDevices).where(and(eq(knownDevices.userId, userId), lt(knownDevices.createdAt, sql`(${oldestKept})`)));
  });
  if (Math.random() < 0.01) await db.delete(knownDevices).where(lt(knownDevices.createdAt, new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000)));
  const value = [token, ...kept.map((entry) => entry.token)].join('.');
  return serializeCookie(knownDeviceCookieName(), value, { httpOnly: true, secure: secureCookies(), sameSite: 'Strict', maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60, path: '/' });
}

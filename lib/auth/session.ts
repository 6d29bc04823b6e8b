import 'server-only';
import { and, eq, gt, lt, not, sql, type SQL } from 'drizzle-orm';
import { readCookie } from '@/lib/api/cookies';
import { ApiError } from '@/lib/api/errors';
import { getDb, type Db } from '@/lib/db';
import { sessions, users, type UserRole } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { sessionCookieName } from './cookies';
import { isDeskRole, isOwnerRole, listedIn } from './roles';
import { hashToken, randomToken } from './tokens';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

export interface Session {
  user: SessionUser;
  tokenHash: string;
  expiresAt: Date;
  /** When this session's sign-in happened (lib/auth/account-details.ts asks for a recent one). */
  startedAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session: a random token for the cookie, its hash in the database. */
export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + env().SESSION_TTL_HOURS * 60 * 60 * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  if (Math.random() < 0.05) await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return { token, expiresAt };
}

/** The session a token names, if it exists and has not expired. */
export async function sessionForToken(db: Db, token: string | undefined): Promise<Session | null> {
  if (!token || !TOKEN.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, expiresAt: sessions.expiresAt, startedAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { expiresAt, startedAt, ...stored } = row;
  // A session needs a sign-in by address, so the address is there; '' keeps the type for a row changed since.
  const user = { ...stored, email: stored.email ?? '' };
  return { user: { ...user, role: effectiveRole(user) }, tokenHash, expiresAt, startedAt };
}

/**
 * The stored role, raised by the environment's lists: an address in OWNER_EMAILS is an owner, one in STAFF_EMAILS at
 * least front desk (how a salon gets its first accounts while the site runs). A list never lowers a stored role.
 */
export function effectiveRole(
  user: { email: string; role: UserRole },
  staffEmails: readonly string[] = env().STAFF_EMAILS,
  ownerEmails: readonly string[] = env().OWNER_EMAILS,
): UserRole {
  if (user.role === 'owner' || listedIn(user.email, ownerEmails)) return 'owner';
  if (user.role === 'staff' || listedIn(user.email, staffEmails)) return 'staff';
  return user.role;
}

/**
 * Whether an address alone makes its account front desk or owner (OWNER_EMAILS, STAFF_EMAILS). Only someone who proves
 * they read its mail may put such an address on an account: the desk, which sets addresses without that proof, never
 * does (lib/desk/customers.ts).
 */
export function isTeamAddress(email: string): boolean {
  return effectiveRole({ email, role: 'customer' }) !== 'customer';
}

/**
 * The accounts whose stored role is 'customer' and whose address no list raises (effectiveRole in SQL): what a report
 * of customers lists. The owner and the front desk by OWNER_EMAILS or STAFF_EMAILS are stored as customers.
 */
export function customersOnly(staffEmails: readonly string[] = env().STAFF_EMAILS, ownerEmails: readonly string[] = env().OWNER_EMAILS): SQL {
  const listed = [...staffEmails, ...ownerEmails].map((entry) =>
    entry.startsWith('@') ? sql`${users.email} like ${`%${entry.replace(/[\\%_]/g, (c) => `\\${c}`)}`}` : eq(users.email, entry),
  );
  const team = listed.length > 0 ? sql`coalesce(${sql.join(listed, sql` or `)}, false)` : undefined;
  return and(eq(users.role, 'customer'), team ? not(team) : undefined)!;
}

export function sessionToken(request: Request): string | undefined {
  return readCookie(request, sessionCookieName());
}

/** The signed-in customer of a request, or null. The BnpAuth cookie is never consulted: it is display only. */
export async function getSession(request: Request): Promise<Session | null> {
  const token = sessionToken(request);
  if (!token) return null;
  return sessionForToken(await getDb(), token);
}

/** The signed-in customer, or a 401 ApiError (for handlers wrapped by apiHandler). */
export async function requireSession(request: Request): Promise<Session> {
  const session = await getSession(request);
  if (!session) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return session;
}

/** A signed-in staff account, or 401 (not signed in) / 403 (a customer). */
export async function requireStaff(request: Request): Promise<Session> {
  const session = await requireSession(request);
  if (!isDeskRole(session.user.role)) throw new ApiError(403, 'forbidden', 'This needs a staff account.');
  return session;
}

/** A signed-in owner, or 401 (not signed in) / 403 (a customer or the front desk), before anything is read. */
export async function requireOwner(request: Request): Promise<Session> {
  const session = await requireSession(request);
  if (!isOwnerRole(session.user.role)) throw new ApiError(403, 'forbidden', 'This needs the owner\'s account.');
  return session;
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

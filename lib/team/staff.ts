import 'server-only';
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, notFound } from '@/lib/api/errors';
import { profileOf } from '@/lib/auth/accounts';
import { ROLE_LABELS, listedIn } from '@/lib/auth/roles';
import { createSession, effectiveRole } from '@/lib/auth/session';
import { hashToken, randomToken } from '@/lib/auth/tokens';
import type { Db, Tx } from '@/lib/db';
import { lockForTransaction } from '@/lib/db/advisory-lock';
import { staffInvitations, users, type UserRole } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { deliverDue, queueMail, staffInvitationMail } from '@/lib/mail';
import type { InviteInput, RoleChangeInput } from './staff-schemas';

/**
 * The salon's staff and their roles (issue 33, item 1; docs/decisions.md, 'Staff and roles'): who is front desk or
 * owner, invitations by mailed link, role changes. Every change runs in one transaction with its activity entry
 * (kind 'roles'); role changes queue on one advisory lock, so two owners demoting each other at once cannot leave
 * the salon without an owner. The environment's lists (OWNER_EMAILS, STAFF_EMAILS) raise a role while the site runs
 * (lib/auth/session.ts effectiveRole): a change they would override is refused, naming the setting.
 */

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StaffRole = Exclude<UserRole, 'customer'>;
type RoleSetting = 'OWNER_EMAILS' | 'STAFF_EMAILS';

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  /** The role in force (the stored one raised by the environment's lists). */
  role: StaffRole;
  storedRole: UserRole;
  /** The setting the address is listed in: the role comes from the environment and the desk cannot lower it. */
  setting: RoleSetting | null;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

interface Lists {
  staff: readonly string[];
  owner: readonly string[];
}
const lists = (): Lists => ({ staff: env().STAFF_EMAILS, owner: env().OWNER_EMAILS });

function settingOf(email: string, given: Lists): RoleSetting | null {
  if (listedIn(email, given.owner)) return 'OWNER_EMAILS';
  if (listedIn(email, given.staff)) return 'STAFF_EMAILS';
  return null;
}

/** Accounts on a list of addresses and `@domain` entries, as listedIn reads it. */
function listedCondition(list: readonly string[]): SQL[] {
  const addresses = list.filter((entry) => !entry.startsWith('@'));
  const conditions: SQL[] = addresses.length > 0 ? [inArray(users.email, addresses)] : [];
  for (const domain of list.filter((entry) => entry.startsWith('@'))) conditions.push(sql`right(${users.email}, ${domain.length}) = ${domain}`);
  return conditions;
}

/** Open accounts that are front desk or owner by their stored role or by a list. */
async function staffRows(db: Db | Tx, given: Lists) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(isNull(users.closedAt), or(inArray(users.role, ['staff', 'owner']), ...listedCondition(given.staff), ...listedCondition(given.owner))))
    .orderBy(asc(users.name), asc(users.id));
  return rows.flatMap((row) => (row.email === null ? [] : [{ ...row, email: row.email }]));
}

/** The staff, owners first, each with the role in force and where it comes from. */
export async function listStaff(db: Db | Tx): Promise<StaffMember[]> {
  const given = lists();
  const members = (await staffRows(db, given)).flatMap((row): StaffMember[] => {
    const role = effectiveRole(row, given.staff, given.owner);
    if (role === 'customer') return [];
    return [{ id: row.id, name: row.name, email: row.email, role, storedRole: row.role, setting: settingOf(row.email, given) }];
  });
  return members.sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

const openInvitation = (now: number) => and(isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, new Date(now)));

/** Invitations not yet accepted, withdrawn or expired, newest first. */
export async function listInvitations(db: Db | Tx, now: number = Date.now()): Promise<OpenInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, invitedBy: users.name })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(openInvitation(now))
    .orderBy(sql`${staffInvitations.createdAt} desc`);
  return rows.map(({ invitation, invitedBy }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role as StaffRole,
    invitedBy,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }));
}

/** The link of an invitation, on the configured site URL (never a request's host). */
export function invitationLink(token: string): string {
  return `${env().SITE_URL}/invitation/${token}/`;
}

const INVITED_AS: Record<StaffRole, string> = { staff: 'front desk staff', owner: 'an owner' };

const rank = (role: UserRole) => (role === 'owner' ? 2 : role === 'staff' ? 1 : 0);

/**
 * Invites an address as front desk or owner: an invitation row (the token's SHA-256, an expiry) and its mail, queued
 * in the same transaction; an earlier open invitation of the address is withdrawn. An account that already has the
 * role, or a higher one, is not invited (409). Returns the invitation and the mail's outbox id (sent after the answer).
 */
export async function inviteStaff(db: Db, actor: ActivityActor, input: InviteInput, now: number = Date.now()): Promise<{ invitation: OpenInvitation; mailId: number }> {
  const token = randomToken();
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'team', 'roles');
    const [existing] = await tx.select({ name: users.name, email: users.email, role: users.role }).from(users).where(and(eq(users.email, input.email), isNull(users.closedAt)));
    if (existing?.email) {
      const role = effectiveRole({ email: existing.email, role: existing.role });
      if (rank(role) >= rank(input.role)) {
        const message = `${existing.name} is ${role === 'owner' ? 'an owner' : 'front desk'} already: change the role in the list instead.`;
        throw new ApiError(409, 'already_staff', message, { email: message });
      }
    }
    await tx.update(staffInvitations).set({ revokedAt: new Date(now) }).where(and(eq(staffInvitations.email, input.email), openInvitation(now)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({ tokenHash: hashToken(token), email: input.email, role: input.role, invitedBy: actor.userId, createdAt: new Date(now), expiresAt: new Date(now + INVITATION_DAYS * DAY_MS) })
      .returning();
    const mailId = await queueMail(tx, staffInvitationMail(input.email, { role: INVITED_AS[input.role], invitedBy: actor.name, link: invitationLink(token), days: INVITATION_DAYS }));
    await recordActivity(tx, actor, {
      kind: 'roles',
      action: 'invited',
      subject: input.email,
      summary: `Invited as ${ROLE_LABELS[input.role]}`,
      after: { email: input.email, role: input.role, expiresAt: row!.expiresAt.toISOString() },
    });
    return {
      invitation: { id: row!.id, email: row!.email, role: input.role, invitedBy: actor.name, createdAt: row!.createdAt.toISOString(), expiresAt: row!.expiresAt.toISOString() },
      mailId,
    };
  });
}

/** Withdraws an open invitation: its link stops working. False when it is not open (used, expired, withdrawn, unknown). */
export async function revokeInvitation(db: Db, actor: ActivityActor, invitationId: string, now: number = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(staffInvitations.id, invitationId), openInvitation(now)))
      .returning();
    if (!row) return false;
    await recordActivity(tx, actor, { kind: 'roles', action: 'withdrawn', subject: row.email, summary: `Invitation as ${ROLE_LABELS[row.role]} withdrawn`, before: { email: row.email, role: row.role } });
    return true;
  });
}

/** The open accounts that are owners now (stored, or by OWNER_EMAILS). */
async function ownerIds(tx: Tx, given: Lists): Promise<string[]> {
  const rows = await staffRows(tx, given);
  return rows.filter((row) => effectiveRole(row, given.staff, given.owner) === 'owner').map((row) => row.id);
}

export interface RoleChange {
  id: string;
  name: string;
  before: UserRole;
  after: UserRole;
  changed: boolean;
}

/**
 * Sets an account's stored role (customer: removed from the staff). Refused (409) when a list in the environment would
 * keep another role in force, or when it would leave the salon without an owner. The new role applies to the
 * account's next request: every session reads the role afresh.
 */
export async function changeRole(db: Db, actor: ActivityActor, input: RoleChangeInput): Promise<RoleChange> {
  const given = lists();
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'team', 'roles');
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.closedAt)))
      .for('update');
    if (!user?.email) throw notFound('There is no such account.');
    const account = { email: user.email, role: user.role };
    const before = effectiveRole(account, given.staff, given.owner);
    const after = effectiveRole({ ...account, role: input.role }, given.staff, given.owner);
    if (after !== input.role) {
      const message = `${user.name}'s role comes from the ${settingOf(user.email, given)} setting, so it stays ${ROLE_LABELS[after]}: remove the address from that setting to change it.`;
      throw new ApiError(409, 'role_from_setting', message, { role: message });
    }
    if (before === 'owner' && after !== 'owner' && (await ownerIds(tx, given)).every((id) => id === user.id)) {
      const message = `${user.name} is the salon's only owner. Make another account an owner first, so that someone can still run the owner's screens.`;
      throw new ApiError(409, 'last_owner', message, { role: message });
    }
    if (user.role === input.role) return { id: user.id, name: user.name, before, after, changed: false };
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordActivity(tx, actor, {
      kind: 'roles',
      action: after === 'customer' ? 'removed' : 'changed',
      subject: user.name,
      summary: `${ROLE_LABELS[before]} → ${ROLE_LABELS[after]}`,
      before: { role: before },
      after: { role: after },
    });
    return { id: user.id, name: user.name, before, after, changed: true };
  });
}

// The invitation's link

const usable = (token: string, now: number) => and(eq(staffInvitations.tokenHash, hashToken(token)), openInvitation(now));

export const invitationNotValid = () =>
  new ApiError(400, 'invitation_not_valid', 'This invitation is not valid: it has expired, been used or been withdrawn. Ask the owner for a new one.', {
    token: 'This invitation is not valid.',
  });

export type InvitationState = { state: 'usable'; email: string; role: StaffRole; account: { name: string } | null } | { state: 'not_valid' };

/** What an invitation's link can still do, for its page: changes nothing. */
export async function invitationState(db: Db, token: string, now: number = Date.now()): Promise<InvitationState> {
  const [row] = await db.select().from(staffInvitations).where(usable(token, now));
  if (!row) return { state: 'not_valid' };
  const [account] = await db.select({ name: users.name }).from(users).where(and(eq(users.email, row.email), isNull(users.closedAt)));
  return { state: 'usable', email: row.email, role: row.role as StaffRole, account: account ?? null };
}

/**
 * Follows an invitation's link: the invitation is claimed once (a conditional update, so two presses at once make one
 * account), then the address's account gets the role, or a new account is made with the name given; following the
 * mailed link proves the address, as a sign-up's link does. A role is only ever raised here. Starts a session.
 */
export async function acceptInvitation(db: Db, input: { token: string; name?: string }, now: number = Date.now()) {
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx.update(staffInvitations).set({ usedAt: new Date(now) }).where(usable(input.token, now)).returning();
    if (!claimed) throw invitationNotValid();
    const role = claimed.role as StaffRole;
    const [existing] = await tx.select().from(users).where(eq(users.email, claimed.email));
    let account = existing;
    if (!account) {
      if (!input.name) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { name: 'Enter your name.' });
      [account] = await tx.insert(users).values({ name: input.name, email: claimed.email, role }).returning();
    } else if (rank(role) > rank(account.role)) {
      [account] = await tx.update(users).set({ role, updatedAt: new Date(now) }).where(eq(users.id, account.id)).returning();
    }
    await tx.update(staffInvitations).set({ acceptedBy: account!.id }).where(eq(staffInvitations.id, claimed.id));
    await recordActivity(tx, { userId: account!.id, name: account!.name }, {
      kind: 'roles',
      action: 'joined',
      subject: account!.name,
      summary: `Accepted the invitation as ${ROLE_LABELS[role]}${existing ? '' : ' (new account)'}`,
      before: existing ? { role: existing.role } : null,
      after: { role: account!.role, email: claimed.email },
    });
    return account!;
  });
  const session = await createSession(db, user.id);
  return { profile: profileOf(user), ...session };
}

/** Sends a queued invitation mail now; a failure stays in the outbox for the worker. */
export async function sendInvitationMail(db: Db, mailId: number): Promise<void> {
  await deliverDue(db, { ids: [mailId] });
}

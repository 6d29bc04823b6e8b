import 'server-only';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { appointments, customerNotes, passwordResets, pendingSignups, sessions, signinCodes, subscriptions, users, waitlistEntries } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { accountClosedMail, deliverDue, passwordChangedMail, queueMail } from '@/lib/mail';
import { SALON_PHONE_DISPLAY } from '@/lib/site';
import type { Profile } from './cookies';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from './password';
import { profileOf, weakPassword } from './accounts';

/**
 * A signed-in customer's own details (the account's details page, app/(account)/account/details/): the name, the
 * password, and closing the account. Changing the e-mail address is not offered online (the desk changes it); a new
 * address would need its own confirmation link.
 */

/** The name the account shows once closed; the row stays for the salon's records of past visits and purchases. */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

export const WRONG_CURRENT_PASSWORD = 'That is not your current password.';
export const HAS_UPCOMING_VISITS =
  'You have upcoming appointments. Cancel them on your account page first (up to 24 hours before), or call us, then close the account.';

export interface AccountDetails {
  name: string;
  email: string;
  /** False for an account that signs in by e-mail code only and never chose a password. */
  hasPassword: boolean;
}

async function accountRow(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return row;
}

export async function accountDetails(db: Db, userId: string): Promise<AccountDetails> {
  const row = await accountRow(db, userId);
  return { name: row.name, email: row.email ?? '', hasPassword: row.passwordHash !== null };
}

/**
 * The account's current password, when it has one: a wrong one is a 422 on its field. An account without a password
 * (code sign-in only) costs the same time, so the answer says nothing about which kind it is.
 */
async function confirmCurrentPassword(stored: string | null, given: string | undefined): Promise<void> {
  if (stored === null) {
    await verifyAgainstDummy(given ?? '');
    return;
  }
  if (!given) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { currentPassword: 'Enter your current password.' });
  if (!(await verifyPassword(given, stored))) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { currentPassword: WRONG_CURRENT_PASSWORD });
}

export async function changeName(db: Db, userId: string, name: string): Promise<Profile> {
  const [row] = await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id, name: users.name, email: users.email });
  if (!row) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return profileOf(row);
}

/**
 * Sets a new password after checking the current one (none asked of an account that has none yet). Every other
 * session of the account ends; this one stays. The owner is mailed, in the same transaction as the change.
 */
export async function changePassword(db: Db, input: { userId: string; tokenHash: string; currentPassword?: string; password: string }): Promise<void> {
  const row = await accountRow(db, input.userId);
  await confirmCurrentPassword(row.passwordHash, input.currentPassword);
  const problem = passwordProblem(input.password, { name: row.name, email: row.email ?? undefined });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password);
  const noticeId = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, row.id), ne(sessions.tokenHash, input.tokenHash)));
    if (!row.email) return null;
    return queueMail(tx, passwordChangedMail(row.email, row.name, { resetEmail: `${env().SITE_URL}/resetemail/`, phone: SALON_PHONE_DISPLAY }, true));
  });
  if (noticeId !== null) await afterAnswer(() => deliverDue(db, { ids: [noticeId] }).then(() => undefined));
}

/**
 * Closes the account: the name, e-mail address, phone number and password are erased, with every session, reset link,
 * sign-in code, waitlist entry, desk note and offers subscription of it. The row itself stays, nameless, because past
 * appointments and bought packages refer to it (the salon's records). Refused while an appointment is still to come:
 * it would be a booked visit nobody can be told about. The user row is locked first, so a booking made at the same
 * moment either comes before the check (and refuses the closing) or waits for it.
 */
export async function closeAccount(db: Db, input: { userId: string; currentPassword?: string }): Promise<void> {
  const row = await accountRow(db, input.userId);
  await confirmCurrentPassword(row.passwordHash, input.currentPassword);
  const noticeId = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${row.id} for update`);
    const [upcoming] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.customerId, row.id), eq(appointments.status, 'booked'), gt(appointments.startsAt, new Date())))
      .limit(1);
    if (upcoming) throw new ApiError(409, 'has_upcoming_appointments', HAS_UPCOMING_VISITS);
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, row.id));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.customerId, row.id));
    await tx.delete(customerNotes).where(eq(customerNotes.customerId, row.id));
    if (row.email) {
      await tx.delete(signinCodes).where(eq(signinCodes.email, row.email));
      await tx.delete(pendingSignups).where(eq(pendingSignups.email, row.email));
      await tx.delete(subscriptions).where(eq(subscriptions.email, row.email));
    }
    await tx.update(users).set({ name: CLOSED_ACCOUNT_NAME, email: null, phone: null, passwordHash: null, closedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, row.id));
    return row.email ? queueMail(tx, accountClosedMail(row.email, row.name, SALON_PHONE_DISPLAY)) : null;
  });
  if (noticeId !== null) await afterAnswer(() => deliverDue(db, { ids: [noticeId] }).then(() => undefined));
}

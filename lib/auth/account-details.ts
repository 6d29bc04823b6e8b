import 'server-only';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError, invalidField } from '@/lib/api/errors';
import { getDb, type Db } from '@/lib/db';
import { appointments, customerNotes, emailChanges, passkeys, passwordResets, pendingSignups, sessions, signinCodes, subscriptions, users, waitlistEntries } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { accountClosedMail, confirmEmailChangeMail, emailChangeNoticeMail, emailChangeTakenMail, passwordChangedMail, queueMail, sendMail } from '@/lib/mail';
import { SALON_PHONE_DISPLAY } from '@/lib/site';
import type { Profile } from './cookies';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import { deliverNoticeAfterAnswer, isUniqueViolation, profileOf, weakPassword } from './accounts';
import { hashToken, randomToken } from './tokens';

/**
 * A signed-in customer's own details (the account's details page, app/(account)/account/details/): the name, the
 * e-mail address (changed by a link mailed to the new one), the password, and closing the account.
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

/** The details page's account (components/account/AccountDetails.tsx), read from the database. */
export async function accountDetailsOf(userId: string): Promise<AccountDetails> {
  return accountDetails(await getDb(), userId);
}

/** How recent a sign-in must be for an account without a password to set one, change its address or close. */
export const RECENT_SIGN_IN_MINUTES = 15;
export const SIGN_IN_AGAIN_MESSAGE = `For your safety, please sign in again with a code first: this needs a sign-in in the last ${RECENT_SIGN_IN_MINUTES} minutes.`;

/**
 * Who is asking is the account's owner: the current password, when it has one (a wrong one is a 422 on its field).
 * An account that signs in by code only has no password to ask for, so its sign-in must be recent instead: a session
 * stolen or left open on a shared computer must not choose a password or an address and take the account over.
 */
async function confirmOwner(stored: string | null, given: string | undefined, sessionStartedAt: Date): Promise<void> {
  if (stored === null) {
    if (Date.now() - sessionStartedAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000) throw new ApiError(403, 'sign_in_again', SIGN_IN_AGAIN_MESSAGE);
    return;
  }
  if (!given) throw invalidField('currentPassword', 'Enter your current password.');
  if (!(await verifyPassword(given, stored))) throw invalidField('currentPassword', WRONG_CURRENT_PASSWORD);
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
export async function changePassword(db: Db, input: { userId: string; tokenHash: string; sessionStartedAt: Date; currentPassword?: string; password: string }): Promise<void> {
  const row = await accountRow(db, input.userId);
  await confirmOwner(row.passwordHash, input.currentPassword, input.sessionStartedAt);
  const problem = passwordProblem(input.password, { name: row.name, email: row.email ?? undefined });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password);
  const noticeId = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, row.id), ne(sessions.tokenHash, input.tokenHash)));
    if (!row.email) return null;
    return queueMail(tx, passwordChangedMail(row.email, row.name, { resetEmail: `${env().SITE_URL}/resetemail/`, phone: SALON_PHONE_DISPLAY }, true));
  });
  await deliverNoticeAfterAnswer(db, noticeId);
}

/**
 * Closes the account: the name, e-mail address, phone number and password are erased, with every session, reset link,
 * sign-in code, waitlist entry, desk note and offers subscription of it. The row itself stays, nameless, because past
 * appointments and bought packages refer to it (the salon's records). Refused while an appointment is still to come:
 * it would be a booked visit nobody can be told about. The user row is locked first, so a booking made at the same
 * moment either comes before the check (and refuses the closing) or waits for it.
 */
export async function closeAccount(db: Db, input: { userId: string; sessionStartedAt: Date; currentPassword?: string }): Promise<void> {
  const row = await accountRow(db, input.userId);
  await confirmOwner(row.passwordHash, input.currentPassword, input.sessionStartedAt);
  const noticeId = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${row.id} for update`);
    const [upcoming] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.customerId, row.id), eq(appointments.status, 'booked'), gt(appointments.startsAt, new Date())))
      .limit(1);
    if (upcoming) throw new ApiError(409, 'has_upcoming_appointments', HAS_UPCOMING_VISITS);
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await tx.delete(passkeys).where(eq(passkeys.userId, row.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, row.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, row.id));
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
  await deliverNoticeAfterAnswer(db, noticeId);
}

export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

export const emailChangeSent = (email: string) =>
  `We have sent a link to ${email}. Your address changes when you open it (within one hour); until then it stays as it is.`;

export const emailLinkNotValid = () =>
  new ApiError(400, 'email_link_not_valid', 'This link is not valid or has expired. Please ask for a new one on your details page.', {
    token: 'This link is not valid or has expired.',
  });

export const EMAIL_TAKEN_MESSAGE = 'Another account uses this e-mail address now, so yours was not changed.';

/**
 * Asks for a new e-mail address, after the current password. The answer is the same whether or not another account
 * has the address; after it, the new address gets the link (or, when taken, a note that nothing changed) and the
 * current address a notice. Earlier unused links of the account stop working.
 */
export async function requestEmailChange(db: Db, input: { userId: string; sessionStartedAt: Date; currentPassword?: string; email: string }): Promise<void> {
  const row = await accountRow(db, input.userId);
  await confirmOwner(row.passwordHash, input.currentPassword, input.sessionStartedAt);
  if (input.email === row.email) throw invalidField('email', 'That is your address already.');
  await afterAnswer(async () => {
    try {
      await mailEmailChange(db, { id: row.id, name: row.name, email: row.email }, input.email);
    } catch (error) {
      console.error('An e-mail change could not be stored or mailed', error);
    }
  });
}

async function mailEmailChange(db: Db, account: { id: string; name: string; email: string | null }, newEmail: string): Promise<void> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (owner) {
    await sendMail(db, emailChangeTakenMail(newEmail, SALON_PHONE_DISPLAY));
    return;
  }
  const token = randomToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, account.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({ tokenHash: hashToken(token), userId: account.id, email: newEmail, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) });
  });
  await sendMail(db, confirmEmailChangeMail(newEmail, account.name, `${env().SITE_URL}/account/email/${token}/`));
  if (account.email) await sendMail(db, emailChangeNoticeMail(account.email, account.name, { newEmail, phone: SALON_PHONE_DISPLAY, done: false }));
}

const usableEmailChange = (token: string) => and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date()));

/** The new address a link would set, or undefined when the link cannot be used (for its page). Changes nothing. */
export async function emailChangeOfLink(db: Db, token: string): Promise<string | undefined> {
  const [pending] = await db.select({ email: emailChanges.email }).from(emailChanges).where(usableEmailChange(token));
  return pending?.email;
}

/**
 * Follows the link mailed to the new address: the account's address becomes it. The link is claimed with one
 * conditional update in the transaction, so it works once. Reset links and sign-in codes sent to the old address stop
 * working; the old address is told. When another account has taken the address since, the link is used up all the
 * same (it could never work) and the answer is a 409.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<Profile> {
  let change: { profile: Profile; noticeId: number | null } | 'taken';
  try {
    change = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(emailChanges).set({ usedAt: new Date() }).where(usableEmailChange(token)).returning({ userId: emailChanges.userId, email: emailChanges.email });
      if (!claimed) throw emailLinkNotValid();
      const [before] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, claimed.userId), isNull(users.closedAt)));
      if (!before) throw emailLinkNotValid();
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, claimed.email));
      if (owner) return 'taken' as const;
      const [updated] = await tx.update(users).set({ email: claimed.email, updatedAt: new Date() }).where(eq(users.id, claimed.userId)).returning({ id: users.id, name: users.name, email: users.email });
      await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
      if (before.email) await tx.delete(signinCodes).where(eq(signinCodes.email, before.email));
      const noticeId = before.email
        ? await queueMail(tx, emailChangeNoticeMail(before.email, updated!.name, { newEmail: claimed.email, phone: SALON_PHONE_DISPLAY, done: true }))
        : null;
      return { profile: profileOf(updated!), noticeId };
    });
  } catch (error) {
    // Taken by another account between the check and the update: nothing changed, the link stays for a later try.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (change === 'taken') throw emailTaken();
  await deliverNoticeAfterAnswer(db, change.noticeId);
  return change.profile;
}

const emailTaken = () => new ApiError(409, 'email_taken', EMAIL_TAKEN_MESSAGE);

import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError, invalidField } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { passwordResets, sessions, users, type User } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { SALON_PHONE_DISPLAY } from '@/lib/site';
import { deliverDue, passwordChangedMail, queueMail, resetPasswordMail, sendMail } from '@/lib/mail';
import type { Profile } from './cookies';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from './password';
import { createSession } from './session';
import { hashToken, randomToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_EMAIL_ANSWER = 'If an account exists for that e-mail address, we have sent it a link to reset the password.';

export function profileOf(user: Pick<User, 'id' | 'name' | 'email'>): Profile {
  // Only accounts with an address sign in; a phone-only customer of the desk has no session to describe.
  return { id: user.id, name: user.name, email: user.email ?? '' };
}

export function weakPassword(message: string): ApiError {
  return invalidField('password', message);
}

/**
 * Sends a notice queued in the transaction of the change it tells of (so it cannot be lost once the change is made),
 * after the answer: a slow mail server never holds the request up, and a failed try stays queued for the worker.
 */
export async function deliverNoticeAfterAnswer(db: Db, noticeId: number | null): Promise<void> {
  if (noticeId === null) return;
  await afterAnswer(async () => {
    await deliverDue(db, { ids: [noticeId] });
  });
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Checks the password and starts a session; the same answer for an unknown e-mail and a wrong password. */
export async function signIn(db: Db, input: { email: string; password: string }) {
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  // An account without a password (signed up by e-mail code) costs the same time as no account.
  const valid = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new ApiError(401, 'invalid_credentials', 'The e-mail or password is not right.');
  const session = await createSession(db, user.id);
  return { profile: profileOf(user), ...session };
}

/**
 * Mails a single-use reset link valid for one hour, when the address has an account. Earlier unused links of that
 * account stop working, except that a request from a client other than a known device of the account (a stranger's,
 * perhaps) leaves the links asked for on its known devices alone. All of it happens after the answer, which is the
 * same either way: an address with an account must not answer slower (or fail) where one without answers at once.
 */
export async function requestPasswordReset(db: Db, email: string, fromKnownDevice = false): Promise<void> {
  await afterAnswer(async () => {
    try {
      await mailResetLink(db, email, fromKnownDevice);
    } catch (error) {
      console.error('A password reset could not be stored or mailed', error);
    }
  });
}

async function mailResetLink(db: Db, email: string, fromKnownDevice: boolean): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user?.email) return;
  const token = randomToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    const ended = fromKnownDevice ? undefined : eq(passwordResets.fromKnownDevice, false);
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), ended));
    await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), fromKnownDevice });
  });
  await sendMail(db, resetPasswordMail(user.email, user.name, `${env().SITE_URL}/resetpassword/${token}/`));
}

/** Whether a reset link can still be used (for the reset page, before the form is shown). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  return Boolean(row);
}

export const resetNotValid = () =>
  new ApiError(400, 'reset_not_valid', 'This reset link is not valid or has expired. Please ask for a new one.', { token: 'This reset link is not valid or has expired.' });

/**
 * Sets a new password with a reset token. The token is claimed with one conditional update, so it works once even
 * under concurrent use; every session of the account ends.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<void> {
  const [target] = await db
    .select({ email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  if (!target) throw resetNotValid();
  const problem = passwordProblem(input.password, { name: target.name, email: target.email ?? undefined });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password);
  const noticeId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw resetNotValid();
    // A known device's link and a stranger-asked one can both be live: the new password ends the other too.
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    // Queued with the change itself: the notice cannot be lost once the password has changed.
    if (!target.email) return null;
    return queueMail(tx, passwordChangedMail(target.email, target.name, { resetEmail: `${env().SITE_URL}/resetemail/`, phone: SALON_PHONE_DISPLAY }));
  });
  await deliverNoticeAfterAnswer(db, noticeId);
}

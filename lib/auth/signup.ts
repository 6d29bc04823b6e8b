import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { pendingSignups, users, type User } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { finishSignUpMail, sendMail, signUpAttemptMail } from '@/lib/mail';
import { isUniqueViolation, profileOf, weakPassword } from './accounts';
import { hashPassword, passwordProblem } from './password';
import { safeReturnPath } from './schemas';
import { createSession } from './session';
import { hashToken, randomToken } from './tokens';

/**
 * Sign-up without account enumeration. The answer is the same, in the same time, whether or not the address has an
 * account: everything before it depends only on the input (checks, the password hash), and the look-up of the
 * address happens after it. A new address gets a link that creates the account; a known one gets a note to its owner.
 * Until the link is followed the password signs nobody in: it waits in pending_signups, which sign-in never reads.
 */
export const SIGN_UP_TTL_MS = 60 * 60 * 1000;
export const SIGN_UP_ANSWER = 'Check your e-mail: we have sent you a link to finish creating your account.';

export interface SignUpRequest {
  name: string;
  email: string;
  password: string;
  /** Where the finished sign-up takes the person; anything but a same-site path becomes '/'. */
  returnPath?: string;
}

/** The link of a pending sign-up, built on the configured site URL (never on a request's host). */
export function finishSignUpLink(token: string): string {
  return `${env().SITE_URL}/signup/confirm/${token}/`;
}

/** `path` on the site with ?url= when the return path is not the home page. */
function siteLink(path: string, returnPath: string): string {
  const link = `${env().SITE_URL}${path}`;
  return returnPath === '/' ? link : `${link}?url=${encodeURIComponent(returnPath)}`;
}

/**
 * Checks the password rules and hashes the password, then answers; after the answer, stores the pending sign-up and
 * mails its link, or mails the owner of an existing account. The caller answers SIGN_UP_ANSWER either way.
 */
export async function requestSignUp(db: Db, input: SignUpRequest): Promise<void> {
  const problem = passwordProblem(input.password, input);
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password);
  const returnPath = safeReturnPath(input.returnPath);
  await afterAnswer(async () => {
    try {
      await storeOrNotify(db, { ...input, passwordHash, returnPath });
    } catch (error) {
      console.error('The sign-up could not be stored or its mail could not be sent', error);
    }
  });
}

async function storeOrNotify(db: Db, input: { name: string; email: string; passwordHash: string; returnPath: string }): Promise<void> {
  const [existing] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.email, input.email));
  if (existing) {
    await sendMail(db, signUpAttemptMail(input.email, existing.name, { signIn: siteLink('/signin/', input.returnPath), reset: `${env().SITE_URL}/resetemail/` }));
    return;
  }
  const token = randomToken();
  const now = new Date();
  await db.insert(pendingSignups).values({
    tokenHash: hashToken(token),
    email: input.email,
    name: input.name,
    passwordHash: input.passwordHash,
    returnPath: input.returnPath,
    expiresAt: new Date(now.getTime() + SIGN_UP_TTL_MS),
  });
  if (Math.random() < 0.05) await db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await sendMail(db, finishSignUpMail(input.email, input.name, finishSignUpLink(token)));
}

export const signUpLinkNotValid = () =>
  new ApiError(400, 'signup_link_not_valid', 'This link is not valid or has expired. Please sign up again.', { token: 'This link is not valid or has expired.' });

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this e-mail address exists already. Please sign in.';

const accountExists = () => new ApiError(409, 'account_exists', ACCOUNT_EXISTS_MESSAGE);

const usable = (token: string) => and(eq(pendingSignups.tokenHash, hashToken(token)), isNull(pendingSignups.usedAt), gt(pendingSignups.expiresAt, new Date()));

export type SignUpLinkState = { state: 'usable'; name: string; returnPath: string } | { state: 'account_exists'; returnPath: string } | { state: 'not_valid' };

/** What a sign-up link can still do (for its page, before the button is shown). Changes nothing. */
export async function signUpLinkState(db: Db, token: string): Promise<SignUpLinkState> {
  const [pending] = await db.select().from(pendingSignups).where(usable(token));
  if (!pending) return { state: 'not_valid' };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, pending.email));
  if (existing) return { state: 'account_exists', returnPath: pending.returnPath };
  return { state: 'usable', name: pending.name, returnPath: pending.returnPath };
}

/**
 * Follows a sign-up link: creates the account from the pending sign-up and starts a session. The link is claimed
 * with one conditional update inside the transaction, so it works once even when followed twice at the same time.
 * When an account for the address exists by then, nothing is claimed and the answer says so (409).
 */
export async function finishSignUp(db: Db, token: string) {
  const [pending] = await db.select().from(pendingSignups).where(usable(token));
  if (!pending) throw signUpLinkNotValid();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, pending.email));
  if (existing) throw accountExists();
  let user: User | undefined;
  try {
    user = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(pendingSignups).set({ usedAt: new Date() }).where(usable(token)).returning();
      if (!claimed) throw signUpLinkNotValid();
      const [created] = await tx.insert(users).values({ name: claimed.name, email: claimed.email, passwordHash: claimed.passwordHash }).returning();
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
  if (!user) throw new Error('user insert returned nothing');
  const session = await createSession(db, user.id);
  return { profile: profileOf(user), returnPath: pending.returnPath, ...session };
}

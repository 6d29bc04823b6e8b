import 'server-only';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { signinCodes, users, type User } from '@/lib/db/schema';
import { sendMail } from '@/lib/mail';
import { isUniqueViolation, profileOf } from './accounts';
import { signInCodeMail } from './code-mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { createSession } from './session';

/**
 * Sign-in by e-mail code, for customers with an account and new ones alike (docs/decisions.md, 'Sign-in codes').
 *
 * - Asking: the answer is the same, in the same time, for every address: nothing before it reads the database; the
 *   code is made, stored and mailed after the answer (afterAnswer), to any address, with or without an account.
 * - A code is six digits, stored only as a salted scrypt hash (the password hash), works once, for 10 minutes, and
 *   dies after CODE_MAX_TRIES wrong tries.
 * - A code asked for on a known device of the account (lib/auth/known-device.ts) is entered on that device, and one
 *   asked for elsewhere only elsewhere: a stranger's codes and wrong tries never end those of the owner's device.
 *   Asking again ends the earlier codes of that address asked for in the same place.
 * - Entering it: a right code of an address with an account signs that account in. For an address without one the
 *   answer asks for a name (only the holder of the code learns that the address is new) and, given the name, creates
 *   the account without a password. Wrong, used, expired and never-sent codes get one answer.
 */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
export const CODE_SENT_ANSWER = `We have sent a six-digit code to that address. It works for ${CODE_TTL_MINUTES} minutes.`;
export const CODE_NOT_VALID_MESSAGE = 'That code is not right or has expired. Check the latest mail, or ask for a new code.';
export const NAME_NEEDED_MESSAGE = 'Welcome! This e-mail address is new to us: enter your name to create your account.';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Where a code was asked for: the known device's token hash, or null for any other client. */
const askedFrom = (device: string | undefined) => (device ? eq(signinCodes.deviceHash, device) : isNull(signinCodes.deviceHash));

/**
 * Answers at once; after the answer stores a new code for the address (ending the earlier ones asked for from the
 * same known device, or from any other client) and mails it.
 */
export async function requestSignInCode(db: Db, email: string, device?: string): Promise<void> {
  await afterAnswer(async () => {
    try {
      await storeAndMail(db, email, device);
    } catch (error) {
      console.error('A sign-in code could not be stored or mailed', error);
    }
  });
}

async function storeAndMail(db: Db, email: string, device: string | undefined): Promise<void> {
  const code = newCode();
  const codeHash = await hashPassword(code);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(signinCodes).set({ usedAt: now }).where(and(eq(signinCodes.email, email), isNull(signinCodes.usedAt), askedFrom(device)));
    await tx.insert(signinCodes).values({ email, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000), deviceHash: device ?? null });
  });
  if (Math.random() < 0.05) await db.delete(signinCodes).where(lt(signinCodes.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await sendMail(db, signInCodeMail(email, code, CODE_TTL_MINUTES));
}

export const codeNotValid = () => new ApiError(400, 'code_not_valid', CODE_NOT_VALID_MESSAGE, { code: CODE_NOT_VALID_MESSAGE });
const nameNeeded = () => new ApiError(422, 'name_needed', NAME_NEEDED_MESSAGE, { name: 'Enter your name.' });

const live = (email: string, device: string | undefined) =>
  and(eq(signinCodes.email, email), isNull(signinCodes.usedAt), gt(signinCodes.expiresAt, new Date()), lt(signinCodes.tries, CODE_MAX_TRIES), askedFrom(device));

/**
 * Checks a code and signs in: the account of the address, or a new one with `name`. Every check costs one scrypt,
 * with or without a live code, so the time does not tell whether a code was sent. A wrong code counts a try; the
 * right one is claimed with one conditional update, so it works once even when sent twice at the same time. `device`
 * is the request's known device of the address's account (lib/auth/known-device.ts): only its own codes are tried.
 */
export async function signInWithCode(db: Db, input: { email: string; code: string; name?: string }, device?: string) {
  const [row] = await db.select().from(signinCodes).where(live(input.email, device)).orderBy(desc(signinCodes.createdAt)).limit(1);
  const right = row ? await verifyPassword(input.code, row.codeHash) : await verifyAgainstDummy(input.code);
  if (!row || !right) {
    if (row) await db.update(signinCodes).set({ tries: sql`${signinCodes.tries} + 1` }).where(eq(signinCodes.id, row.id));
    throw codeNotValid();
  }
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  // A new customer's code stays usable until the name comes with it.
  if (!existing && !input.name) throw nameNeeded();
  let user: User | undefined = existing;
  try {
    user = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(signinCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(signinCodes.id, row.id), isNull(signinCodes.usedAt), gt(signinCodes.expiresAt, new Date())))
        .returning({ id: signinCodes.id });
      if (!claimed) throw codeNotValid();
      if (existing) return existing;
      const [created] = await tx.insert(users).values({ name: input.name!, email: input.email, passwordHash: null }).returning();
      return created;
    });
  } catch (error) {
    // The account was made meanwhile (another tab, a sign-up link): the claim rolled back, so the code signs it in.
    if (isUniqueViolation(error) && !existing) return signInWithCode(db, { email: input.email, code: input.code }, device);
    throw error;
  }
  if (!user) throw new Error('user insert returned nothing');
  const session = await createSession(db, user.id);
  return { profile: profileOf(user), created: !existing, ...session };
}

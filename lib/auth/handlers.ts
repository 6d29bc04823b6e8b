import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { accountExport } from './account-export';
import { assertHuman } from '@/lib/api/bot-check';
import { getDb, type Db } from '@/lib/db';
import { enforceRateLimit, limitGuess } from '@/lib/rate-limit';
import { RESET_EMAIL_ANSWER, requestPasswordReset, resetPassword, signIn } from './accounts';
import { changeName, changePassword, closeAccount, confirmEmailChange, emailChangeSent, requestEmailChange } from './account-details';
import { profileCookie, signOutCookies, type Profile } from './cookies';
import { checkUpstreamSignIn, signedInResponse } from './responses';
import { CODE_SENT_ANSWER, requestSignInCode, signInWithCode } from './codes';
import { changeEmailSchema, changeNameSchema, changePasswordSchema, closeAccountSchema, confirmEmailSchema, codeRequestSchema, codeSignInSchema, finishSignUpSchema, resetEmailSchema, resetPasswordSchema, signInSchema, signUpSchema } from './schemas';
import { knownDeviceOf, rememberDevice } from './known-device';
import { endSession, getSession, requireSession, sessionForToken, sessionToken } from './session';
import { finishSignUp, requestSignUp, SIGN_UP_ANSWER } from './signup';

/**
 * The account route handlers. The routes under app/api/auth/ export them as POST, and the forms' server actions
 * (components/account/actions.ts) call them too, so the JSON API and the forms share one path: Origin check, proxy
 * mode, rate limits, validation and answers.
 *
 * A request from a known device of the address's account (lib/auth/known-device.ts) counts against that device's
 * own allowance; every sign-in makes the browser a known device of the account.
 */

/** The sign-in answer, with the browser remembered as a known device of the account. */
export async function signedInOnDevice(db: Db, request: Request, signedIn: { profile: Profile; token: string }, status = 200, extra: Record<string, string> = {}): Promise<Response> {
  const response = signedInResponse(signedIn.profile, signedIn.token, status, extra);
  response.headers.append('set-cookie', await rememberDevice(db, request, signedIn.profile.id));
  return response;
}

/** Only wrong passwords count against the limits (lib/rate-limit), not sign-ins. */
export const signInHandler = apiHandler(
  async (request) => {
    const input = await parseJsonBody(request, signInSchema);
    const db = await getDb();
    const device = await knownDeviceOf(db, request, input.email);
    const signedIn = await limitGuess(db, 'signin', { client: clientAddress(request), address: input.email, device }, () => signIn(db, input));
    return signedInOnDevice(db, request, signedIn);
  },
  { afterProxy: checkUpstreamSignIn },
);

/** Ends the session on the server and removes both cookies (BnpAuth with path '/'), signed in or not. */
export const signOutHandler = apiHandler(async (request) => {
  const token = sessionToken(request);
  if (token) {
    const db = await getDb();
    const session = await sessionForToken(db, token);
    if (session) await endSession(db, session.tokenHash);
  }
  const headers = new Headers();
  for (const cookie of signOutCookies()) headers.append('set-cookie', cookie);
  return json({ ok: true }, { headers });
});

/** 202 with the same message for a new and a known address (lib/auth/signup.ts); the account comes with the link. */
export const signUpHandler = apiHandler(async (request) => {
  const input = await parseJsonBody(request, signUpSchema);
  const client = clientAddress(request);
  const db = await getDb();
  await enforceRateLimit(db, 'signup', { client, address: input.email, device: await knownDeviceOf(db, request, input.email) });
  await assertHuman(input, client);
  await requestSignUp(db, input);
  return json({ ok: true, message: SIGN_UP_ANSWER }, { status: 202 });
});

/** The mailed sign-up link's token: creates the account and signs in (201), 400 when not valid, 409 when it exists. */
export const finishSignUpHandler = apiHandler(async (request) => {
  const { token } = await parseJsonBody(request, finishSignUpSchema);
  const db = await getDb();
  const { profile, token: session, returnPath } = await finishSignUp(db, token);
  return signedInOnDevice(db, request, { profile, token: session }, 201, { returnPath });
}, { afterProxy: checkUpstreamSignIn });

/** The same answer whether or not the address has an account. */
export const resetEmailHandler = apiHandler(async (request) => {
  const { email } = await parseJsonBody(request, resetEmailSchema);
  const db = await getDb();
  const device = await knownDeviceOf(db, request, email);
  await enforceRateLimit(db, 'resetemail', { client: clientAddress(request), address: email, device });
  await requestPasswordReset(db, email, device !== undefined);
  return json({ ok: true, message: RESET_EMAIL_ANSWER });
});

export const resetPasswordHandler = apiHandler(async (request) => {
  const input = await parseJsonBody(request, resetPasswordSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'resetpassword', { client: clientAddress(request) });
  await resetPassword(db, input);
  return json({ ok: true, message: 'Your password is changed. Please sign in with it.' });
});

/** 202 with one answer for every address; the code is made and mailed after it (lib/auth/codes.ts). */
export const signInCodeHandler = apiHandler(async (request) => {
  const { email } = await parseJsonBody(request, codeRequestSchema);
  const db = await getDb();
  const device = await knownDeviceOf(db, request, email);
  await enforceRateLimit(db, 'signincode', { client: clientAddress(request), address: email, device });
  await requestSignInCode(db, email, device);
  return json({ ok: true, message: CODE_SENT_ANSWER }, { status: 202 });
});

/** A right code signs in (200, or 201 with a new account); 400 when not valid, 422 name_needed for a new address. */
export const signInWithCodeHandler = apiHandler(async (request) => {
  const input = await parseJsonBody(request, codeSignInSchema);
  const db = await getDb();
  const device = await knownDeviceOf(db, request, input.email);
  const signedIn = await limitGuess(db, 'signincodeverify', { client: clientAddress(request), address: input.email, device }, () => signInWithCode(db, input, device));
  return signedInOnDevice(db, request, signedIn, signedIn.created ? 201 : 200);
});

export const PASSWORD_SAVED = 'Your new password is saved. Every other device signed in to your account was signed out.';
export const ACCOUNT_CLOSED = 'Your account is closed and your details are erased.';

/** The signed-in customer's new name (200 with the profile); the readable profile cookie follows it. */
export const changeNameHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const { name } = await parseJsonBody(request, changeNameSchema);
  const profile = await changeName(await getDb(), session.user.id, name);
  return json(profile, { headers: { 'set-cookie': profileCookie(profile) } });
});

/** A new password for the signed-in customer, after the current one; other sessions end, this one stays. */
export const changePasswordHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const input = await parseJsonBody(request, changePasswordSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'accountpassword', { client: clientAddress(request), address: session.user.id });
  await changePassword(db, { userId: session.user.id, tokenHash: session.tokenHash, sessionStartedAt: session.startedAt, currentPassword: input.currentPassword, password: input.password });
  return json({ ok: true, message: PASSWORD_SAVED });
});

/** Closes the signed-in customer's account (lib/auth/account-details.ts) and signs out; 409 while a visit is to come. */
export const closeAccountHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const input = await parseJsonBody(request, closeAccountSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'accountpassword', { client: clientAddress(request), address: session.user.id });
  await closeAccount(db, { userId: session.user.id, sessionStartedAt: session.startedAt, currentPassword: input.currentPassword });
  const headers = new Headers();
  for (const cookie of signOutCookies()) headers.append('set-cookie', cookie);
  return json({ ok: true, message: ACCOUNT_CLOSED }, { headers });
});

/** Asks for a new e-mail address (202): a link goes to it, and the address changes when it is followed. */
export const changeEmailHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const input = await parseJsonBody(request, changeEmailSchema);
  const db = await getDb();
  const client = clientAddress(request);
  await enforceRateLimit(db, 'accountpassword', { client, address: session.user.id });
  await enforceRateLimit(db, 'emailchange', { client, address: input.email });
  await requestEmailChange(db, { userId: session.user.id, sessionStartedAt: session.startedAt, currentPassword: input.currentPassword, email: input.email });
  return json({ ok: true, message: emailChangeSent(input.email) }, { status: 202 });
});

/**
 * The link mailed to the new address: the account's address becomes it (200 with the profile). The browser that
 * follows it need not be signed in; when it is, as that account, its readable profile follows the new address.
 */
export const confirmEmailHandler = apiHandler(async (request) => {
  const { token } = await parseJsonBody(request, confirmEmailSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'emailconfirm', { client: clientAddress(request) });
  const profile = await confirmEmailChange(db, token);
  const session = await getSession(request);
  return json(profile, session?.user.id === profile.id ? { headers: { 'set-cookie': profileCookie(profile) } } : {});
});

export const ACCOUNT_EXPORT_FILE = 'bare-and-polished-my-data.json';

/** The signed-in customer's data as a JSON file to keep, indented to be read (lib/auth/account-export.ts); never cached. */
export const exportAccountHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const data = await accountExport(await getDb(), session.user.id);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${ACCOUNT_EXPORT_FILE}"`,
      'cache-control': 'no-store',
    },
  });
});

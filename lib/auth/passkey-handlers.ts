import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody, parseParams } from '@/lib/api';
import { clearCookie, readCookie, serializeCookie } from '@/lib/api/cookies';
import { getDb } from '@/lib/db';
import { secureCookies } from '@/lib/env';
import { enforceRateLimit, limitGuess } from '@/lib/rate-limit';
import { signedInOnDevice } from './handlers';
import { passkeyIdSchema, passkeyRegistrationSchema, passkeySignInSchema } from './passkey-schemas';
import { beginRegistration, beginSignIn, CHALLENGE_TTL_MS, finishRegistration, finishSignIn, listPasskeys, passkeyNameFor, removePasskey } from './passkeys';
import { checkUpstreamSignIn } from './responses';
import { createSession, requireSession } from './session';

/**
 * The passkey routes (lib/auth/passkeys.ts): options then verify, for a signed-in customer's new passkey
 * (/api/account/passkeys/) and for signing in (/api/auth/passkey/). The challenge's token travels in an HttpOnly
 * cookie, so an answer counts only from the browser that asked.
 */

function challengeCookieName(): string {
  return secureCookies() ? '__Host-bnp_passkey' : 'bnp_passkey';
}

function challengeCookie(token: string): string {
  return serializeCookie(challengeCookieName(), token, { httpOnly: true, secure: secureCookies(), sameSite: 'Strict', maxAge: CHALLENGE_TTL_MS / 1000, path: '/' });
}

function clearChallengeCookie(): string {
  return clearCookie(challengeCookieName(), { httpOnly: true, secure: secureCookies(), path: '/' });
}

/** Options to sign in with a passkey (anyone). */
export const passkeySignInOptionsHandler = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(db, 'passkeyoptions', { client: clientAddress(request) });
  const { options, token } = await beginSignIn(db);
  return json(options, { headers: { 'set-cookie': challengeCookie(token) } });
});

/** A passkey's answer signs in (200 with the profile, as the password sign-in); 400 passkey_not_valid otherwise. */
export const passkeySignInHandler = apiHandler(
  async (request) => {
    const { response } = await parseJsonBody(request, passkeySignInSchema);
    const db = await getDb();
    const token = readCookie(request, challengeCookieName());
    const profile = await limitGuess(db, 'passkeysignin', { client: clientAddress(request) }, () => finishSignIn(db, { token, response }));
    const session = await createSession(db, profile.id);
    const answer = await signedInOnDevice(db, request, { profile, token: session.token });
    answer.headers.append('set-cookie', clearChallengeCookie());
    return answer;
  },
  { afterProxy: checkUpstreamSignIn },
);

/** Options to add a passkey to the signed-in customer's account. */
export const passkeyRegistrationOptionsHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const db = await getDb();
  await enforceRateLimit(db, 'passkeyoptions', { client: clientAddress(request) });
  const { options, token } = await beginRegistration(db, session.user);
  return json(options, { headers: { 'set-cookie': challengeCookie(token) } });
});

/** The new passkey's answer: kept under the name of the browser that made it (201 with it). */
export const passkeyRegistrationHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  const { response } = await parseJsonBody(request, passkeyRegistrationSchema);
  const db = await getDb();
  const token = readCookie(request, challengeCookieName());
  const passkey = await finishRegistration(db, { userId: session.user.id, token, response, name: passkeyNameFor(request.headers.get('user-agent')) });
  return json(passkey, { status: 201, headers: { 'set-cookie': clearChallengeCookie() } });
});

/** The signed-in customer's passkeys. */
export const passkeyListHandler = apiHandler(async (request) => {
  const session = await requireSession(request);
  return json({ passkeys: await listPasskeys(await getDb(), session.user.id) });
});

/** Removes one of the signed-in customer's passkeys (204); 404 when it is not theirs. */
export const passkeyRemoveHandler = apiHandler<{ id: string }>(async (request, { params }) => {
  const session = await requireSession(request);
  const { id } = parseParams(params, passkeyIdSchema);
  await removePasskey(await getDb(), session.user.id, id);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

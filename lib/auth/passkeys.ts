import 'server-only';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, eq, lt } from 'drizzle-orm';
import { isIP } from 'node:net';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { passkeyChallenges, passkeys, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { Profile } from './cookies';
import { profileOf } from './accounts';
import { hashToken, randomToken } from './tokens';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a signed-in customer registers one; anyone signs in with one, without
 * an e-mail address (a discoverable credential: the browser offers the site's passkeys). Each ceremony's challenge is
 * stored for five minutes and taken (deleted) when its answer comes, so an answer can be used once; the browser holds
 * the token that finds it (an HttpOnly cookie, lib/auth/passkey-handlers.ts).
 */

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How many passkeys one account keeps: one per phone, computer and key is a handful; the list stays readable. */
export const PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_NOT_VALID_MESSAGE = 'That passkey could not sign you in. Please try again, or sign in with an e-mail code.';
export const PASSKEYS_UNAVAILABLE_MESSAGE = 'Passkeys cannot be used at this address of the site.';
export const PASSKEY_NOT_FOUND_MESSAGE = 'That passkey is not on your account (it may be removed already).';
export const PASSKEY_LIMIT_MESSAGE = `An account keeps at most ${PASSKEYS_PER_ACCOUNT} passkeys. Please remove one you no longer use first.`;

export interface RelyingParty {
  /** The RP ID: the site's hostname, which every passkey is bound to. */
  id: string;
  /** The origin a passkey's answer must come from. */
  origin: string;
  name: string;
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1']);

/**
 * The relying party of a SITE_URL, or null where passkeys cannot work. WebAuthn refuses an IP address as RP ID, so a
 * site at an address has none; a loopback address (a machine trying the site) is the exception: there passkeys are
 * bound to 'localhost' and work when the site is opened at http://localhost with SITE_URL's port.
 */
export function relyingPartyOf(siteUrl: string): RelyingParty | null {
  const url = new URL(siteUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const name = 'Bare & Polished NYC';
  if (LOOPBACK_ADDRESSES.has(hostname)) {
    const local = new URL(url.href);
    local.hostname = 'localhost';
    return { id: 'localhost', origin: local.origin, name };
  }
  if (isIP(hostname) !== 0) return null;
  return { id: hostname, origin: url.origin, name };
}

export function relyingParty(): RelyingParty {
  const party = relyingPartyOf(env().SITE_URL);
  if (!party) throw new ApiError(404, 'passkeys_unavailable', PASSKEYS_UNAVAILABLE_MESSAGE);
  return party;
}

const notValid = () => new ApiError(400, 'passkey_not_valid', PASSKEY_NOT_VALID_MESSAGE);

type Purpose = 'register' | 'signin';

async function storeChallenge(db: Db, purpose: Purpose, challenge: string, userId: string | null): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.insert(passkeyChallenges).values({ tokenHash: hashToken(token), purpose, challenge, userId, expiresAt: new Date(now + CHALLENGE_TTL_MS) });
  // Expired challenges go as new ones come (an index on expires_at keeps it cheap): the table holds five minutes' worth.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now)));
  return token;
}

/** The challenge a token names, deleted as it is read: a second answer to it finds nothing. */
async function takeChallenge(db: Db, token: string | undefined, purpose: Purpose, userId: string | null): Promise<string> {
  if (!token) throw notValid();
  const [row] = await db.delete(passkeyChallenges).where(eq(passkeyChallenges.tokenHash, hashToken(token))).returning();
  if (!row || row.purpose !== purpose || row.expiresAt.getTime() <= Date.now() || row.userId !== userId) throw notValid();
  return row.challenge;
}

/** The library's refusal of an answer (a wrong signature, origin or challenge) as the person's sentence. */
async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    console.info('passkey answer refused:', error instanceof Error ? error.message : error);
    throw notValid();
  }
}

const TRANSPORTS: ReadonlySet<string> = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const knownTransports = (transports: readonly string[] | undefined) => (transports ?? []).filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t));

/** Registration's first step for a signed-in customer: the options for navigator.credentials.create and the token. */
export async function beginRegistration(db: Db, user: { id: string; email: string; name: string }): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; token: string }> {
  const party = relyingParty();
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new ApiError(409, 'passkey_limit', PASSKEY_LIMIT_MESSAGE);
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // A passkey already on this authenticator is not made twice.
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: knownTransports(key.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, token: await storeChallenge(db, 'register', options.challenge, user.id) };
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const summaryOf = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Registration's answer: checked against its challenge, then the credential is kept under `name`. */
export async function finishRegistration(db: Db, input: { userId: string; token: string | undefined; response: RegistrationResponseJSON; name: string }): Promise<PasskeySummary> {
  const party = relyingParty();
  const challenge = await takeChallenge(db, input.token, 'register', input.userId);
  const result = await verified(() =>
    verifyRegistrationResponse({ response: input.response, expectedChallenge: challenge, expectedOrigin: party.origin, expectedRPID: party.id, requireUserVerification: false }),
  );
  if (!result.verified) throw notValid();
  const { credential } = result.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: input.userId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: knownTransports(credential.transports ?? input.response.response.transports),
      name: input.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(409, 'passkey_exists', 'This passkey is already saved.');
  return summaryOf(row);
}

/** Sign-in's first step, for anyone: options that let the browser offer any of the site's passkeys. */
export async function beginSignIn(db: Db): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string }> {
  const party = relyingParty();
  const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'preferred' });
  return { options, token: await storeChallenge(db, 'signin', options.challenge, null) };
}

/**
 * Sign-in's answer: the credential must be a stored one of an open account, signed over this challenge, with a
 * counter past the stored one (the library refuses one that goes back: a cloned authenticator). Its counter and
 * last use are kept.
 */
export async function finishSignIn(db: Db, input: { token: string | undefined; response: AuthenticationResponseJSON }): Promise<Profile> {
  const party = relyingParty();
  const challenge = await takeChallenge(db, input.token, 'signin', null);
  const [stored] = await db
    .select({ passkey: passkeys, user: { id: users.id, name: users.name, email: users.email, closedAt: users.closedAt } })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, input.response.id));
  if (!stored || stored.user.closedAt || !stored.user.email) throw notValid();
  const userHandle = input.response.response.userHandle;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== stored.user.id) throw notValid();
  const result = await verified(() =>
    verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: stored.passkey.id,
        publicKey: new Uint8Array(Buffer.from(stored.passkey.publicKey, 'base64url')),
        counter: stored.passkey.counter,
        transports: knownTransports(stored.passkey.transports),
      },
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw notValid();
  await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, stored.passkey.id));
  return profileOf(stored.user);
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(summaryOf);
}

/** Removes one of the account's passkeys; another account's (or none) is a 404, so nothing tells them apart. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new ApiError(404, 'passkey_not_found', PASSKEY_NOT_FOUND_MESSAGE);
}

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A passkey's name from the browser that made it ('Chrome on Android'), for telling the account's passkeys apart. */
export function passkeyNameFor(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Passkey';
}

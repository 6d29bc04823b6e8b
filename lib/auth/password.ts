import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordHashGate } from '@/lib/rate-limit/hash-gate';
import { PASSWORD_HASH_PARAMS as PARAMS } from './password-cost';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** Every hash goes through the gate: a bounded number at once, the excess refused at once (see hash-gate.ts). */
function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 128 * 2 ** logN * r * 2 };
  return passwordHashGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** `scrypt$logN$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS.logN, PARAMS.r, PARAMS.p);
  return ['scrypt', PARAMS.logN, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, logN, r, p);
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check when there is no account, so timing does not tell which e-mails exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** The commonest passwords of public breach lists (zxcvbn-ts's list of about 30,000), lower-case. */
const COMMON = new Set(dictionary.passwords.filter((word) => word.length >= 6));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password);
}

/** Server-side password rules beyond length: not a common password, not the person's e-mail or name. */
export function passwordProblem(password: string, context: { email?: string; name?: string } = {}): string | undefined {
  if (isCommonPassword(password)) return 'This password is too common. Choose one that is harder to guess.';
  const lower = password.toLowerCase();
  if (context.email && (lower === context.email.toLowerCase() || lower === context.email.split('@')[0]?.toLowerCase())) {
    return 'Do not use your e-mail address as the password.';
  }
  if (context.name && lower === context.name.toLowerCase()) return 'Do not use your name as the password.';
  return undefined;
}

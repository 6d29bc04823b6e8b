import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): session and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 only; a stolen table gives nobody a session or a reset. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

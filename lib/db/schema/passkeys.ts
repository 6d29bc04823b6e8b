import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A customer's passkeys (drizzle/0190, lib/auth/passkeys.ts): the credential's id and COSE public key as base64url, the
 * authenticator's signature counter (a clone shows up as a counter that goes back), and a name to tell them apart.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The authenticator's transports ('internal', 'hybrid', …), handed back to the browser with the credential. */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge waiting for its answer: single use (deleted as it is read), five minutes, bound to the browser
 * by an HttpOnly cookie holding a random token whose SHA-256 is the key. A registration's is bound to its account too.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'signin') and (${t.purpose} = 'signin' or ${t.userId} is not null)`),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);

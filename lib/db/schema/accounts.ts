import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['customer', 'staff', 'owner']);

/** Customers and staff. The id is the customerId of the API paths and of the BnpAuth profile. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. Null for a customer the desk created with a phone only (no mail goes out). */
    email: text('email'),
    /** Digits only (lib/desk/phone.ts); set by the front desk. */
    phone: text('phone'),
    /** Name (lower-cased), e-mail and phone, one a line: what the desk's search matches (drizzle/0060). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || E'\n' || coalesce(email, '') || E'\n' || coalesce(phone, '')`),
    name: text('name').notNull(),
    /** Null for a customer who signs in by e-mail code only (lib/auth/codes.ts) and never chose a password. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer closed the account (lib/auth/account-details.ts): the row stays, without name, address or phone. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A walk-in the desk booked by name only (drizzle/0180): no e-mail or phone, so nothing is ever sent. */
    walkIn: boolean('walk_in').notNull().default(false),
  },
  (t) => [
    // A customer has an e-mail address or a phone number, until the account is closed, unless a walk-in (drizzle/0180).
    check('users_email_or_phone_check', sql`${t.email} is not null or ${t.phone} is not null or ${t.closedAt} is not null or ${t.walkIn}`),
    uniqueIndex('users_email_key').on(t.email),
    // The pg_trgm GIN index of the desk's partial search (drizzle/0060_desk_customers.sql).
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The front desk's note on a customer, never shown to the customer; who changed it last and when. */
export const customerNotes = pgTable('customer_notes', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-in. The cookie holds a random token; only its SHA-256 is stored, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Password reset tokens: stored hashed, single use (usedAt), valid until expiresAt. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Asked for from a known device of the account (lib/auth/known-device.ts): a stranger's request does not end it. */
    fromKnownDevice: boolean('from_known_device').notNull().default(false),
  },
  (t) => [index('password_resets_user_idx').on(t.userId).where(sql`${t.usedAt} is null`)],
);

/**
 * A browser that has signed in to an account (lib/auth/known-device.ts, OWASP's device cookie): its cookie holds a
 * random token, stored here as its SHA-256 with the account it names. It gives no access, only an allowance of
 * attempts and mails of its own, apart from the one every other client of the address shares.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in that issued it: each sign-in issues a new token, so this is also when it was last used to sign in. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId), index('known_devices_created_idx').on(t.createdAt)],
);

/**
 * A new e-mail address waiting for its mailed link (lib/auth/account-details.ts): the account's address changes only
 * when the link sent to the new one is followed, once (usedAt), before expiresAt. The token is stored as its SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId).where(sql`${t.usedAt} is null`)],
);

/**
 * A sign-up waiting for its mailed link (lib/auth/signup.ts): nothing here signs anyone in. The link's token is
 * stored as its SHA-256; following it once (usedAt) before expiresAt creates the account from this row.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Stored lower-cased and trimmed, like users.email; not unique: each sign-up mails its own link. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Where the link takes the person once the account exists: a same-site path (safeReturnPath). */
    returnPath: text('return_path').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('pending_signups_expires_idx').on(t.expiresAt)],
);

/**
 * A six-digit sign-in code mailed to an address (lib/auth/codes.ts), for an account or a new customer alike. The code
 * is stored as a salted scrypt hash (lib/auth/password.ts), never in the clear; it works once (usedAt), until
 * expiresAt (10 minutes), and dies after CODE_MAX_TRIES wrong tries.
 */
export const signinCodes = pgTable(
  'signin_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The known device that asked for it (its token's hash), or null for any other client: each is entered where it was asked for. */
    deviceHash: text('device_hash'),
  },
  (t) => [index('signin_codes_email_idx').on(t.email, t.createdAt), index('signin_codes_expires_idx').on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;
export type PendingSignup = typeof pendingSignups.$inferSelect;
export type UserRole = (typeof userRole.enumValues)[number];

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRole, users } from './accounts';

/**
 * An owner's invitation of a person to the staff (drizzle/0150, lib/team/staff.ts): a single-use link mailed to the
 * address, whose token is stored as its SHA-256 only. Following it before `expiresAt` makes the account (or raises an
 * existing one) to `role`, once (`usedAt`); an owner may withdraw it first (`revokedAt`).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    role: userRole('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // Not `in ('staff', 'owner')`: PostgreSQL runs the pending migrations in one transaction, and a value added to an enum
    // in it (0110's 'owner') cannot be used there yet.
    check('staff_invitations_role_check', sql`${t.role} <> 'customer'`),
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    index('staff_invitations_open_idx').on(t.email).where(sql`${t.usedAt} is null and ${t.revokedAt} is null`),
  ],
);
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

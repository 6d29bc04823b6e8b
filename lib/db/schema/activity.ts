import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** What the activity log records: one kind per owner's screen, plus the desk's schedule (rosters, closures, time off) and the exports. */
export const ACTIVITY_KINDS = ['menu', 'team', 'hours', 'roles', 'rosters', 'closures', 'time-off', 'promotions', 'photos', 'exports', 'customers', 'deposits', 'gift-cards'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * Who changed what, when, before and after (drizzle/0110): written in the transaction of the change it records, so
 * a change without its entry cannot happen. The actor's name is copied, so the entry outlives the account.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('activity_log_at_idx').on(t.at), index('activity_log_kind_at_idx').on(t.kind, t.at)],
);
export type ActivityRow = typeof activityLog.$inferSelect;

/**
 * One row per published catalogue change (drizzle/0110): its id is the catalogue's version, and the tags say what
 * changed. Every instance learns of a row by NOTIFY 'catalog_changed' (or by polling the largest id), never only from
 * the request that wrote it (lib/catalog/publish.ts).
 */
export const catalogChanges = pgTable('catalog_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  tags: text('tags').array().notNull(),
});

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Fixed-window counters of the rate limiter, one row per key (action + address or client). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const OUTBOX_STATES = ['pending', 'sent', 'failed', 'expired', 'obsolete'] as const;

/** A file attached to a mail, kept in the outbox row until it is sent. */
export interface OutboxAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/**
 * Every mail the site sends (lib/mail): written here first, then delivered by whichever instance claims it (a lease,
 * lockedUntil), retried with backoff (nextAttemptAt) while the SMTP server is away. Without SMTP_URL the delivery is
 * the server log and DATA_DIR/outbox/. Reminders carry the appointment and the start they announce, so that one
 * which waited out an outage is dropped (obsolete) if the visit was cancelled or moved in the meantime.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers, e.g. List-Unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    /** An iCalendar invitation sent as the text/calendar alternative (method REQUEST or CANCEL). */
    calendar: jsonb('calendar').$type<{ method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string }>(),
    status: text('status', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Not sent after this (a reminder after its visit has begun); null: kept trying until MAIL_GIVE_UP_HOURS. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    appointmentId: uuid('appointment_id'),
    appointmentStartsAt: timestamp('appointment_starts_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

export type OutboxRow = typeof outbox.$inferSelect;

/** Small facts about the database itself, such as whether the catalogue has been seeded (`catalog_source`). */
export const meta = pgTable(
  'meta',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The paid shop orders (lib/shopify/orders.ts) by when they were paid: the reports' packages sold (drizzle/0200).
  (t) => [index('meta_paid_orders_idx').on(t.updatedAt).where(sql`${t.key} like 'shop-order:%'`)],
);

import { pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Promotional e-mail subscriptions: one row per address. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The secret of the one-click unsubscribe link (random, 122 bits): knowing an address does not give its link. */
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom(),
  },
  (t) => [uniqueIndex('subscriptions_email_key').on(t.email), uniqueIndex('subscriptions_unsubscribe_token_key').on(t.unsubscribeToken)],
);

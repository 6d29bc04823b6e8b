import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** One area of what a waitlisted customer wants: the area, the therapist (0 any) and the minutes it takes. */
export interface WaitlistArea {
  areaId: number;
  therapistId: number;
  minutes: number;
  /** The services wanted in the area (catalogue ids), so the freed-time mail's link can bring them on any device. */
  services?: string[];
}

/**
 * A customer who found no fitting time on a day and asked to be told when one frees up (lib/booking/waitlist.ts):
 * one area ('area', a time per service) or the whole visit, its areas chained in order ('visit'). Nothing is held.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order customers asked in: strictly increasing, unlike a clock. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: smallint('location').notNull(),
    /** The day in New York, 'YYYY-MM-DD'. */
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['area', 'visit'] }).notNull(),
    areas: jsonb('areas').$type<WaitlistArea[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time a freed time was mailed. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('waitlist_entries_day_idx').on(t.location, t.date, t.seq).where(sql`${t.leftAt} is null`),
    index('waitlist_entries_customer_idx').on(t.customerId, t.date),
    check('waitlist_entries_kind_check', sql`${t.kind} in ('area', 'visit')`),
  ],
);

/** The claim that an entry was told of a time starting at startsAt: its primary key lets no instance mail it twice. */
export const waitlistNotices = pgTable(
  'waitlist_notices',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    outboxId: integer('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.startsAt] })],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { therapists } from './booking';

/**
 * A therapist's time off (drizzle/0070): one-off between two instants, or weekly on a weekday between local minutes
 * after midnight, from valid_from to the day before valid_until (drizzle/0250; null: since always, until removed). It
 * applies at every location the therapist works.
 */
export const therapistTimeOff = pgTable(
  'therapist_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    therapistId: smallint('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    weekday: smallint('weekday'),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A weekly block's first New York date, the day it was added; null since always (rows from before drizzle/0250). */
    validFrom: date('valid_from', { mode: 'string' }),
    /** The first date a removed weekly block no longer applies (the day it was removed); null while it stands. */
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    index('therapist_time_off_therapist_idx').on(t.therapistId, t.startsAt),
    check(
      'therapist_time_off_dates_check',
      sql`(${t.validFrom} is null and ${t.validUntil} is null) or (${t.weekday} is not null and (${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}))`,
    ),
    check(
      'therapist_time_off_shape_check',
      sql`(${t.startsAt} IS NOT NULL AND ${t.endsAt} IS NOT NULL AND ${t.endsAt} > ${t.startsAt} AND ${t.weekday} IS NULL AND ${t.startMinute} IS NULL AND ${t.endMinute} IS NULL) OR (${t.startsAt} IS NULL AND ${t.endsAt} IS NULL AND ${t.weekday} BETWEEN 0 AND 6 AND ${t.startMinute} >= 0 AND ${t.endMinute} <= 1440 AND ${t.endMinute} > ${t.startMinute})`,
    ),
  ],
);
export type TimeOffRow = typeof therapistTimeOff.$inferSelect;

/**
 * A location's closure overrides (drizzle/0070): `closed` true closes the day (a closure staff added); false opens a
 * federal holiday the salon closes on by default (lib/desk/holidays.ts), which needs no row.
 */
export const locationClosures = pgTable(
  'location_closures',
  {
    location: smallint('location').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    closed: boolean('closed').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.location, t.date] })],
);

/**
 * A one-off change to a therapist's shift at a location on one date ('this Saturday only', drizzle/0180): it replaces
 * the weekly roster's shift there that day, for the areas the therapist is rostered for at that location. `off` takes
 * the day off the roster; otherwise they work startMinute to endMinute (local minutes after midnight). Every roster
 * read (lib/booking/shifts.ts) applies it: slots, the desk's day, the waitlist.
 */
export const shiftChanges = pgTable(
  'shift_changes',
  {
    therapistId: smallint('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    location: smallint('location').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    off: boolean('off').notNull().default(false),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.therapistId, t.location, t.date] }),
    index('shift_changes_location_date_idx').on(t.location, t.date),
    check(
      'shift_changes_shape_check',
      sql`(${t.off} AND ${t.startMinute} IS NULL AND ${t.endMinute} IS NULL) OR (NOT ${t.off} AND ${t.startMinute} >= 0 AND ${t.endMinute} <= 1440 AND ${t.endMinute} > ${t.startMinute})`,
    ),
  ],
);
export type ShiftChangeRow = typeof shiftChanges.$inferSelect;

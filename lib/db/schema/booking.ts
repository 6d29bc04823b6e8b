import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Named therapists (catalogue ids; 0, 'Any therapist', is never stored). */
export const therapists = pgTable('therapists', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  bio: text('bio').notNull().default(''),
  photoId: text('photo_id'),
  /** Retired: kept on past visits, gone from rosters, slots and the team page. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  /** When the row or what they do (therapist_services) last changed (drizzle/0230): a stale edit form is refused. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A weekly shift's columns, the same in the roster now and in its history. */
const weeklyShiftColumns = () => ({
  therapistId: smallint('therapist_id')
    .notNull()
    .references(() => therapists.id, { onDelete: 'cascade' }),
  location: smallint('location').notNull(),
  areaId: smallint('area_id').notNull(),
  weekday: smallint('weekday').notNull(),
  startMinute: smallint('start_minute'),
  endMinute: smallint('end_minute'),
});

/**
 * Who works where now: a therapist serves an area at a location on some weekdays (0 Sunday), between local minutes
 * after midnight. Null minutes mean the opening hours of that day. A row applies from its valid_from on; what it
 * replaced applies before that, from roster_history.
 */
export const rosters = pgTable(
  'rosters',
  {
    ...weeklyShiftColumns(),
    /** Who last changed the shift at /desk/rosters/ (drizzle/0150); null for the seed's rows. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first New York date the shift applies, the day it was saved (drizzle/0240); null since always (the seed's, and rows from before 0240). */
    validFrom: date('valid_from', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.therapistId, t.location, t.areaId, t.weekday] }),
    index('rosters_location_area_idx').on(t.location, t.areaId),
    check('rosters_weekday_check', sql`${t.weekday} between 0 and 6`),
  ],
);

/**
 * Weekly shifts that applied once (drizzle/0240): a roster row changed or removed (at /desk/rosters/, by a change of a
 * therapist's work, by a retirement) is kept here for the New York dates from valid_from (null: since always) to the
 * day before valid_until, so that a past date reads the roster it had (lib/booking/shifts.ts) and a closed month's
 * report does not move.
 */
export const rosterHistory = pgTable(
  'roster_history',
  {
    ...weeklyShiftColumns(),
    validFrom: date('valid_from', { mode: 'string' }),
    /** The first date it no longer applies: the day of the change. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.therapistId, t.location, t.areaId, t.weekday, t.validUntil] }),
    index('roster_history_location_until_idx').on(t.location, t.validUntil),
    check('roster_history_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('roster_history_dates_check', sql`${t.validFrom} is null or ${t.validFrom} < ${t.validUntil}`),
  ],
);

/**
 * One appointment card as booked: the aptId (cid) of the API paths. An idempotency key makes a retried create return
 * the first answer instead of booking twice.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff account that booked it through the back-office path, if any. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that created it, to refuse a key reused for a different request. */
    requestHash: text('request_hash'),
    location: smallint('location').notNull(),
    gender: smallint('gender').notNull(),
    customerType: smallint('customer_type').notNull().default(0),
    source: text('source').notNull().default('8'),
    url: text('url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_customer_idx').on(t.customerId),
    uniqueIndex('bookings_idempotency_key').on(t.customerId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** A service line as stored: recomputed from the catalogue at booking time. */
export interface StoredLine {
  id: string;
  svcId: string;
  name: string;
  serviceTypeId: number;
  gen: number;
  duration: number;
  price: number;
  pkgId: string | null;
}

export const APPOINTMENT_STATES = ['booked', 'cancelled'] as const;
/** What happened at a booked visit (lib/desk/attendance.ts): null until the desk marks it. */
export const ATTENDANCE_STATES = ['checked_in', 'started', 'completed', 'no_show'] as const;

/**
 * One area of a booking: one therapist for one span of time. Two exclusion constraints, added by hand-written
 * migrations (drizzle-kit cannot express them), refuse two booked appointments that overlap for one therapist
 * (0002, appointments_no_overlap) and for one customer, who cannot be in two places (0003,
 * appointments_customer_no_overlap, deferrable for a reschedule that swaps areas):
 * EXCLUDE USING gist (therapist_id | customer_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (status = 'booked').
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: smallint('location').notNull(),
    areaId: smallint('area_id').notNull(),
    therapistId: smallint('therapist_id')
      .notNull()
      .references(() => therapists.id),
    /** The therapist the customer asked for: 0 for 'Any therapist'. */
    requestedTherapistId: smallint('requested_therapist_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATES }).notNull().default('booked'),
    note: text('note').notNull().default(''),
    lines: jsonb('lines').$type<StoredLine[]>().notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The iCalendar SEQUENCE of its event: raised by every move and the cancellation, so calendars take the change. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** Set by the desk for a booked visit only (check constraint, drizzle/0050_desk_day.sql); status stays as it is. */
    attendance: text('attendance', { enum: ATTENDANCE_STATES }),
  },
  (t) => [
    index('appointments_booking_idx').on(t.bookingId),
    index('appointments_customer_idx').on(t.customerId, t.startsAt),
    index('appointments_day_idx').on(t.location, t.startsAt),
    // The owner's reports of all four salons (drizzle/0200): a period's appointments by start and by creation.
    index('appointments_starts_at_idx').on(t.startsAt),
    index('appointments_created_at_idx').on(t.createdAt),
    index('appointments_package_lines_idx').on(t.startsAt).where(sql`${t.status} = 'booked' and ${t.lines} @? '$[*] ? (@.pkgId != null)'`),
    check('appointments_span_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_attendance_check', sql`${t.attendance} is null or (${t.attendance} in ('checked_in', 'started', 'completed', 'no_show') and ${t.status} = 'booked')`),
  ],
);

/**
 * Sessions of a package a customer owns (pkgAvailable), one row per service it covers: a package has one, a bundle
 * one per service of the bundle, each credited its own session. Credited after a completed order; used by booking.
 */
export const customerPackages = pgTable(
  'customer_packages',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The package offer's pvId. */
    pvId: uuid('pv_id').notNull(),
    /** The service item (GUID) the package covers. */
    serviceId: uuid('service_id').notNull(),
    sessionsTotal: integer('sessions_total').notNull(),
    sessionsUsed: integer('sessions_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.pvId, t.serviceId] }),
    check('customer_packages_sessions_check', sql`${t.sessionsUsed} >= 0 and ${t.sessionsUsed} <= ${t.sessionsTotal}`),
  ],
);

/**
 * The reminder of an appointment at one start time (lib/booking/reminders.ts). The primary key is the claim: of two
 * instances only one inserts the row, in the transaction that also writes the reminder into the outbox. A move gives
 * the appointment a new start and so a reminder of its own.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.startsAt] })],
);

/**
 * A time held for a customer while they sign in (lib/booking/holds.ts): one therapist for one span, until expiresAt
 * (10 minutes). The holder is a random token in an HttpOnly cookie, stored as its SHA-256. An exclusion constraint
 * (drizzle/0031_slot_holds_no_overlap.sql) refuses two holds that overlap for one therapist; expired rows are deleted
 * before a new hold is written, under the same advisory locks as bookings (therapist-locks.ts).
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderHash: text('holder_hash').notNull(),
    location: smallint('location').notNull(),
    areaId: smallint('area_id').notNull(),
    therapistId: smallint('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('slot_holds_holder_idx').on(t.holderHash),
    index('slot_holds_therapist_idx').on(t.therapistId, t.startsAt),
    check('slot_holds_span_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Every change to an appointment (booked, moved, cancelled, attendance) with who made it and when: staff at the desk
 * or the customer online. Written in the transaction that makes the change (lib/booking/appointment-events.ts).
 */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'notified': the desk mailed the customer to choose another time (a therapist's sick day, lib/desk). */
    action: text('action', { enum: ['booked', 'moved', 'cancelled', 'attendance', 'notified'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.at)],
);

export type SlotHold = typeof slotHolds.$inferSelect;
export type Therapist = typeof therapists.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
export type CustomerPackage = typeof customerPackages.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DepositRuleData } from './deposits';

/**
 * The salon's services: the source of truth for what it sells (seeded from lib/catalog/data into an empty database).
 * `data` is the whole ServiceItem as the pages read it, without its offers (catalog_offers); the columns beside it
 * are what SQL and the owner's editor need. `bookableAt` lists the locations where it can be booked online (the
 * specification's offerings rule, per service); a retired service leaves the menus but keeps its row for past visits.
 */
export const catalogServices = pgTable('catalog_services', {
  id: uuid('id').primaryKey(),
  sku: text('sku').notNull().unique(),
  moniker: text('moniker').notNull().unique(),
  name: text('name').notNull(),
  svcType: integer('svc_type').notNull(),
  areaId: smallint('area_id').notNull(),
  gender: smallint('gender').notNull(),
  duration: smallint('duration').notNull(),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  data: jsonb('data').notNull(),
  bookableAt: smallint('bookable_at').array().notNull().default(sql`'{}'::smallint[]`),
  photoId: text('photo_id'),
  position: integer('position').notNull().default(0),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The deposit online booking asks for (drizzle/0220, lib/deposits/rule.ts); null for none. */
  deposit: jsonb('deposit').$type<DepositRuleData>(),
});

/** Which service types each location offers online (specification section 6). */
export const locationOfferings = pgTable(
  'location_offerings',
  {
    location: smallint('location').notNull(),
    svcType: integer('svc_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.location, t.svcType] })],
);

/*
 * The owner's catalogue (drizzle/0120). The database is the source of truth (DESIGN.md); lib/catalog/data is the seed
 * of an empty database and the tests' fixture. lib/catalog/snapshot.ts reads all of it into one snapshot that the
 * pages and the booking rules read; lib/catalog/publish.ts tells every instance when it changed.
 */

/**
 * Packages and bundles (an `spkg` entry's offer fields, without the per-service `svc*` fields). `serviceIds` lists the
 * services the offer covers, in order: one for a multi-session package, several for a bundle.
 */
export const catalogOffers = pgTable('catalog_offers', {
  id: uuid('id').primaryKey(),
  kind: text('kind', { enum: ['package', 'bundle'] }).notNull(),
  sku: text('sku').notNull().unique(),
  moniker: text('moniker').notNull().unique(),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  serviceIds: uuid('service_ids').array().notNull(),
  data: jsonb('data').notNull(),
  photoId: text('photo_id'),
  position: integer('position').notNull().default(0),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What each therapist does where: one row per service they do at a location they work at. */
export const therapistServices = pgTable(
  'therapist_services',
  {
    therapistId: smallint('therapist_id').notNull(),
    location: smallint('location').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.therapistId, t.location, t.serviceId] }), index('therapist_services_service_idx').on(t.serviceId, t.location)],
);

/**
 * Opening hours per location and weekday (0 Sunday) now, in local minutes after midnight; `closed` for a day off. A row
 * applies from its valid_from on; what it replaced applies before that, from opening_hours_history.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    location: smallint('location').notNull(),
    weekday: smallint('weekday').notNull(),
    openMinute: smallint('open_minute').notNull(),
    closeMinute: smallint('close_minute').notNull(),
    closed: boolean('closed').notNull().default(false),
    /** The first New York date these hours apply, the day they were saved (drizzle/0250); null since always. */
    validFrom: date('valid_from', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.location, t.weekday] }), check('opening_hours_range_check', sql`${t.closeMinute} > ${t.openMinute} AND ${t.openMinute} >= 0 AND ${t.closeMinute} <= 1440`)],
);

/**
 * A weekday's hours as they were once (drizzle/0250): kept when the owner changes them, for the New York dates from
 * valid_from (null: since always) to the day before valid_until, so that a past date reads the hours it had
 * (lib/catalog/hours.ts) and a closed month's report does not move. `closed` also stands for a weekday without a row.
 */
export const openingHoursHistory = pgTable(
  'opening_hours_history',
  {
    location: smallint('location').notNull(),
    weekday: smallint('weekday').notNull(),
    openMinute: smallint('open_minute').notNull(),
    closeMinute: smallint('close_minute').notNull(),
    closed: boolean('closed').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    /** The first date it no longer applies: the day of the change. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.location, t.weekday, t.validUntil] }),
    check('opening_hours_history_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('opening_hours_history_dates_check', sql`${t.validFrom} is null or ${t.validFrom} < ${t.validUntil}`),
  ],
);

/** Hours of one date that differ from the weekday's (a short day, a late night); a closed day is a closure. */
export const specialHours = pgTable(
  'special_hours',
  {
    location: smallint('location').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    openMinute: smallint('open_minute').notNull(),
    closeMinute: smallint('close_minute').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.location, t.date] }), check('special_hours_range_check', sql`${t.closeMinute} > ${t.openMinute} AND ${t.openMinute} >= 0 AND ${t.closeMinute} <= 1440`)],
);

/** Per-location settings the owner edits: the minimum notice for online bookings (DESIGN.md: 2 hours). */
export const locationSettings = pgTable('location_settings', {
  location: smallint('location').primaryKey(),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
});

/** The home page's banner: shown from `startsOn` to `endsOn` (New York dates, inclusive); none shows when expired. */
export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  link: text('link').notNull().default(''),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The home page's 'Latest News' cards, in `position` order. */
export const newsCards = pgTable('news_cards', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link').notNull().default(''),
  photoId: text('photo_id'),
  position: integer('position').notNull().default(0),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single values the owner sets for the whole site (the home page's hero photo). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

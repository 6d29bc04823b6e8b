import { integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The catalogue as seeded from lib/catalog on start. The TypeScript catalogue stays the source of truth (prices and
 * durations are recomputed from it); these rows let SQL join appointments to service names and let another service
 * read the same data.
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

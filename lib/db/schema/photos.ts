import { customType, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** PostgreSQL's bytea, as a Buffer (node-postgres returns one; PGlite a Uint8Array, turned into one here). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The owner's photos (drizzle/0170), one row per upload as re-encoded by lib/photos/pipeline.ts. `id` is the address
 * the pages use (`{hash}-{width}x{height}`, lib/photos/address.ts): the hash is of the uploaded file, so the same file
 * uploaded twice is one photo, and what an address serves never changes. The catalogue's photo_id columns and the
 * 'hero_photo' setting hold these ids.
 */
export const photos = pgTable('photos', {
  id: text('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  width: smallint('width').notNull(),
  height: smallint('height').notNull(),
  /** The uploaded file's size, before re-encoding. */
  originalBytes: integer('original_bytes').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The encoded files of each photo, one per width and format, when the database is the photo store (the default;
 * lib/photos/store.ts). Read by /media/{id}/{width}.{format}.
 */
export const photoVariants = pgTable(
  'photo_variants',
  {
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    width: smallint('width').notNull(),
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width, t.format] })],
);

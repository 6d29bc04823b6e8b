-- Two booked appointments of one therapist may not overlap. btree_gist lets the equality on therapist_id share a GiST
-- index with the range overlap; PGlite loads the extension in lib/db/client.ts, PostgreSQL ships it (trusted).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'booked');

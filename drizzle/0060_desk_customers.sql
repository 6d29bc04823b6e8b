-- The front desk's customers (issue 15): a customer booked by phone may have no e-mail address, so users.email may be
-- null (the unique index keeps two accounts off one address; nulls do not collide). phone holds digits only
-- (lib/desk/phone.ts). Search by partial name, e-mail or phone: search_text holds the three, lower-cased, one a line,
-- under one pg_trgm GIN index, so a LIKE '%…%' of three or more characters is answered from the index on PGlite (which
-- ships pg_trgm, loaded in lib/db/client.ts) and PostgreSQL, and no row's lower(name) is computed at search time.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_digits_check" CHECK ("phone" ~ '^[0-9]{7,15}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_or_phone_check" CHECK ("email" IS NOT NULL OR "phone" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name") || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The desk's note on a customer (never shown to the customer), and who last changed it.
CREATE TABLE "customer_notes" (
  "customer_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "note" text NOT NULL,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

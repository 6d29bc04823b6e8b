ALTER TABLE "catalog_services" ADD COLUMN "bookable_at" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "catalog_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"moniker" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"data" jsonb NOT NULL,
	"photo_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_offers_sku_unique" UNIQUE("sku"),
	CONSTRAINT "catalog_offers_moniker_unique" UNIQUE("moniker")
);
--> statement-breakpoint
CREATE TABLE "therapist_services" (
	"therapist_id" smallint NOT NULL,
	"location" smallint NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "therapist_services_therapist_id_location_service_id_pk" PRIMARY KEY("therapist_id","location","service_id")
);
--> statement-breakpoint
CREATE INDEX "therapist_services_service_idx" ON "therapist_services" USING btree ("service_id","location");--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"location" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"open_minute" smallint NOT NULL,
	"close_minute" smallint NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "opening_hours_location_weekday_pk" PRIMARY KEY("location","weekday"),
	CONSTRAINT "opening_hours_range_check" CHECK ("opening_hours"."close_minute" > "opening_hours"."open_minute" AND "opening_hours"."open_minute" >= 0 AND "opening_hours"."close_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"location" smallint NOT NULL,
	"date" date NOT NULL,
	"open_minute" smallint NOT NULL,
	"close_minute" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "special_hours_location_date_pk" PRIMARY KEY("location","date"),
	CONSTRAINT "special_hours_range_check" CHECK ("special_hours"."close_minute" > "special_hours"."open_minute" AND "special_hours"."open_minute" >= 0 AND "special_hours"."close_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "location_settings" (
	"location" smallint PRIMARY KEY NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"photo_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

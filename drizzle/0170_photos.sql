CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"original_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "photo_variants" (
	"photo_id" text NOT NULL,
	"width" smallint NOT NULL,
	"format" text NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "photo_variants_photo_id_width_format_pk" PRIMARY KEY("photo_id","width","format")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_variants" ADD CONSTRAINT "photo_variants_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;

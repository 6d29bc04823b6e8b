CREATE TABLE "signin_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_hash" text NOT NULL,
	"location" smallint NOT NULL,
	"area_id" smallint NOT NULL,
	"therapist_id" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_holds_span_check" CHECK ("slot_holds"."ends_at" > "slot_holds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signin_codes_email_idx" ON "signin_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "signin_codes_expires_idx" ON "signin_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "slot_holds_holder_idx" ON "slot_holds" USING btree ("holder_hash");--> statement-breakpoint
CREATE INDEX "slot_holds_therapist_idx" ON "slot_holds" USING btree ("therapist_id","starts_at");
-- The front desk's schedule (lib/desk/schedule.ts): a therapist's time off, one-off (an interval of instants) or
-- weekly (a weekday and local minutes), and each location's closures. A closure row either closes a day (a holiday
-- the staff added, closed = true) or opens a federal holiday the salon would otherwise close on (closed = false):
-- the holidays themselves are computed by rule (lib/desk/holidays.ts), so every year is pre-filled without rows.
CREATE TABLE "therapist_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" smallint NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weekday" smallint,
	"start_minute" smallint,
	"end_minute" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_time_off_shape_check" CHECK (
		("starts_at" IS NOT NULL AND "ends_at" IS NOT NULL AND "ends_at" > "starts_at" AND "weekday" IS NULL AND "start_minute" IS NULL AND "end_minute" IS NULL)
		OR ("starts_at" IS NULL AND "ends_at" IS NULL AND "weekday" BETWEEN 0 AND 6 AND "start_minute" >= 0 AND "end_minute" <= 1440 AND "end_minute" > "start_minute")
	)
);
--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD CONSTRAINT "therapist_time_off_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD CONSTRAINT "therapist_time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "therapist_time_off_therapist_idx" ON "therapist_time_off" USING btree ("therapist_id","starts_at");--> statement-breakpoint
CREATE TABLE "location_closures" (
	"location" smallint NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"closed" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_closures_location_date_pk" PRIMARY KEY("location","date")
);
--> statement-breakpoint
ALTER TABLE "location_closures" ADD CONSTRAINT "location_closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;

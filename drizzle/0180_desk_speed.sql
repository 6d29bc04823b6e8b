-- The desk at speed (issue 34): a visit can be started; a walk-in is booked by name only; one-off shift changes.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_attendance_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendance_check" CHECK ("attendance" IS NULL OR ("attendance" IN ('checked_in', 'started', 'completed', 'no_show') AND "status" = 'booked'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_or_phone_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_or_phone_check" CHECK ("users"."email" is not null or "users"."phone" is not null or "users"."closed_at" is not null or "users"."walk_in");--> statement-breakpoint
CREATE TABLE "shift_changes" (
	"therapist_id" smallint NOT NULL,
	"location" smallint NOT NULL,
	"date" date NOT NULL,
	"off" boolean DEFAULT false NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_changes_therapist_id_location_date_pk" PRIMARY KEY("therapist_id","location","date"),
	CONSTRAINT "shift_changes_shape_check" CHECK (("shift_changes"."off" AND "shift_changes"."start_minute" IS NULL AND "shift_changes"."end_minute" IS NULL) OR (NOT "shift_changes"."off" AND "shift_changes"."start_minute" >= 0 AND "shift_changes"."end_minute" <= 1440 AND "shift_changes"."end_minute" > "shift_changes"."start_minute"))
);
--> statement-breakpoint
ALTER TABLE "shift_changes" ADD CONSTRAINT "shift_changes_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_changes" ADD CONSTRAINT "shift_changes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_changes_location_date_idx" ON "shift_changes" USING btree ("location","date");

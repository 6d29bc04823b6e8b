-- The weekly roster with dates (docs/decisions.md, 'Rosters keep their past'): a shift applies from the day it was
-- saved, and the row it replaced or a removed row is kept in roster_history for the dates before, so that a past date
-- (the desk's day, a closed month's report) reads the roster it had. Rows that exist apply since always (null).
ALTER TABLE "rosters" ADD COLUMN "valid_from" date;--> statement-breakpoint
CREATE TABLE "roster_history" (
	"therapist_id" smallint NOT NULL,
	"location" smallint NOT NULL,
	"area_id" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"valid_from" date,
	"valid_until" date NOT NULL,
	CONSTRAINT "roster_history_therapist_id_location_area_id_weekday_valid_until_pk" PRIMARY KEY("therapist_id","location","area_id","weekday","valid_until"),
	CONSTRAINT "roster_history_weekday_check" CHECK ("roster_history"."weekday" between 0 and 6),
	CONSTRAINT "roster_history_dates_check" CHECK ("roster_history"."valid_from" is null or "roster_history"."valid_from" < "roster_history"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "roster_history" ADD CONSTRAINT "roster_history_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_history_location_until_idx" ON "roster_history" USING btree ("location","valid_until");

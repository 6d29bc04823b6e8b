-- Opening hours and weekly time off with dates (docs/decisions.md, 'Rosters keep their past'): as with the roster, a
-- change applies from the New York day it is made and earlier days keep what they had, so a closed month's report and
-- a past day at the desk do not move. opening_hours.valid_from says from which date a weekday's hours apply (null,
-- since always, for every existing row); opening_hours_history keeps a weekday's hours for the dates before a change
-- (closed when the weekday had no row). A weekly time off applies from valid_from to the day before valid_until;
-- removing one that applied on earlier days ends it instead of deleting it.
ALTER TABLE "opening_hours" ADD COLUMN "valid_from" date;--> statement-breakpoint
CREATE TABLE "opening_hours_history" (
	"location" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"open_minute" smallint NOT NULL,
	"close_minute" smallint NOT NULL,
	"closed" boolean NOT NULL,
	"valid_from" date,
	"valid_until" date NOT NULL,
	CONSTRAINT "opening_hours_history_location_weekday_valid_until_pk" PRIMARY KEY("location","weekday","valid_until"),
	CONSTRAINT "opening_hours_history_weekday_check" CHECK ("opening_hours_history"."weekday" between 0 and 6),
	CONSTRAINT "opening_hours_history_dates_check" CHECK ("opening_hours_history"."valid_from" is null or "opening_hours_history"."valid_from" < "opening_hours_history"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD CONSTRAINT "therapist_time_off_dates_check" CHECK (("therapist_time_off"."valid_from" is null and "therapist_time_off"."valid_until" is null) or ("therapist_time_off"."weekday" is not null and ("therapist_time_off"."valid_from" is null or "therapist_time_off"."valid_until" is null or "therapist_time_off"."valid_from" < "therapist_time_off"."valid_until")));

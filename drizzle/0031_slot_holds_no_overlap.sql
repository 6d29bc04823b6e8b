-- Two holds of one therapist may not overlap (lib/booking/holds.ts): of two racing holds for one time, the database
-- lets one in. Expired holds are deleted before a new one is written, inside the same advisory locks as bookings, so
-- the constraint needs no clock (a WHERE on now() is not allowed in an exclusion constraint).
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_overlap" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);

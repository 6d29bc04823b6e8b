-- One customer, one place at a time: two booked appointments of one customer may not overlap, whoever the therapists
-- are (the same rule as appointments_no_overlap, keyed by customer). btree_gist (0002) gives the uuid equality its
-- GiST operator class. Cancelled rows leave the constraint. DEFERRABLE INITIALLY IMMEDIATE: every statement is checked
-- at once, except in a reschedule that moves several areas of one card, which defers the check to its end
-- (lib/booking/appointments.ts), so that two areas can swap times. Refuses to apply while a customer already holds two
-- overlapping booked appointments: the error names them; cancel or move one, then start again.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_no_overlap" EXCLUDE USING gist ("customer_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'booked') DEFERRABLE INITIALLY IMMEDIATE;

// Booking tables (therapists, rosters, appointments, packages, idempotency keys): filled by the booking API work.
export {};

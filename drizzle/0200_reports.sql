-- The owner's reports (issue 35, lib/reports/figures.ts): a period's appointments of all four salons by start and by
-- creation (the (location, starts_at) index serves one salon), and the paid shop orders by when they were paid.
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "meta_paid_orders_idx" ON "meta" USING btree ("updated_at") WHERE "key" LIKE 'shop-order:%';

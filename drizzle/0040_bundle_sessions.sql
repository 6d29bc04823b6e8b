-- A bundle credits one session of each of its services: customer_packages holds one row per (customer, package,
-- service) instead of one per (customer, package).
ALTER TABLE "customer_packages" DROP CONSTRAINT "customer_packages_customer_id_pv_id_pk";--> statement-breakpoint
ALTER TABLE "customer_packages" ADD CONSTRAINT "customer_packages_customer_id_pv_id_service_id_pk" PRIMARY KEY("customer_id","pv_id","service_id");--> statement-breakpoint
-- Bundles credited before this migration have one row (their first service) for the whole bundle. Each other service
-- of the bundle (catalog_services.data holds each service's offers, pvType 4 = bundle) gets a row with the same count,
-- and every bundle row's use is recounted from the booked appointments' lines, service by service.
INSERT INTO "customer_packages" ("customer_id", "pv_id", "service_id", "sessions_total", "sessions_used", "created_at", "updated_at")
SELECT cp."customer_id", cp."pv_id", cs."id", cp."sessions_total", 0, cp."created_at", now()
FROM "customer_packages" cp
JOIN "catalog_services" cs ON EXISTS (
  SELECT 1 FROM jsonb_array_elements(cs."data"->'spkg') offer
  WHERE lower(offer->>'pvId') = cp."pv_id"::text AND (offer->>'pvType')::int = 4
)
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "customer_packages" cp
SET "sessions_used" = LEAST(cp."sessions_total", (
  SELECT count(*) FROM "appointments" a, jsonb_array_elements(a."lines") line
  WHERE a."customer_id" = cp."customer_id" AND a."status" = 'booked'
    AND lower(line->>'pkgId') = cp."pv_id"::text AND lower(line->>'id') = cp."service_id"::text
)), "updated_at" = now()
WHERE EXISTS (
  SELECT 1 FROM "catalog_services" cs, jsonb_array_elements(cs."data"->'spkg') offer
  WHERE lower(offer->>'pvId') = cp."pv_id"::text AND (offer->>'pvType')::int = 4
);

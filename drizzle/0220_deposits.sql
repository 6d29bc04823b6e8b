-- Deposits, the late-cancellation fee and account credit (issue 37): a service's deposit rule, the visits waiting for
-- their deposit, the deposit of each booked visit, and the customer's credit ledger in cents. The data step gives the
-- seed's microblading ($100), lamination (25%) and tattoo-removal sessions ($50) their deposits in a database seeded
-- before this release (an empty one gets them from lib/catalog/data).
ALTER TABLE "catalog_services" ADD COLUMN "deposit" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD CONSTRAINT "catalog_services_deposit_check" CHECK ("catalog_services"."deposit" IS NULL OR ("catalog_services"."deposit"->>'kind' = 'fixed' AND jsonb_typeof("catalog_services"."deposit"->'cents') = 'number' AND ("catalog_services"."deposit"->>'cents')::numeric > 0) OR ("catalog_services"."deposit"->>'kind' = 'percent' AND jsonb_typeof("catalog_services"."deposit"->'percent') = 'number' AND ("catalog_services"."deposit"->>'percent')::numeric BETWEEN 1 AND 100));--> statement-breakpoint
CREATE TABLE "pending_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"holder_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"cart_id" text,
	"booking_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_deposits_status_check" CHECK ("pending_deposits"."status" in ('awaiting_payment', 'booked', 'released', 'credited')),
	CONSTRAINT "pending_deposits_amount_check" CHECK ("pending_deposits"."amount_cents" > 0 and "pending_deposits"."credit_cents" >= 0 and "pending_deposits"."credit_cents" <= "pending_deposits"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'paid' NOT NULL,
	"order_ref" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_state_check" CHECK ("deposits"."state" in ('paid', 'credited', 'kept', 'waived')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"booking_id" uuid,
	"gift_card_last4" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_reason_check" CHECK ("account_credits"."reason" in ('deposit-credited', 'late-payment', 'spent-on-deposit', 'spent-on-package', 'waived-fee')),
	CONSTRAINT "account_credits_sign_check" CHECK ("account_credits"."amount_cents" <> 0 and ("account_credits"."amount_cents" > 0) = ("account_credits"."reason" in ('deposit-credited', 'late-payment', 'waived-fee')))
);
--> statement-breakpoint
ALTER TABLE "pending_deposits" ADD CONSTRAINT "pending_deposits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_deposits" ADD CONSTRAINT "pending_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_deposits_customer_idx" ON "pending_deposits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_deposits_awaiting_idx" ON "pending_deposits" USING btree ("expires_at") WHERE "pending_deposits"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "account_credits_customer_idx" ON "account_credits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_booking_once" ON "account_credits" USING btree ("booking_id") WHERE "account_credits"."booking_id" is not null and "account_credits"."reason" in ('deposit-credited', 'waived-fee');--> statement-breakpoint
UPDATE "catalog_services" SET "deposit" = '{"kind":"fixed","cents":10000}'::jsonb WHERE "sku" IN ('WMBL001', 'MMBL001') AND "deposit" IS NULL;--> statement-breakpoint
UPDATE "catalog_services" SET "deposit" = '{"kind":"percent","percent":25}'::jsonb WHERE "sku" IN ('WBRW006', 'WBRW007', 'WLSH003') AND "deposit" IS NULL;--> statement-breakpoint
UPDATE "catalog_services" SET "deposit" = '{"kind":"fixed","cents":5000}'::jsonb WHERE "sku" IN ('WTTR002', 'WTTR003', 'WTTR004', 'WTTR005', 'WTTR006', 'MTTR002', 'MTTR003', 'MTTR004', 'MTTR005', 'MTTR006') AND "deposit" IS NULL;

CREATE TABLE "known_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "known_devices_created_idx" ON "known_devices" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "signin_codes" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "from_known_device" boolean DEFAULT false NOT NULL;

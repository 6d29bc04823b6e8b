CREATE TABLE "shop_checkouts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"pv_ids" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD CONSTRAINT "shop_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "resource_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"building" text,
	"floor" text,
	"served_by" text NOT NULL,
	"nap_id" integer,
	"building_id" integer,
	"city_code" text,
	"external_order_id" text NOT NULL,
	"external_order_action_id" text NOT NULL,
	"external_appointment_id" text,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "resource_reservations_external_order_id_unique" UNIQUE("external_order_id"),
	CONSTRAINT "resource_reservations_external_order_action_id_unique" UNIQUE("external_order_action_id")
);
--> statement-breakpoint
ALTER TABLE "naps" ADD COLUMN "first_hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_address_id_account_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."account_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_reservations_one_live_per_account" ON "resource_reservations" USING btree ("account_id") WHERE "resource_reservations"."status" in ('held', 'committed');--> statement-breakpoint
CREATE INDEX "resource_reservations_held_by_nap" ON "resource_reservations" USING btree ("nap_id","expires_at") WHERE "resource_reservations"."status" = 'held';
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"resource_reservation_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_reservation_id_unique" UNIQUE("reservation_id")
);
--> statement-breakpoint
CREATE TABLE "crew_plans" (
	"work_zone_code" text NOT NULL,
	"weekday" integer NOT NULL,
	"period" text NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "crew_plans_work_zone_code_weekday_period_pk" PRIMARY KEY("work_zone_code","weekday","period"),
	CONSTRAINT "crew_plans_weekday_check" CHECK ("crew_plans"."weekday" between 0 and 6),
	CONSTRAINT "crew_plans_places_check" CHECK ("crew_plans"."places" >= 0)
);
--> statement-breakpoint
CREATE TABLE "installation_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_zone_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"period" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "installation_slots_zone_start_unique" UNIQUE("work_zone_code","starts_at"),
	CONSTRAINT "installation_slots_taken_check" CHECK ("installation_slots"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_zone_cities" (
	"city_code" text PRIMARY KEY NOT NULL,
	"work_zone_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD COLUMN "appointment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resource_reservation_id_resource_reservations_id_fk" FOREIGN KEY ("resource_reservation_id") REFERENCES "public"."resource_reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_installation_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."installation_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_plans" ADD CONSTRAINT "crew_plans_work_zone_code_work_zones_code_fk" FOREIGN KEY ("work_zone_code") REFERENCES "public"."work_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_slots" ADD CONSTRAINT "installation_slots_work_zone_code_work_zones_code_fk" FOREIGN KEY ("work_zone_code") REFERENCES "public"."work_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_zone_cities" ADD CONSTRAINT "work_zone_cities_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_zone_cities" ADD CONSTRAINT "work_zone_cities_work_zone_code_work_zones_code_fk" FOREIGN KEY ("work_zone_code") REFERENCES "public"."work_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_current_per_account" ON "appointments" USING btree ("account_id") WHERE "appointments"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_held_by_slot" ON "appointments" USING btree ("slot_id","expires_at") WHERE "appointments"."status" = 'held';--> statement-breakpoint
CREATE INDEX "appointments_account_idx" ON "appointments" USING btree ("account_id","created_at");
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_name" text NOT NULL,
	"street_name" text NOT NULL,
	"serving_floors" text[] NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"barangay_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "naps" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"location" "point" NOT NULL,
	"city_code" text,
	"port_count" integer NOT NULL,
	"used_ports" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"expected_date" date,
	CONSTRAINT "naps_code_unique" UNIQUE("code"),
	CONSTRAINT "naps_ports_check" CHECK ("naps"."used_ports" >= 0 and "naps"."used_ports" <= "naps"."port_count")
);
--> statement-breakpoint
CREATE TABLE "notify_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"application_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"suffix" text,
	"msisdn" text,
	"address_type" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"barangay" text NOT NULL,
	"house_number" text,
	"street" text,
	"village" text,
	"floor" text,
	"unit_number" text,
	"building_name" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"page_location" text,
	"epoch_millis" text NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pilot_barangays" (
	"barangay_code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "barangays" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_code" text NOT NULL,
	"zip_code" text,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province_code" text NOT NULL,
	"region_code" text NOT NULL,
	"zip_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"point_source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"region_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_barangay_code_barangays_code_fk" FOREIGN KEY ("barangay_code") REFERENCES "public"."barangays"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "naps" ADD CONSTRAINT "naps_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_barangays" ADD CONSTRAINT "pilot_barangays_barangay_code_barangays_code_fk" FOREIGN KEY ("barangay_code") REFERENCES "public"."barangays"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barangays" ADD CONSTRAINT "barangays_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buildings_barangay_code_idx" ON "buildings" USING btree ("barangay_code");--> statement-breakpoint
CREATE INDEX "naps_location_gist" ON "naps" USING gist ("location");--> statement-breakpoint
CREATE INDEX "notify_requests_area_idx" ON "notify_requests" USING btree ("province","city","barangay");--> statement-breakpoint
CREATE INDEX "barangays_city_code_idx" ON "barangays" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "cities_province_code_idx" ON "cities" USING btree ("province_code");
-- ADR 090: the listed buildings a NAP feeds, as the network planner's NAP file names them. A record of the
-- plant only: whether a building is served stays its listing (ADR 081), so no coverage notification.
CREATE TABLE "nap_buildings" (
	"nap_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	CONSTRAINT "nap_buildings_nap_id_building_id_pk" PRIMARY KEY("nap_id","building_id")
);
--> statement-breakpoint
ALTER TABLE "nap_buildings" ADD CONSTRAINT "nap_buildings_nap_id_naps_id_fk" FOREIGN KEY ("nap_id") REFERENCES "public"."naps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_buildings" ADD CONSTRAINT "nap_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nap_buildings_building_id_idx" ON "nap_buildings" USING btree ("building_id");
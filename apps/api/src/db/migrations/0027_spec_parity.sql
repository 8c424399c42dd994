-- ADR 081: an anonymous analytics event the spec's fields describe names no device, and a listed
-- building's id is the building lookup's (the facility service's ids are text).
ALTER TABLE "analytics_events" ALTER COLUMN "id_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_reservations" ALTER COLUMN "building_id" SET DATA TYPE text;
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"application_id" text,
	"target_id" text,
	"event_type" text NOT NULL,
	"day" text NOT NULL,
	"epoch_millis" bigint NOT NULL,
	"id_type" integer NOT NULL,
	"id_value" text NOT NULL,
	"page_location" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"resolution" text NOT NULL,
	"tag" text,
	"attribution" jsonb
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_event_type_day_idx" ON "analytics_events" USING btree ("event_type","day");--> statement-breakpoint
CREATE INDEX "analytics_events_id_value_idx" ON "analytics_events" USING btree ("id_value");
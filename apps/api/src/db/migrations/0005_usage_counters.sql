CREATE TABLE "usage_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_counters_window_ends_at_idx" ON "usage_counters" USING btree ("window_ends_at");
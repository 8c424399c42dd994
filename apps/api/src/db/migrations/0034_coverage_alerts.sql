CREATE TABLE "coverage_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notify_request_id" integer NOT NULL,
	"household_key" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "coverage_alerts_request_channel" UNIQUE("notify_request_id","channel")
);
--> statement-breakpoint
CREATE TABLE "waitlist_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coverage_alerts" ADD CONSTRAINT "coverage_alerts_notify_request_id_notify_requests_id_fk" FOREIGN KEY ("notify_request_id") REFERENCES "public"."notify_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverage_alerts_household_idx" ON "coverage_alerts" USING btree ("household_key","created_at");--> statement-breakpoint
CREATE INDEX "coverage_alerts_open_idx" ON "coverage_alerts" USING btree ("status") WHERE "coverage_alerts"."status" in ('queued', 'sending', 'failed');
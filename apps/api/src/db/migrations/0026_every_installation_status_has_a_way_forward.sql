-- ADR 080: the texts an order's change owes the customer (a new installation time, a cancellation by an
-- operator), written with the change and sent once after it commits; the new time a work order change
-- booked; and the start of the visit a missed-visit credit is for, so the timeline keeps it after a new
-- time is booked.
CREATE TABLE "order_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"changed_by" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_credits" ADD COLUMN "visit_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_changes" ADD COLUMN "installation_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_changes" ADD COLUMN "installation_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notices_pending_idx" ON "order_notices" USING btree ("state","order_id");

-- ADR 080: the new time a work order change booked, and the start of the visit a missed-visit credit is
-- for, so the timeline keeps it after a new time is booked. (The texts a change owes the customer are
-- order notices, migration 0024.)
ALTER TABLE "order_credits" ADD COLUMN "visit_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_changes" ADD COLUMN "installation_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_changes" ADD COLUMN "installation_ends_at" timestamp with time zone;
-- ADR 091: the offers console. An offer is a draft, published or retired (only a published one is sold;
-- the offers of before were all on sale, so they are published); a voucher marketing retired is refused.
ALTER TABLE "offers" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('draft', 'published', 'retired'));

CREATE TABLE "calendar_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"period" text,
	"work_zone_code" text,
	"reason" text NOT NULL,
	"blocked_by" uuid NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL,
	"unblocked_by" uuid,
	"unblocked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "new_time_reason" text;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_work_zone_code_work_zones_code_fk" FOREIGN KEY ("work_zone_code") REFERENCES "public"."work_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_blocked_by_ops_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_unblocked_by_ops_users_id_fk" FOREIGN KEY ("unblocked_by") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_blocks_live_once" ON "calendar_blocks" USING btree ("day",coalesce("period", ''),coalesce("work_zone_code", '')) WHERE "calendar_blocks"."unblocked_at" is null;--> statement-breakpoint
CREATE INDEX "calendar_blocks_day_idx" ON "calendar_blocks" USING btree ("day");
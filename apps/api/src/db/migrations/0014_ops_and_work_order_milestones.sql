CREATE TABLE "ops_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"first_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"lock_count" integer DEFAULT 0 NOT NULL,
	"tokens_revoked_up_to" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ops_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "order_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visit_ends_at" timestamp with time zone NOT NULL,
	"free_days" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"milestone" text NOT NULL,
	"visit_starts_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "order_credits" ADD CONSTRAINT "order_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_notices" ADD CONSTRAINT "work_order_notices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_credits_once" ON "order_credits" USING btree ("order_id","kind","visit_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_notices_once" ON "work_order_notices" USING btree ("work_order_id","milestone","visit_starts_at");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_technician_id_ops_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_technician_idx" ON "work_orders" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status");
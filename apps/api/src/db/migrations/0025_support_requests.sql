CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"topic" text NOT NULL,
	"name" text NOT NULL,
	"msisdn" text NOT NULL,
	"message" text NOT NULL,
	"account_id" uuid,
	"order_id" uuid,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answer" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"answer_sent_at" timestamp with time zone,
	CONSTRAINT "support_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_closed_by_ops_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_open" ON "support_requests" USING btree ("created_at") WHERE "support_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "support_requests_closed_at" ON "support_requests" USING btree ("closed_at");
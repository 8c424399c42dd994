CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"provider_refund_id" text,
	"amount_centavos" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_session_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"source" text NOT NULL,
	"event_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_ref" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_intent_id" text,
	"checkout_url" text,
	"amount_centavos" integer NOT NULL,
	"payment_method" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"provider_payment_id" text,
	"paid_centavos" integer,
	"paid_at" timestamp with time zone,
	"duplicate_of" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_sessions_order_attempt_unique" UNIQUE("order_ref","attempt"),
	CONSTRAINT "payment_sessions_amount_positive" CHECK ("payment_sessions"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_type" text NOT NULL,
	"session_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"item_name" text NOT NULL,
	"description" text NOT NULL,
	"methods" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_id" text,
	"paid_method" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_checkouts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_deliveries" (
	"event_id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_signature" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_session_id_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_session_changes" ADD CONSTRAINT "payment_session_changes_session_id_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_unique" ON "payment_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_session_idx" ON "payment_refunds" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payment_session_changes_session_idx" ON "payment_session_changes" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_session_unique" ON "payment_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_intent_idx" ON "payment_sessions" USING btree ("provider_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_payment_idx" ON "payment_sessions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_account_idx" ON "payment_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sandbox_checkouts_due_idx" ON "sandbox_checkouts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_checkout_idx" ON "sandbox_webhook_deliveries" USING btree ("checkout_id");
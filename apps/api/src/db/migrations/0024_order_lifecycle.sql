-- ADR 077: the order's life cycle. Vouchers and referrals are reserved by an unpaid order and spent by a
-- paid one (an order that ended unpaid gives them back); a payment the order does not keep names why
-- (refund_cause) in the transaction that records it; what the customer is told by SMS is written as an
-- order notice in the transaction of the change and sent after it (the confirmation's flag on the order
-- goes into them; ADR 080's texts of a new installation time are notices too).
CREATE TABLE "order_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"payment_session_id" uuid,
	"changed_by" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "state" text DEFAULT 'spent' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "refund_cause" text;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD COLUMN "state" text DEFAULT 'spent' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_notices_once" ON "order_notices" USING btree ("order_id","kind","ref");--> statement-breakpoint
CREATE INDEX "order_notices_pending_idx" ON "order_notices" USING btree ("created_at") WHERE "order_notices"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at");--> statement-breakpoint
UPDATE "voucher_redemptions" r SET "state" = 'reserved' FROM "orders" o
	WHERE r."order_id" = o."id"::text AND o."state" IN (101, 102, 103);--> statement-breakpoint
UPDATE "vouchers" v SET "redeemed_count" = v."redeemed_count" - gone."uses" FROM (
	SELECT r."voucher_code", count(*)::int AS "uses" FROM "voucher_redemptions" r
		JOIN "orders" o ON r."order_id" = o."id"::text
		WHERE o."state" IN (3, 200, 500, 600) GROUP BY r."voucher_code") gone
	WHERE v."code" = gone."voucher_code";--> statement-breakpoint
DELETE FROM "voucher_redemptions" r USING "orders" o
	WHERE r."order_id" = o."id"::text AND o."state" IN (3, 200, 500, 600);--> statement-breakpoint
UPDATE "referral_uses" u SET "state" = 'reserved' FROM "orders" o
	WHERE u."order_id" = o."id"::text AND o."state" IN (101, 102, 103);--> statement-breakpoint
DELETE FROM "referral_uses" u USING "orders" o
	WHERE u."order_id" = o."id"::text AND o."state" IN (3, 200, 500, 600);--> statement-breakpoint
UPDATE "payment_sessions" SET "refund_cause" = 'duplicate' WHERE "duplicate_of" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_notices" ("order_id", "kind", "ref", "changed_by", "state", "created_at", "done_at")
	SELECT "id", 'order_confirmed', "appointment_id"::text || '@' || coalesce(to_char("installation_starts_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ''), 'payment', 'sent',
		"confirmation_sent_at", "confirmation_sent_at"
	FROM "orders" WHERE "confirmation_sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_state_check" CHECK ("state" IN ('reserved', 'spent'));--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_state_check" CHECK ("state" IN ('reserved', 'spent'));--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_state_check" CHECK ("state" IN ('pending', 'sent', 'superseded'));--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_refund_cause_check" CHECK ("refund_cause" IN ('duplicate', 'amount_mismatch', 'order_ended', 'not_fulfillable'));--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "confirmation_sent_at";
CREATE TABLE "slot_alerts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"city_code" text,
	"requested_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "slot_alerts" ADD CONSTRAINT "slot_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_alerts_pending" ON "slot_alerts" USING btree ("city_code") WHERE "slot_alerts"."notified_at" is null;
CREATE TABLE "email_lookups" (
	"email" text PRIMARY KEY NOT NULL,
	"status" text,
	"sub_status" text,
	"looked_up_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_lookups_expires_at_idx" ON "email_lookups" USING btree ("expires_at");
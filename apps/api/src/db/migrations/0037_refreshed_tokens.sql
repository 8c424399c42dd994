CREATE TABLE "refreshed_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"user_id" uuid NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refreshed_tokens" ADD CONSTRAINT "refreshed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refreshed_tokens_expires_at_idx" ON "refreshed_tokens" USING btree ("expires_at");
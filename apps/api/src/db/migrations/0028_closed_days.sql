-- ADR 083: the days a dispatcher closed to installations, with why, who and when. The days the law
-- closes every year (regular holidays, special non-working days) come from the holiday rules, not this
-- table; a closed day's slots get no places (service.ts closeDay), so nothing books them.
CREATE TABLE "closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"added_by" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_added_by_ops_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_lock_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 023: an account locked under the old rule (10 wrong PINs, locked until a reset) gets the first
-- lock's 15 minutes, counted from now.
UPDATE "users" SET "locked_until" = now() + interval '15 minutes', "pin_lock_count" = 1 WHERE "failed_pin_attempts" >= 10;

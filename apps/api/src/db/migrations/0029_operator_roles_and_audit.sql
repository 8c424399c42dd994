-- ADR 089: operators' roles and the audit log. Every change an operator makes is a row of audit_log,
-- written in the change's own transaction (operator_id null: `npm run ops` or a start made it), read back
-- per record (entity, entity_id) newest first. An admin disables an operator (disabled_at): no sign-in,
-- no token accepted.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "ops_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_ops_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","entity_id","at" desc);

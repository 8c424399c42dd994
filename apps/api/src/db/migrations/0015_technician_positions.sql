CREATE TABLE "technician_positions" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"technician_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "technician_positions" ADD CONSTRAINT "technician_positions_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_positions" ADD CONSTRAINT "technician_positions_technician_id_ops_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."ops_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- ADR 048: live tracking across replicas. Every change a customer's tracking page shows — the work order
-- (any move, assignment, missed-visit sweep, cancellation), the order's booked time or state, a new
-- position — sends NOTIFY konek_work_order with the work order's id and nothing else, from a trigger, so
-- it goes out with the transaction that made the change, whatever module or replica made it, and never
-- for a change rolled back. Each API process LISTENs once and re-reads what its subscribers watch.
CREATE FUNCTION "konek_notify_work_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'work_orders' THEN
		PERFORM pg_notify('konek_work_order', NEW.id::text);
	ELSIF TG_TABLE_NAME = 'technician_positions' THEN
		PERFORM pg_notify('konek_work_order', NEW.work_order_id::text);
	ELSIF TG_TABLE_NAME = 'orders' THEN
		PERFORM pg_notify('konek_work_order', w.id::text) FROM work_orders w WHERE w.order_id = NEW.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_orders_notify" AFTER INSERT OR UPDATE ON "work_orders"
	FOR EACH ROW EXECUTE FUNCTION "konek_notify_work_order"();
--> statement-breakpoint
CREATE TRIGGER "technician_positions_notify" AFTER INSERT OR UPDATE ON "technician_positions"
	FOR EACH ROW EXECUTE FUNCTION "konek_notify_work_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_notify_work_order" AFTER UPDATE OF "state", "installation_starts_at", "installation_ends_at" ON "orders"
	FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state
		OR OLD.installation_starts_at IS DISTINCT FROM NEW.installation_starts_at
		OR OLD.installation_ends_at IS DISTINCT FROM NEW.installation_ends_at)
	EXECUTE FUNCTION "konek_notify_work_order"();
--> statement-breakpoint
-- ADR 048: a position is kept only while its job is on the way; leaving Pending-OnTheWay (arrived, or
-- anything a dispatcher or the sweep sets) deletes it in the same transaction.
CREATE FUNCTION "konek_forget_technician_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM technician_positions WHERE work_order_id = NEW.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_orders_forget_position" AFTER UPDATE OF "status" ON "work_orders"
	FOR EACH ROW WHEN (OLD.status = 'Pending-OnTheWay' AND NEW.status IS DISTINCT FROM 'Pending-OnTheWay')
	EXECUTE FUNCTION "konek_forget_technician_position"();

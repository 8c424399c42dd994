-- ADR 018: every API process keeps the coverage network (NAPs, listed buildings) in memory and learns of
-- changes from these notifications, sent when the changing transaction commits. The payload is
-- "<table>:<id>,<id>,…" for up to 200 rows, or "<table>" alone when the caller should reload the table.
CREATE FUNCTION "notify_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed_count integer;
	changed_ids text;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('coverage_changed', TG_TABLE_NAME);
		RETURN NULL;
	END IF;
	SELECT count(*), string_agg(id::text, ',') INTO changed_count, changed_ids
	  FROM (SELECT id FROM changed_rows LIMIT 201) AS sample;
	IF changed_count = 0 THEN
		RETURN NULL;
	ELSIF changed_count > 200 THEN
		PERFORM pg_notify('coverage_changed', TG_TABLE_NAME);
	ELSE
		PERFORM pg_notify('coverage_changed', TG_TABLE_NAME || ':' || changed_ids);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "naps_inserted" AFTER INSERT ON "naps" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "naps_updated" AFTER UPDATE ON "naps" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "naps_deleted" AFTER DELETE ON "naps" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "naps_truncated" AFTER TRUNCATE ON "naps" FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "buildings_inserted" AFTER INSERT ON "buildings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "buildings_updated" AFTER UPDATE ON "buildings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "buildings_deleted" AFTER DELETE ON "buildings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "buildings_truncated" AFTER TRUNCATE ON "buildings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_coverage_changed"();

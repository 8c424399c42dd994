-- ADR 060: the bookings that arrive while earlier ones are with the database go together, in one statement
-- and one transaction. Each is konek_reserve_appointment (0016) itself, in the order they arrived, so a
-- batch answers what the same calls one after another would have answered.
--
-- Locks, so that batches never deadlock with each other or with the other booking calls (which take the
-- account's lock, then slots by id): every account of the batch first, in one order (by lock key), then
-- every slot the batch can touch (the slots asked for and the accounts' current bookings' slots), by id.
-- The calls inside take the same locks again, which they already hold.
--
-- Commit: a new hold makes its transaction commit asynchronously (0016); a batch that moved a paid
-- booking commits synchronously, as that move does on its own.
CREATE OR REPLACE FUNCTION "konek_reserve_appointments"(
	p_user_ids uuid[],
	p_token_starts bigint[],
	p_account_ids uuid[],
	p_slot_ids uuid[],
	p_starts timestamptz[],
	p_ends timestamptz[],
	p_period_oks boolean[],
	p_nows timestamptz[],
	p_first_days timestamptz[],
	p_expires_ats timestamptz[],
	p_activity_types text[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	v_key bigint;
	v_answer jsonb;
	v_answers jsonb := '[]'::jsonb;
	v_paid_moved boolean := false;
BEGIN
	FOR v_key IN
		SELECT DISTINCT hashtextextended('appointment:' || account_id::text, 0)
		  FROM unnest(p_account_ids) AS account_id ORDER BY 1
	LOOP
		PERFORM pg_advisory_xact_lock(v_key);
	END LOOP;

	PERFORM 1 FROM installation_slots
	 WHERE id IN (SELECT slot_id FROM unnest(p_slot_ids) AS slot_id
	              UNION
	              SELECT slot_id FROM appointments
	               WHERE account_id = ANY (p_account_ids) AND status IN ('held', 'confirmed'))
	 ORDER BY id FOR UPDATE;

	FOR i IN 1 .. coalesce(array_length(p_account_ids, 1), 0) LOOP
		v_answer := konek_reserve_appointment(p_user_ids[i], p_token_starts[i], p_account_ids[i],
			p_slot_ids[i], p_starts[i], p_ends[i], p_period_oks[i], p_nows[i], p_first_days[i],
			p_expires_ats[i], p_activity_types[i]);
		IF v_answer #>> '{appointment,status}' = 'confirmed' THEN
			v_paid_moved := true;
		END IF;
		v_answers := v_answers || jsonb_build_array(v_answer);
	END LOOP;

	IF v_paid_moved THEN
		PERFORM set_config('synchronous_commit', 'on', true);
	END IF;
	RETURN v_answers;
END
$$;

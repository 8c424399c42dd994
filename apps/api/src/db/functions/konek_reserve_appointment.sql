-- konek_reserve_appointment: reserve_appointment (product §7.1) for one booking, in one statement.
-- Applied on every start after the migrations (platform/db/database.ts).
CREATE OR REPLACE FUNCTION "konek_reserve_appointment"(
	p_user_id uuid,
	p_token_start bigint,
	p_account_id uuid,
	p_slot_id uuid,
	p_start timestamptz,
	p_end timestamptz,
	p_period_ok boolean,
	p_now timestamptz,
	p_first_day timestamptz,
	p_expires_at timestamptz,
	p_activity_type text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	v_user_found boolean;
	v_cutoff timestamptz;
	v_reservation_id uuid;
	v_city_code text;
	v_slot installation_slots%ROWTYPE;
	v_current appointments%ROWTYPE;
	v_booked appointments%ROWTYPE;
	v_expired integer;
BEGIN
	-- ADR 008: a token that started at or before the user's cutoff (sign-out, PIN change) is refused.
	SELECT true, tokens_revoked_up_to INTO v_user_found, v_cutoff FROM users WHERE id = p_user_id;
	IF v_user_found IS NULL
		OR (v_cutoff IS NOT NULL AND p_token_start <= floor(extract(epoch FROM v_cutoff) * 1000)) THEN
		RETURN jsonb_build_object('outcome', 'UNAUTHENTICATED');
	END IF;

	-- One account's booking calls take turns (the same lock as the other booking calls).
	PERFORM pg_advisory_xact_lock(hashtextextended('appointment:' || p_account_id::text, 0));

	SELECT id, city_code INTO v_reservation_id, v_city_code FROM resource_reservations
	 WHERE account_id = p_account_id
	   AND (status = 'committed' OR (status = 'held' AND expires_at > p_now));
	IF v_reservation_id IS NULL THEN
		RETURN jsonb_build_object('outcome', 'NO_RESOURCE');
	END IF;
	IF NOT p_period_ok THEN
		RETURN jsonb_build_object('outcome', 'INVALID_TIME_SLOT');
	END IF;

	SELECT s.* INTO v_slot FROM installation_slots s
	 WHERE s.id = p_slot_id
	   AND s.work_zone_code = (SELECT work_zone_code FROM work_zone_cities WHERE city_code = v_city_code);
	IF v_slot.id IS NULL THEN
		RETURN jsonb_build_object('outcome', 'TIME_SLOT_NOT_FOUND');
	END IF;
	IF p_start IS DISTINCT FROM v_slot.starts_at OR p_end IS DISTINCT FROM v_slot.ends_at
		OR v_slot.starts_at < p_first_day THEN
		RETURN jsonb_build_object('outcome', 'INVALID_TIME_SLOT');
	END IF;

	SELECT * INTO v_current FROM appointments
	 WHERE account_id = p_account_id AND status IN ('held', 'confirmed');
	IF v_current.slot_id = v_slot.id
		AND (v_current.status = 'confirmed' OR v_current.expires_at > p_now) THEN
		-- The same slot again: the hold there is.
		RETURN jsonb_build_object('outcome', 'OK', 'appointment', to_jsonb(v_current), 'slot', to_jsonb(v_slot));
	END IF;
	IF v_current.status = 'confirmed' THEN
		-- Paid, and another slot asked for: update_appointment's to move (ADR 066). Nothing changes here.
		RETURN jsonb_build_object('outcome', 'PAID_BOOKING', 'appointment_id', v_current.id);
	END IF;
	IF v_current.id IS NOT NULL THEN
		-- Both slots locked in one order (by id), as every booking call locks them: moves never deadlock.
		PERFORM 1 FROM installation_slots WHERE id IN (v_current.slot_id, v_slot.id) ORDER BY id FOR UPDATE;
	END IF;

	-- One place, with a conditional update: never more taken than the capacity.
	UPDATE installation_slots SET taken = taken + 1 WHERE id = v_slot.id AND taken < capacity;
	IF NOT FOUND THEN
		-- Full: the places of expired holds come back first (no background job, ADR 035).
		PERFORM 1 FROM installation_slots WHERE id = v_slot.id FOR UPDATE;
		WITH ended AS (
			UPDATE appointments SET status = 'expired', updated_at = p_now
			 WHERE slot_id = v_slot.id AND status = 'held' AND expires_at <= p_now
			 RETURNING 1)
		SELECT count(*) INTO v_expired FROM ended;
		IF v_expired = 0 THEN
			RETURN jsonb_build_object('outcome', 'TIME_SLOT_NOT_FOUND');
		END IF;
		UPDATE installation_slots SET taken = greatest(taken - v_expired, 0) WHERE id = v_slot.id;
		UPDATE installation_slots SET taken = taken + 1 WHERE id = v_slot.id AND taken < capacity;
		IF NOT FOUND THEN
			RETURN jsonb_build_object('outcome', 'TIME_SLOT_NOT_FOUND');
		END IF;
		-- The account's own expired hold may have been among them: read it again.
		SELECT * INTO v_current FROM appointments
		 WHERE account_id = p_account_id AND status IN ('held', 'confirmed');
	END IF;

	IF v_current.id IS NOT NULL THEN
		-- ADR 062: the earlier hold moves here under a new hold id, as update_appointment moves it; its
		-- old place goes back. One row changed, not one ended and one made.
		UPDATE appointments
		   SET slot_id = v_slot.id, expires_at = p_expires_at, reservation_id = gen_random_uuid(),
		       updated_at = p_now
		 WHERE id = v_current.id AND status = 'held'
		RETURNING * INTO v_booked;
		UPDATE installation_slots SET taken = greatest(taken - 1, 0) WHERE id = v_current.slot_id;
	ELSE
		INSERT INTO appointments (reservation_id, account_id, resource_reservation_id, slot_id, activity_type,
			status, expires_at, created_at, updated_at)
		VALUES (gen_random_uuid(), p_account_id, v_reservation_id, v_slot.id, p_activity_type,
			'held', p_expires_at, p_now, p_now)
		RETURNING * INTO v_booked;
	END IF;
	UPDATE resource_reservations
	   SET external_appointment_id = v_booked.id::text, appointment_expires_at = p_expires_at
	 WHERE id = v_reservation_id;
	RETURN jsonb_build_object('outcome', 'OK', 'appointment', to_jsonb(v_booked), 'slot', to_jsonb(v_slot));
END
$$;

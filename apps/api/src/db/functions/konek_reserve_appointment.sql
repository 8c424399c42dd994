-- konek_reserve_appointment: how a booking is decided — reserve_appointment (product §7.1) for one
-- booking, all of it in one statement, one transaction and one commit (ADR 085). Read this file to
-- learn the rules; service.ts only computes the inputs and turns the answer into the reply.
--
-- Inputs: the caller (user id, and when its token started), the account, the slot named (its id, or
-- null to name it by its start and end alone, ADR 081), the times sent, whether they are an am or pm
-- period, now, the first bookable day (the lead time), the new hold's expiry and its activity type.
--
-- In this order (each refusal changes nothing, except that taking back a full slot's expired holds is
-- kept: it is true either way):
--   1. UNAUTHENTICATED: the user is gone, or its token started at or before its revocation cutoff
--      (sign-out, PIN change, ADR 008) — checked here so the booking needs no query before it.
--   2. The account's turn: an advisory lock that every booking call of the account takes, so one
--      account's bookings never interleave.
--   3. NO_RESOURCE: the account has no live network reservation (product §4.3, ADR 034).
--   4. The slot: konek_bookable_slot (INVALID_TIME_SLOT, TIME_SLOT_NOT_FOUND; product §8 codes 15, 3).
--   5. The same slot again while the account's booking there is live: the booking there is the answer
--      (nothing changes).
--   6. PAID_BOOKING: the account's booking is confirmed (paid) and another slot is asked for. Nothing
--      changes here: a paid booking moves only as update_appointment moves it, with its order's time and
--      its work order (ADR 049, 066); service.ts then calls update_appointment.
--   7. One place of the slot, with a conditional update (taken < capacity): never more holds than
--      places, whatever the concurrency. Both slots (the new, and the old hold's) are locked first, in
--      id order, as every booking call locks them, so moves never deadlock. When the slot is full, the
--      places of its expired holds come back first (no background job, ADR 035); still full:
--      TIME_SLOT_NOT_FOUND.
--   7b. A dispatcher's block (konek_blocked_period, ADR 092) that committed while this booking waited
--      for the slot's row: the place goes back, TIME_SLOT_NOT_FOUND (step 4 read before the wait).
--   8. The hold: the account's earlier hold moves here under a new hold id (reservation_id), its old
--      place given back (ADR 062) — or a new hold is made. Either way it lasts until p_expires_at
--      (APPOINTMENT_HOLD_MINUTES), and the network reservation names it.
--
-- Answer (jsonb): {"outcome": "OK", "appointment": konek_booked_hold(...), "slot_id": ...},
-- {"outcome": "PAID_BOOKING", "appointment_id": ...} or {"outcome": "<refusal>"}.
--
-- The commit is synchronous, as every transaction's: a hold Konek answered is on disk before the answer
-- (ADR 085; hold-survives-crash.test.ts kills PostgreSQL to prove it).
-- Applied on every start after the migrations, in one transaction (ADR 085, platform/db/database.ts).
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
	v_slot record;
	v_current appointments%ROWTYPE;
	v_booked appointments%ROWTYPE;
	v_expired integer;
BEGIN
	-- 1.
	SELECT true, tokens_revoked_up_to INTO v_user_found, v_cutoff FROM users WHERE id = p_user_id;
	IF v_user_found IS NULL
		OR (v_cutoff IS NOT NULL AND p_token_start <= floor(extract(epoch FROM v_cutoff) * 1000)) THEN
		RETURN jsonb_build_object('outcome', 'UNAUTHENTICATED');
	END IF;

	-- 2.
	PERFORM pg_advisory_xact_lock(hashtextextended('appointment:' || p_account_id::text, 0));

	-- 3.
	SELECT id, city_code INTO v_reservation_id, v_city_code FROM resource_reservations
	 WHERE account_id = p_account_id
	   AND (status = 'committed' OR (status = 'held' AND expires_at > p_now));
	IF v_reservation_id IS NULL THEN
		RETURN jsonb_build_object('outcome', 'NO_RESOURCE');
	END IF;

	-- 4.
	SELECT * INTO v_slot
	  FROM konek_bookable_slot(v_city_code, p_slot_id, p_start, p_end, p_period_ok, p_first_day);
	IF v_slot.outcome IS NOT NULL THEN
		RETURN jsonb_build_object('outcome', v_slot.outcome);
	END IF;

	-- 5.
	SELECT * INTO v_current FROM appointments
	 WHERE account_id = p_account_id AND status IN ('held', 'confirmed');
	IF v_current.slot_id = v_slot.id
		AND (v_current.status = 'confirmed' OR v_current.expires_at > p_now) THEN
		RETURN jsonb_build_object('outcome', 'OK', 'slot_id', v_slot.id,
			'appointment', konek_booked_hold(v_current.id, v_current.reservation_id, v_current.status,
				v_current.expires_at, v_current.activity_type));
	END IF;

	-- 6.
	IF v_current.status = 'confirmed' THEN
		RETURN jsonb_build_object('outcome', 'PAID_BOOKING', 'appointment_id', v_current.id);
	END IF;

	-- 7.
	IF v_current.id IS NOT NULL THEN
		PERFORM 1 FROM installation_slots WHERE id IN (v_current.slot_id, v_slot.id) ORDER BY id FOR UPDATE;
	END IF;
	UPDATE installation_slots SET taken = taken + 1 WHERE id = v_slot.id AND taken < capacity;
	IF NOT FOUND THEN
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

	-- 7b. ADR 092: a dispatcher's block that committed while this booking waited for the slot's row
	-- (the block locks its slots first): the place goes back and the slot is not offered any more.
	IF EXISTS (SELECT 1 FROM installation_slots s WHERE s.id = v_slot.id
	            AND konek_blocked_period(s.work_zone_code, s.starts_at, s.period)) THEN
		UPDATE installation_slots SET taken = greatest(taken - 1, 0) WHERE id = v_slot.id;
		RETURN jsonb_build_object('outcome', 'TIME_SLOT_NOT_FOUND');
	END IF;

	-- 8.
	IF v_current.id IS NOT NULL THEN
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
	RETURN jsonb_build_object('outcome', 'OK', 'slot_id', v_slot.id,
		'appointment', konek_booked_hold(v_booked.id, v_booked.reservation_id, v_booked.status,
			v_booked.expires_at, v_booked.activity_type));
END
$$;

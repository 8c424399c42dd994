-- konek_reserve_appointments: the bookings that arrive together (in one turn of Konek's event loop,
-- reserve-batches-store.ts, ADR 060, 065), decided in one statement, one transaction and one commit —
-- each answered exactly as konek_reserve_appointment would answer it alone, in arrival order. The rules
-- are that file's; this one adds none. Answers: a json array, one per booking, in that function's shape.
--
-- Locks first, so that batches never deadlock with each other or with the other booking calls (which
-- take the account's lock, then slots by id): every account of the batch (by lock key), then every slot
-- the batch can touch (the slots named and the accounts' current bookings' slots), by id.
--
-- Then (ADR 063) every booking is read as konek_reserve_appointment reads it — the same checks in the
-- same order, konek_bookable_slot for the slot — and, when no booking of the batch can change another's
-- answer (its accounts all different, no paid booking asked to move, every slot with room for all the
-- places the batch takes in it), all of them are written with one statement per table: the places taken
-- and given back, the moved holds, the new holds, the reservations naming them. Otherwise each booking
-- goes through konek_reserve_appointment itself, one after the other.
--
-- The commit is synchronous (ADR 085): one WAL flush for the whole batch.
-- Applied on every start after the migrations, in one transaction (ADR 085, platform/db/database.ts).
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
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
	v_answer jsonb;
	v_answers json;
	v_one_by_one jsonb := '[]'::jsonb;
	v_requests konek_booking_request[];
	v_together boolean;
	v_changes boolean;
BEGIN
	PERFORM pg_advisory_xact_lock(k.key)
	   FROM (SELECT DISTINCT hashtextextended('appointment:' || account_id::text, 0) AS key
	           FROM unnest(p_account_ids) AS account_id ORDER BY 1) k;

	-- Written as a list so that the slots are found by their key, not by reading them all. A slot named
	-- by its times alone (ADR 081, rare: the web app names slots by id) is locked with every zone's slot
	-- at those times.
	PERFORM 1 FROM installation_slots
	 WHERE id = ANY (p_slot_ids || ARRAY(SELECT slot_id FROM appointments
	                                     WHERE account_id = ANY (p_account_ids)
	                                       AND status IN ('held', 'confirmed'))
	                            || CASE WHEN array_position(p_slot_ids, NULL) IS NULL THEN '{}'::uuid[]
	                                    ELSE ARRAY(SELECT t.id FROM installation_slots t
	                                                 JOIN unnest(p_slot_ids, p_starts, p_ends) AS n(id, st, en)
	                                                   ON n.id IS NULL AND t.starts_at = n.st AND t.ends_at = n.en)
	                               END)
	 ORDER BY id FOR UPDATE;

	-- Every booking as konek_reserve_appointment reads it, the refusals in its order of checks. Each
	-- lookup is LIMIT 1 so that it stays a lookup by key per booking, whatever the tables' statistics say.
	SELECT array_agg(ROW(q.n, q.account_id, q.outcome,
			CASE WHEN q.outcome IS NOT NULL THEN NULL ELSE q.change END,
			q.reservation_id, q.slot_id, q.slot_taken, q.slot_capacity, q.current_id, q.current_slot_id,
			CASE WHEN q.outcome IS NULL AND q.change IS NULL
			     THEN konek_booked_hold(q.current_id, q.current_reservation_id, q.current_status,
			                            q.current_expires_at, q.current_activity_type) END,
			q.now, q.expires_at, q.activity_type)::konek_booking_request
			ORDER BY q.n)
	  INTO v_requests
	  FROM (
		SELECT r.n, r.account_id,
			CASE
				WHEN u.found IS NULL OR (u.cutoff IS NOT NULL
					AND r.token_start <= floor(extract(epoch FROM u.cutoff) * 1000)) THEN 'UNAUTHENTICATED'
				WHEN rr.id IS NULL THEN 'NO_RESOURCE'
				ELSE s.outcome
			END AS outcome,
			CASE
				WHEN a.slot_id = s.id AND (a.status = 'confirmed' OR a.expires_at > r.now) THEN NULL
				WHEN a.status = 'confirmed' THEN 'paid'
				WHEN a.id IS NOT NULL THEN 'move'
				ELSE 'new'
			END AS change,
			rr.id AS reservation_id, s.id AS slot_id, s.taken AS slot_taken, s.capacity AS slot_capacity,
			a.id AS current_id, a.slot_id AS current_slot_id, a.reservation_id AS current_reservation_id,
			a.status AS current_status, a.expires_at AS current_expires_at, a.activity_type AS current_activity_type,
			r.now, r.expires_at, r.activity_type
		  FROM (SELECT i AS n, p_user_ids[i] AS user_id, p_token_starts[i] AS token_start,
		               p_account_ids[i] AS account_id, p_slot_ids[i] AS slot_id, p_starts[i] AS start_at,
		               p_ends[i] AS end_at, p_period_oks[i] AS period_ok, p_nows[i] AS now,
		               p_first_days[i] AS first_day, p_expires_ats[i] AS expires_at,
		               p_activity_types[i] AS activity_type
		          FROM generate_subscripts(p_account_ids, 1) AS i) r
		  LEFT JOIN LATERAL (SELECT true AS found, tokens_revoked_up_to AS cutoff
		                       FROM users WHERE id = r.user_id LIMIT 1) u ON true
		  LEFT JOIN LATERAL (SELECT id, city_code FROM resource_reservations
		                      WHERE account_id = r.account_id
		                        AND (status = 'committed' OR (status = 'held' AND expires_at > r.now))
		                      LIMIT 1) rr ON true
		  LEFT JOIN LATERAL konek_bookable_slot(rr.city_code, r.slot_id, r.start_at, r.end_at,
		                                        r.period_ok, r.first_day) s ON true
		  LEFT JOIN LATERAL (SELECT a.* FROM appointments a
		                      WHERE a.account_id = r.account_id AND a.status IN ('held', 'confirmed')
		                      LIMIT 1) a ON true
	  ) q;

	SELECT count(*) = count(DISTINCT account_id)
	       AND NOT coalesce(bool_or(outcome IS NULL AND change = 'paid'), false)
	       AND NOT EXISTS (
	           SELECT 1 FROM unnest(v_requests) t
	            WHERE t.outcome IS NULL AND t.change IN ('new', 'move')
	            GROUP BY t.slot_id
	           HAVING min(t.slot_taken) + count(*) > min(t.slot_capacity)),
	       coalesce(bool_or(outcome IS NULL AND change IN ('new', 'move')), false)
	  INTO v_together, v_changes
	  FROM unnest(v_requests);

	IF v_together THEN
		IF NOT v_changes THEN
			SELECT coalesce(to_json(array_agg(
			           CASE WHEN t.outcome IS NOT NULL THEN json_build_object('outcome', t.outcome)
			                ELSE json_build_object('outcome', 'OK', 'slot_id', t.slot_id,
			                                       'appointment', t.current)
			           END ORDER BY t.n)), '[]'::json)
			  INTO v_answers FROM unnest(v_requests) t;
			RETURN v_answers;
		END IF;
		-- The places: one taken in each booking's slot, one given back in each moved hold's old slot.
		UPDATE installation_slots s SET taken = greatest(s.taken + d.delta, 0)
		  FROM (SELECT x.slot_id, sum(x.delta) AS delta
		          FROM (SELECT t.slot_id, 1 AS delta FROM unnest(v_requests) t
		                 WHERE t.outcome IS NULL AND t.change IN ('new', 'move')
		                UNION ALL
		                SELECT t.current_slot_id, -1 FROM unnest(v_requests) t
		                 WHERE t.outcome IS NULL AND t.change = 'move') x
		         GROUP BY x.slot_id) d
		 WHERE s.id = d.slot_id AND d.delta <> 0;
		WITH moved AS (
			UPDATE appointments a
			   SET slot_id = t.slot_id, expires_at = t.expires_at, reservation_id = gen_random_uuid(),
			       updated_at = t.now
			  FROM unnest(v_requests) t
			 -- Held: the account's lock keeps it as it was read (no status condition here, which would
			 -- have the planner read every held appointment through the partial index).
			 WHERE t.outcome IS NULL AND t.change = 'move' AND a.id = t.current_id
			RETURNING a.id, a.account_id, a.reservation_id, a.status, a.expires_at, a.activity_type),
		made AS (
			INSERT INTO appointments (reservation_id, account_id, resource_reservation_id, slot_id,
				activity_type, status, expires_at, created_at, updated_at)
			SELECT gen_random_uuid(), t.account_id, t.reservation_id, t.slot_id, t.activity_type, 'held',
			       t.expires_at, t.now, t.now
			  FROM unnest(v_requests) t
			 WHERE t.outcome IS NULL AND t.change = 'new'
			RETURNING id, account_id, reservation_id, status, expires_at, activity_type),
		booked AS (SELECT * FROM moved UNION ALL SELECT * FROM made),
		noted AS (
			UPDATE resource_reservations r
			   SET external_appointment_id = b.id::text, appointment_expires_at = b.expires_at
			  FROM booked b JOIN unnest(v_requests) t ON t.account_id = b.account_id
			 WHERE r.id = t.reservation_id
			RETURNING 1)
		SELECT to_json(array_agg(CASE WHEN t.outcome IS NOT NULL THEN json_build_object('outcome', t.outcome)
		                      WHEN t.change IS NULL
		                           THEN json_build_object('outcome', 'OK', 'slot_id', t.slot_id,
		                                                  'appointment', t.current)
		                      ELSE json_build_object('outcome', 'OK', 'slot_id', t.slot_id, 'appointment',
		                           konek_booked_hold(b.id, b.reservation_id, b.status, b.expires_at, b.activity_type))
		                 END ORDER BY t.n))
		  INTO v_answers
		  FROM unnest(v_requests) t
		  LEFT JOIN booked b ON b.account_id = t.account_id AND t.outcome IS NULL AND t.change IS NOT NULL;
		RETURN v_answers;
	END IF;

	FOR i IN 1 .. coalesce(array_length(p_account_ids, 1), 0) LOOP
		v_answer := konek_reserve_appointment(p_user_ids[i], p_token_starts[i], p_account_ids[i],
			p_slot_ids[i], p_starts[i], p_ends[i], p_period_oks[i], p_nows[i], p_first_days[i],
			p_expires_ats[i], p_activity_types[i]);
		v_one_by_one := v_one_by_one || jsonb_build_array(v_answer);
	END LOOP;

	RETURN v_one_by_one::json;
END
$$;

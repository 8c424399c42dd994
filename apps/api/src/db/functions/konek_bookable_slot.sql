-- konek_bookable_slot: the slot a booking names, and whether it may be booked (product §8 codes 3 and
-- 15). One rule for every booking call: konek_reserve_appointment and konek_reserve_appointments
-- (reserve_appointment) and update_appointment (service.ts, through store.ts bookableSlot) all ask it.
--
-- Given the city of the account's network reservation (ADR 034: its plant's city names the work zone)
-- and what the caller sent, it answers one row: the outcome — null when the slot may be booked,
-- INVALID_TIME_SLOT or TIME_SLOT_NOT_FOUND otherwise, in this order of checks — and the slot when the
-- zone has it:
--   1. the times are not an am or pm period (slotPeriod, packages/contract): INVALID_TIME_SLOT;
--   2. the zone has no such slot: TIME_SLOT_NOT_FOUND. A slot is named by its id, or, when the id is
--      null, by its start and end alone (product §3 time slot, ADR 081): the zone's slot at those times.
--      An id no slot can have is sent as a UUID no slot has (Konek sends the nil UUID);
--   3. the times are not the slot's, or the slot starts before the first bookable day (the lead time,
--      INSTALLATION_LEAD_DAYS, computed by the caller): INVALID_TIME_SLOT;
--   4. a dispatcher blocked the slot's period (konek_blocked_period, ADR 092): TIME_SLOT_NOT_FOUND, as
--      a slot no longer offered.
-- It reads and locks nothing; whether the slot has a free place is the caller's conditional update.
-- A set-returning SQL function, so the planner inlines it (a lookup by key per booking, also inside the
-- batch's set-based statement).
-- Applied on every start after the migrations, in one transaction (ADR 085, platform/db/database.ts).
CREATE OR REPLACE FUNCTION "konek_bookable_slot"(
	p_city_code text,
	p_slot_id uuid,
	p_start timestamptz,
	p_end timestamptz,
	p_period_ok boolean,
	p_first_day timestamptz
) RETURNS TABLE (
	outcome text,
	id uuid,
	starts_at timestamptz,
	ends_at timestamptz,
	taken integer,
	capacity integer
) LANGUAGE sql STABLE AS $$
	SELECT CASE
	           WHEN NOT p_period_ok THEN 'INVALID_TIME_SLOT'
	           WHEN s.id IS NULL THEN 'TIME_SLOT_NOT_FOUND'
	           WHEN p_start IS DISTINCT FROM s.starts_at OR p_end IS DISTINCT FROM s.ends_at
	                OR s.starts_at < p_first_day THEN 'INVALID_TIME_SLOT'
	           WHEN konek_blocked_period(zone.work_zone_code, s.starts_at, s.period)
	                THEN 'TIME_SLOT_NOT_FOUND'
	       END,
	       s.id, s.starts_at, s.ends_at, s.taken, s.capacity
	  FROM (SELECT 1) AS one
	  LEFT JOIN LATERAL (SELECT z.work_zone_code FROM work_zone_cities z
	                      WHERE z.city_code = p_city_code LIMIT 1) zone ON true
	  LEFT JOIN LATERAL (
		SELECT s.id, s.starts_at, s.ends_at, s.period, s.taken, s.capacity FROM installation_slots s
		 WHERE s.id = coalesce(p_slot_id, (SELECT t.id FROM installation_slots t
		                                    WHERE t.work_zone_code = zone.work_zone_code
		                                      AND t.starts_at = p_start AND t.ends_at = p_end
		                                    LIMIT 1))
		   AND s.work_zone_code = zone.work_zone_code
		 LIMIT 1) s ON true
$$;

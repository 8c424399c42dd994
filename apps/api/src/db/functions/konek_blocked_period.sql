-- konek_blocked_period: whether a dispatcher blocked the installation period a slot is in (ADR 092: a
-- typhoon, road works). True when a block not lifted names the slot's Manila day and either its period
-- or the whole day (period null), in either its work zone or the whole network (zone null).
-- One rule for everything that offers or books a slot: konek_bookable_slot (and so every booking call)
-- refuses a blocked slot as TIME_SLOT_NOT_FOUND, and the slot listings (appointments/store.ts
-- listOpenSlots, findCitiesWithOpenPlaces) and the dispatchers' day view ask it too.
-- A blocked slot keeps its capacity: lifting the block offers its free places again, nothing re-booked.
-- Its file name sorts before konek_bookable_slot's, which calls it (the files are applied in name order).
-- Applied on every start after the migrations, in one transaction (ADR 085, platform/db/database.ts).
CREATE OR REPLACE FUNCTION "konek_blocked_period"(
	p_work_zone_code text,
	p_starts_at timestamptz,
	p_period text
) RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT EXISTS (
		SELECT 1 FROM calendar_blocks b
		 WHERE b.unblocked_at IS NULL
		   AND b.day = ((p_starts_at AT TIME ZONE 'UTC') + interval '8 hours')::date
		   AND (b.period IS NULL OR b.period = p_period)
		   AND (b.work_zone_code IS NULL OR b.work_zone_code = p_work_zone_code))
$$;

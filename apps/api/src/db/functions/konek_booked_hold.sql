-- konek_booked_hold: what a booking's OK answer says of its hold — the five fields a reply needs
-- (service.ts toAppointment): id, reservation_id, status, expires_at, activity_type. Used by
-- konek_reserve_appointment and konek_reserve_appointments, so both answer alike.
-- Applied on every start after the migrations, in one transaction (ADR 085, platform/db/database.ts).
CREATE OR REPLACE FUNCTION "konek_booked_hold"(p_id uuid, p_reservation_id uuid, p_status text,
	p_expires_at timestamptz, p_activity_type text) RETURNS json LANGUAGE sql STABLE AS $$
	SELECT json_build_object('id', p_id, 'reservation_id', p_reservation_id, 'status', p_status,
		'expires_at', p_expires_at, 'activity_type', p_activity_type)
$$;

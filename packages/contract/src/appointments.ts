import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { ZTimeSlot } from './slot-period';
import { accountTargetFields } from './targets';

// product §7.1 "get available timeslots", "reserve appointment", "update appointment", "get appointments"
// (/api/v3/appointmentv4/…, product §7.2), product §3 time slot and appointment, §4.4 schedule, §8 codes.
// Installation capacity is counted per service area, day and period; a reservation holds one place until
// the order is paid or the hold expires (APPOINTMENT_HOLD_MINUTES), counted without a background job.

export const GET_AVAILABLE_TIME_SLOTS_PATH = '/api/v3/appointmentv4/get_available_time_slots';
export const RESERVE_APPOINTMENT_PATH = '/api/v3/appointmentv4/reserve_appointment';
export const UPDATE_APPOINTMENT_PATH = '/api/v3/appointmentv4/update_appointment';
export const GET_APPOINTMENTS_PATH = '/api/v3/appointmentv4/get_appointments';

/** product §7.1 update appointment: activity_type "Installation". */
export const ACTIVITY_TYPE_INSTALLATION = 'Installation';

/** How long a reserved place is held for payment, by default (APPOINTMENT_HOLD_MINUTES configures it). */
export { DEFAULT_APPOINTMENT_HOLD_MINUTES } from './constants';

const ZSlotId = z.string().min(1).max(64);

/** A slot as the calls name it: its key in time_slots and its times. */
export const ZBookableSlot = ZTimeSlot.extend({ id: ZSlotId });
export type TBookableSlot = z.infer<typeof ZBookableSlot>;

/**
 * A slot as a booking names it (product §7.1 reserve / update appointment time_slot): its start and end
 * as get_available_timeslots gave them (product §3 time slot). The key is Konek's addition: without it,
 * the server finds the slot of the caller's work zone with those times (ADR 081).
 */
export const ZRequestedSlot = ZTimeSlot.extend({ id: ZSlotId.optional() });
export type TRequestedSlot = z.infer<typeof ZRequestedSlot>;

export const ZGetAvailableTimeSlotsRequest = z.object({
  ...accountTargetFields,
  /** A reschedule: the place this appointment holds counts as free for it. */
  appointment_id: z.string().min(1).max(64).optional(),
});
export type TGetAvailableTimeSlotsRequest = z.infer<typeof ZGetAvailableTimeSlotsRequest>;

/** product §3: time_slots keyed by slot id; only periods with a free place are listed. */
export const ZGetAvailableTimeSlotsResponse = envelopeWith({
  time_slots: z.record(ZSlotId, ZTimeSlot),
});
export type TGetAvailableTimeSlotsResponse = z.infer<typeof ZGetAvailableTimeSlotsResponse>;

export const APPOINTMENT_STATUSES = ['held', 'confirmed', 'expired', 'cancelled'] as const;

export const ZAppointment = z.object({
  appointment_id: z.string(),
  reservation_id: z.string(),
  time_slot: ZBookableSlot,
  activity_type: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** ISO 8601: a held place goes back to others then; null once an order confirmed it. */
  expires_at: z.string().nullable(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

export const ZReserveAppointmentRequest = z.object({
  ...accountTargetFields,
  time_slot: ZRequestedSlot,
});
export type TReserveAppointmentRequest = z.infer<typeof ZReserveAppointmentRequest>;

export const ZReserveAppointmentResponse = envelopeWith({
  reservation_id: z.string(),
  appointment: ZAppointment,
});
export type TReserveAppointmentResponse = z.infer<typeof ZReserveAppointmentResponse>;

export const ZUpdateAppointmentRequest = z.object({
  ...accountTargetFields,
  time_slot: ZRequestedSlot,
  appointment_id: z.string().min(1).max(64),
  activity_type: z.literal(ACTIVITY_TYPE_INSTALLATION),
});
export type TUpdateAppointmentRequest = z.infer<typeof ZUpdateAppointmentRequest>;

export const ZUpdateAppointmentResponse = envelopeWith({
  reservation_id: z.string(),
  appointment: ZAppointment,
});

export const ZGetAppointmentsRequest = z.object(accountTargetFields);

export const ZGetAppointmentsResponse = envelopeWith({ appointments: z.array(ZAppointment) });
export type TGetAppointmentsResponse = z.infer<typeof ZGetAppointmentsResponse>;

const SLOT_ERRORS = [
  'appointments.TIME_SLOT_NOT_FOUND',
  'appointments.INVALID_TIME_SLOT',
  'appointments.NO_RESOURCE',
] as const;

/** The calls' one descriptions (ADR 024). */
export const getAvailableTimeSlotsCall = defineCall({
  path: GET_AVAILABLE_TIME_SLOTS_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetAvailableTimeSlotsRequest,
  reply: ZGetAvailableTimeSlotsResponse,
  errors: ['appointments.NO_RESOURCE', 'appointments.APPOINTMENT_NOT_FOUND'],
});

export const reserveAppointmentCall = defineCall({
  path: RESERVE_APPOINTMENT_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZReserveAppointmentRequest,
  reply: ZReserveAppointmentResponse,
  // ADR 066: a paid booking moves as update_appointment moves it, with its refusals.
  errors: [
    ...SLOT_ERRORS,
    'appointments.APPOINTMENT_NOT_FOUND',
    'appointments.APPOINTMENT_NOT_CHANGEABLE',
  ],
});

export const updateAppointmentCall = defineCall({
  path: UPDATE_APPOINTMENT_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZUpdateAppointmentRequest,
  reply: ZUpdateAppointmentResponse,
  errors: [
    ...SLOT_ERRORS,
    'appointments.RESERVATION_EXPIRED',
    'appointments.APPOINTMENT_NOT_FOUND',
    'appointments.APPOINTMENT_NOT_CHANGEABLE',
  ],
});

export const getAppointmentsCall = defineCall({
  path: GET_APPOINTMENTS_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetAppointmentsRequest,
  reply: ZGetAppointmentsResponse,
});

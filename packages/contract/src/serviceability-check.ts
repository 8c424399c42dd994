import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.1 "serviceability check": latitude, longitude, optional floor. The reply (not shown in the
// spec) follows TMF645 Service Qualification: a qualification result, and when unqualified an
// unavailability reason and, for planned areas, an alternate proposal with the expected date.

export const SERVICEABILITY_CHECK_PATH = '/api/v3/location/serviceability_check';

export const ZLatitude = z.number().min(-90).max(90);
export const ZLongitude = z.number().min(-180).max(180);

export const ZServiceabilityCheckRequest = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  floor: z.string().trim().min(1).max(20).optional(),
});
export type TServiceabilityCheckRequest = z.infer<typeof ZServiceabilityCheckRequest>;

export const UNAVAILABILITY_REASONS = [
  'no_coverage',
  'no_free_port',
  'floor_not_served',
  'planned',
] as const;
export type TUnavailabilityReason = (typeof UNAVAILABILITY_REASONS)[number];

export const ZServiceabilityResult = z.object({
  serviceable: z.boolean(),
  qualification_result: z.enum(['qualified', 'unqualified']),
  /** How the address is served: a NAP within the radius, or a listed building's in-building fibre. */
  served_by: z.enum(['nap', 'building']).nullable(),
  unavailability_reason: z
    .object({ code: z.enum(UNAVAILABILITY_REASONS), label: z.string() })
    .nullable(),
  alternate_proposal: z.object({ expected_available_date: z.string() }).nullable(),
  distance_meters: z.number().nullable(),
});
export type TServiceabilityResult = z.infer<typeof ZServiceabilityResult>;

export const ZServiceabilityCheckResponse = envelopeWith({ result: ZServiceabilityResult });
export type TServiceabilityCheckResponse = z.infer<typeof ZServiceabilityCheckResponse>;

/** The call's one description (ADR 024). */
export const serviceabilityCheckCall = defineCall({
  path: SERVICEABILITY_CHECK_PATH,
  auth: 'none',
  target: null,
  request: ZServiceabilityCheckRequest,
  reply: ZServiceabilityCheckResponse,
  // The facility service that knows the listed buildings did not answer (ADR 081).
  errors: ['common.SERVICE_UNAVAILABLE'],
});

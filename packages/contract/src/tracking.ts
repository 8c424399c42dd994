import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZLatitude, ZLongitude } from './serviceability-check';

// Live tracking of the technician. The technician's phone sends its position while the job
// is on the way (Pending-OnTheWay); the customer's view_work_order carries it with the customer's own pin
// and an estimated arrival, and the same snapshot is pushed by Server-Sent Events on
// TRACK_WORK_ORDER_PATH whenever the work order changes or a position arrives (on any API replica:
// PostgreSQL LISTEN/NOTIFY). The stream is a GET with the customer's bearer token and
// `?order_action_id=…`; each event is named TRACKING_EVENT and its data is a ZWorkOrder (view-work-order.ts)
// as JSON. Clients fall back to polling view_work_order when the stream cannot be held open.

export const ZGeoPoint = z.object({ lat: ZLatitude, lng: ZLongitude });
export type TGeoPoint = z.infer<typeof ZGeoPoint>;

export const ZTechnicianPosition = ZGeoPoint.extend({
  /** ISO 8601: when the server received the position (the request carries no time of its own). */
  at: z.string(),
  /** Metres, as the browser's geolocation reports it; null when unknown. */
  accuracy_m: z.number().nonnegative().nullable(),
});
export type TTechnicianPosition = z.infer<typeof ZTechnicianPosition>;

export const ZTracking = z.object({
  /** The customer's pin (the installation address's coordinates); null when the order has none. */
  destination: ZGeoPoint.nullable(),
  /** The latest position while the technician is on the way; null otherwise. */
  technician_position: ZTechnicianPosition.nullable(),
  /** Estimated minutes to arrival from technician_position (estimateArrivalMinutes); null without one. */
  eta_minutes: z.number().int().nonnegative().nullable(),
});
export type TTracking = z.infer<typeof ZTracking>;

/** Server-Sent Events: GET, `Authorization: Bearer <customer token>`, query `order_action_id`. */
export const trackWorkOrderPath = (oss: string) => `/api/v3/${oss}/appointments/track_work_order`;
/** The one event name on the stream; its data is the work order snapshot (ZWorkOrder). */
export const TRACKING_EVENT = 'work_order';
/** A comment line is written this often so proxies keep the stream open. */
export const TRACKING_HEARTBEAT_SECONDS = 15;
/** How often a client without a stream asks view_work_order again. */
export const TRACKING_POLL_SECONDS = 10;

// ---------------------------------------------------------------------------------------------------
// Arrival estimate: straight-line distance × a road factor at a city driving speed. Deliberately simple
// (no routing service); the same function serves the API and the demo driver.

/** Roads are longer than the straight line; 1.4 is a common factor for city grids. */
export const ROAD_FACTOR = 1.4;
/** Average speed of a technician's motorbike or van in Philippine city traffic, km/h. */
export const CITY_SPEED_KMH = 25;
/** Within this many metres the technician counts as at the door (ETA 0 shown as "arriving"). */
export const ARRIVING_WITHIN_METRES = 75;

const EARTH_RADIUS_METRES = 6_371_000;

export function distanceMetres(from: TGeoPoint, to: TGeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole minutes, rounded up; 0 when within ARRIVING_WITHIN_METRES. */
export function estimateArrivalMinutes(from: TGeoPoint, to: TGeoPoint): number {
  const metres = distanceMetres(from, to);
  if (metres <= ARRIVING_WITHIN_METRES) return 0;
  const metresPerMinute = (CITY_SPEED_KMH * 1000) / 60;
  return Math.max(1, Math.ceil((metres * ROAD_FACTOR) / metresPerMinute));
}

// ---------------------------------------------------------------------------------------------------
// The technician's phone shares its position (ADR 046's /api/ops, technician role, own job, on the way).

export const OPS_POSITION_PATH = '/api/ops/work_orders/position';

export const ZOpsPositionRequest = z.object({
  work_order_id: z.string().min(1).max(64),
  lat: ZLatitude,
  lng: ZLongitude,
  accuracy_m: z.number().nonnegative().max(100_000).nullish(),
});

export const opsPositionCall = defineCall({
  path: OPS_POSITION_PATH,
  auth: 'required',
  target: null,
  request: ZOpsPositionRequest,
  reply: envelopeWith({ eta_minutes: z.number().int().nonnegative().nullable() }),
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.NOT_YOUR_JOB',
    'ops.WORK_ORDER_NOT_FOUND',
    'ops.NOT_ON_THE_WAY',
  ],
});

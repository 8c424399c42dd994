import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { accountTargetFields } from './targets';
import { personName } from './validation';
import { ZSentAddressParts } from './address-book';

// product §7.1 "get resource" and "reserve resource" (/api/v3/resource/get, /reserve), product §3 resource
// booking: the network reservation for the account's installation address. Reserving decides coverage
// again for the saved address and holds one free port of the NAP or listed building that serves it, with
// one conditional update, until a paid order follows or the hold expires (RESOURCE_HOLD_HOURS). It creates
// the external order whose ids the order takes later; once an installation is booked, get answers the
// appointment's id as external_appointment_id. product §4.3: an external_appointment_id goes to pay, an
// external_order_id to schedule, a refused reserve to locationerror.

export const GET_RESOURCE_PATH = '/api/v3/resource/get';
export const RESERVE_RESOURCE_PATH = '/api/v3/resource/reserve';

/** How long a port is held without a paid order, by default (RESOURCE_HOLD_HOURS configures it). */
export const DEFAULT_RESOURCE_HOLD_HOURS = 24;

export const ZResource = z.object({
  external_order_id: z.string(),
  external_order_action_id: z.string(),
  /** The booked installation's appointment id; null until one is booked. */
  external_appointment_id: z.string().nullable(),
  /** How the address is served: a NAP's port or a listed building's in-building fibre. */
  served_by: z.enum(['nap', 'building']),
  /** ISO 8601: the port goes back to others then unless a paid order holds it. */
  expires_at: z.string(),
  /** The saved address the port was reserved for. */
  address_id: z.string(),
});
export type TResource = z.infer<typeof ZResource>;

export const ZGetResourceRequest = z.object(accountTargetFields);
export type TGetResourceRequest = z.infer<typeof ZGetResourceRequest>;

/** null: no reservation held now (none yet, or its hold expired). */
export const ZGetResourceResponse = envelopeWith({ resource: ZResource.nullable() });
export type TGetResourceResponse = z.infer<typeof ZGetResourceResponse>;

/**
 * product §7.1 reserve resource "address{…}": the saved address's parts as add address sends them
 * (ZSentAddressParts, house or building) and the customer's name. The landmark comes from the house or
 * condominium form as the area type says.
 */
export const ZReserveResourceRequest = z.object({
  address: ZSentAddressParts,
  customer: z.object({ first_name: personName, last_name: personName }),
  ...accountTargetFields,
});
export type TReserveResourceRequest = z.infer<typeof ZReserveResourceRequest>;

export const ZReserveResourceResponse = envelopeWith({ resource: ZResource });
export type TReserveResourceResponse = z.infer<typeof ZReserveResourceResponse>;

/** The calls' one descriptions (ADR 024). */
export const getResourceCall = defineCall({
  path: GET_RESOURCE_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetResourceRequest,
  reply: ZGetResourceResponse,
});

export const reserveResourceCall = defineCall({
  path: RESERVE_RESOURCE_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZReserveResourceRequest,
  reply: ZReserveResourceResponse,
  errors: [
    'resource.ADDRESS_NOT_SAVED',
    'resource.ADDRESS_CHANGED',
    'resource.NOT_SERVICEABLE',
    'resource.NO_FREE_PORT',
    // The address names an area the lists do not have (ADR 081).
    'addressbook.AREA_NOT_FOUND',
    // The facility service that knows the listed buildings did not answer (ADR 081).
    'common.SERVICE_UNAVAILABLE',
  ],
});

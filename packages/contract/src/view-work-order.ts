import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZTimeSlot } from './slot-period';
import { ZTracking } from './tracking';

// product §7.1 view work order (order_action_id; no timeout; code and work order data), §7.2
// /api/v3/{oss}/appointments/view_work_order, §4.5 the status shown. Only the caller's own order: any
// other order_action_id, or one that does not exist, is the common FORBIDDEN (403) either way.

export const viewWorkOrderPath = (oss: string) => `/api/v3/${oss}/appointments/view_work_order`;

/** ADR 047: the free days credited, without asking, for a visit the technician missed. */
export const MISSED_VISIT_CREDIT_DAYS = 3;

export const ZViewWorkOrderRequest = z.object({ order_action_id: z.string().min(1).max(128) });

export const ZWorkOrder = z.object({
  order_action_id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  /** product §4.5 properties.work_order_status, the raw value. */
  work_order_status: z.string(),
  /** What §4.5 shows for it. */
  installation_status: z.string(),
  installation: ZTimeSlot.nullable(),
  /** The assigned technician's first name only. */
  technician: z.object({ first_name: z.string() }).nullable(),
  /**
   * ADR 047: credits of free days on the order (a missed visit), with the visit they are for (ADR 080;
   * null for a credit recorded before visits were kept with it).
   */
  credits: z.array(
    z.object({
      kind: z.literal('missed_visit'),
      free_days: z.number().int(),
      at: z.string(),
      visit: ZTimeSlot.nullable(),
    }),
  ),
  /** ADR 048: the customer's pin, the technician's position while on the way, and the ETA. */
  tracking: ZTracking,
  changes: z.array(
    z.object({
      work_order_status: z.string(),
      installation_status: z.string(),
      at: z.string(),
      /** ADR 080: the new installation time this change booked (the customer's or a dispatcher's), or null. */
      new_installation: ZTimeSlot.nullable(),
    }),
  ),
});
export type TWorkOrder = z.infer<typeof ZWorkOrder>;

export const viewWorkOrderCall = defineCall({
  path: viewWorkOrderPath,
  auth: 'required',
  target: null,
  request: ZViewWorkOrderRequest,
  reply: envelopeWith({ work_order: ZWorkOrder }),
  errors: ['common.FORBIDDEN'],
});

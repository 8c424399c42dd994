import * as z from 'zod';
import { defineCall } from './call';
import { TARGET_TYPE_ACCOUNT } from './constants';
import { envelopeWith } from './envelope';
import { accountTargetFields } from './targets';

// Konek's own call, not among product §7.2's (ADR 044), under the waitlist prefix like the coverage
// waitlist count: on noavailableslots the customer asks to be told by SMS when a place
// opens in their installation area. One request per account (asking again answers the same one until it
// has been sent); it is sent once, when a place opens.

const ZTimestamp = z.iso.datetime({ offset: true });

export const SLOT_ALERT_PATH = '/api/v3/waitlist/slot_alert';

export const ZSlotAlertRequest = z.object(accountTargetFields);
export type TSlotAlertRequest = z.infer<typeof ZSlotAlertRequest>;

export const ZSlotAlert = z.object({
  /** When the customer asked. */
  requested_at: ZTimestamp,
  /** When the SMS went out; null while no place has opened. */
  notified_at: ZTimestamp.nullable(),
});
export type TSlotAlert = z.infer<typeof ZSlotAlert>;

export const ZSlotAlertResponse = envelopeWith({ slot_alert: ZSlotAlert });
export type TSlotAlertResponse = z.infer<typeof ZSlotAlertResponse>;

/** The call's one description (ADR 024). */
export const slotAlertCall = defineCall({
  path: SLOT_ALERT_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZSlotAlertRequest,
  reply: ZSlotAlertResponse,
  errors: ['appointments.NO_RESOURCE'],
});

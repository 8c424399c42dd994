import * as z from 'zod';
import { defineCall } from './call';
import { DEFAULT_PAYMENT_METHOD } from './constants';
import { envelopeWith } from './envelope';

// product §7.1 "remote config": keys and application_id; product §3 Payment: "a remote setting for the payment
// method is read". Reply (not shown): result_set[] of {key, value}, like clientstorage; keys that have no
// setting are left out.

export const REMOTE_CONFIG_GET_PATH = '/api/v3/remote_config/get';

export const ZRemoteConfigGetRequest = z.object({
  keys: z.array(z.string().min(1).max(64)).min(1).max(20),
  application_id: z.string().min(1).max(64),
});
export type TRemoteConfigGetRequest = z.infer<typeof ZRemoteConfigGetRequest>;

export const ZRemoteConfigGetResponse = envelopeWith({
  result_set: z.array(z.object({ key: z.string(), value: z.unknown() })),
});
export type TRemoteConfigGetResponse = z.infer<typeof ZRemoteConfigGetResponse>;

/** The payment-method setting's key and value (product §3: methods gc, GrabPay, Maya, ShopeePay; default 1). */
export const PAYMENT_METHOD_CONFIG_KEY = 'payment_method';

export const PAYMENT_METHOD_IDS = ['gc', 'GrabPay', 'Maya', 'ShopeePay'] as const;

export const ZPaymentMethodSetting = z.object({
  default_payment_method: z.number().int(),
  methods: z.array(
    z.object({ id: z.enum(PAYMENT_METHOD_IDS), label: z.string(), enabled: z.boolean() }),
  ),
});
export type TPaymentMethodSetting = z.infer<typeof ZPaymentMethodSetting>;

/** The value seeded on first start; operators change it in the remote_config table. */
export const DEFAULT_PAYMENT_METHOD_SETTING: TPaymentMethodSetting = {
  default_payment_method: DEFAULT_PAYMENT_METHOD,
  methods: [
    { id: 'gc', label: 'GCash', enabled: true },
    { id: 'GrabPay', label: 'GrabPay', enabled: true },
    { id: 'Maya', label: 'Maya', enabled: true },
    { id: 'ShopeePay', label: 'ShopeePay', enabled: true },
  ],
};

/** The call's one description (ADR 024). */
export const remoteConfigGetCall = defineCall({
  path: REMOTE_CONFIG_GET_PATH,
  auth: 'none',
  target: null,
  request: ZRemoteConfigGetRequest,
  reply: ZRemoteConfigGetResponse,
});

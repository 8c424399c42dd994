import * as z from 'zod';
import { DEFAULT_PAYMENT_METHOD } from './constants';
import type { PAYMENT_METHOD_IDS } from './remote-config-get';
import { DEFAULT_PAYMENT_METHOD_SETTING, ZPaymentMethodSetting } from './remote-config-get';

// product §3 Payment: the named methods gc, GrabPay, Maya and ShopeePay; product §9 payment_method
// default 1; "a remote setting for the payment method is read" (the remote config key payment_method,
// remote-config-get.ts). ADR 038: the number a body carries as payment_method, the name the remote
// setting uses, the wallet's name the customer reads, and PayMongo's payment_method_types value are one
// table here, so the pay screen, create order and the gateway cannot disagree.

export type TPaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** PayMongo's names for the e-wallets in a checkout session's payment_method_types. */
export const PAYMONGO_METHOD_TYPES = ['gcash', 'grab_pay', 'paymaya', 'shopee_pay'] as const;
export type TPayMongoMethodType = (typeof PAYMONGO_METHOD_TYPES)[number];

export type PaymentMethodDefinition = {
  /** product §9 payment_method: the number create order sends (1 is the default). */
  readonly payment_method: 1 | 2 | 3 | 4;
  /** product §3: the method's name in the remote setting. */
  readonly id: TPaymentMethodId;
  /** The wallet's name as the customer knows it. */
  readonly label: string;
  readonly paymongo_type: TPayMongoMethodType;
};

/** Every e-wallet Konek takes, by payment_method number. 1 (GCash) is product §9's default. */
export const PAYMENT_METHODS: readonly PaymentMethodDefinition[] = [
  { payment_method: 1, id: 'gc', label: 'GCash', paymongo_type: 'gcash' },
  { payment_method: 2, id: 'GrabPay', label: 'GrabPay', paymongo_type: 'grab_pay' },
  { payment_method: 3, id: 'Maya', label: 'Maya', paymongo_type: 'paymaya' },
  { payment_method: 4, id: 'ShopeePay', label: 'ShopeePay', paymongo_type: 'shopee_pay' },
];

export type TPaymentMethodNumber = PaymentMethodDefinition['payment_method'];

/** A payment_method number in a body: one of the table's numbers. */
export const ZPaymentMethodNumber = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);

export function paymentMethodByNumber(value: number): PaymentMethodDefinition | undefined {
  return PAYMENT_METHODS.find((method) => method.payment_method === value);
}

export function paymentMethodById(id: string): PaymentMethodDefinition | undefined {
  return PAYMENT_METHODS.find((method) => method.id === id);
}

export function paymentMethodByPayMongoType(type: string): PaymentMethodDefinition | undefined {
  return PAYMENT_METHODS.find((method) => method.paymongo_type === type);
}

/** One method the pay screen offers: the table's entry with the label the setting gives it. */
export type OfferedPaymentMethod = {
  payment_method: TPaymentMethodNumber;
  id: TPaymentMethodId;
  label: string;
};

export type OfferedPaymentMethods = {
  /** The preselected method; null when the setting offers none (nothing can be paid). */
  default_payment_method: TPaymentMethodNumber | null;
  /** In the setting's order. */
  methods: OfferedPaymentMethod[];
  /** False when the stored value was unreadable and the seeded default was used instead. */
  setting_readable: boolean;
};

/**
 * ADR 038: what the remote payment-method setting offers. A method is offered when the setting lists it
 * enabled (in the setting's order, each once); the default is the setting's default_payment_method when
 * that method is offered, else the first offered one. A value that does not read as the setting (a
 * hand-edited row gone wrong, or none at all) offers the seeded default — all four, GCash first — so a
 * typo in one row does not stop every payment; the API logs it.
 */
export function offeredPaymentMethods(setting: unknown): OfferedPaymentMethods {
  const parsed = ZPaymentMethodSetting.safeParse(setting);
  const value = parsed.success ? parsed.data : DEFAULT_PAYMENT_METHOD_SETTING;
  const methods: OfferedPaymentMethod[] = [];
  for (const entry of value.methods) {
    const known = paymentMethodById(entry.id);
    if (!known || !entry.enabled) continue;
    if (methods.some((method) => method.id === known.id)) continue;
    methods.push({
      payment_method: known.payment_method,
      id: known.id,
      label: entry.label.trim() === '' ? known.label : entry.label,
    });
  }
  const wanted = methods.find((method) => method.payment_method === value.default_payment_method);
  return {
    default_payment_method: (wanted ?? methods[0])?.payment_method ?? null,
    methods,
    setting_readable: parsed.success,
  };
}

/** Whether the setting offers this payment_method number now. */
export function isPaymentMethodOffered(setting: unknown, paymentMethod: number): boolean {
  return offeredPaymentMethods(setting).methods.some(
    (method) => method.payment_method === paymentMethod,
  );
}

/** product §9: the method preselected when nothing else is known. */
export const DEFAULT_PAYMENT_METHOD_DEFINITION: PaymentMethodDefinition =
  paymentMethodByNumber(DEFAULT_PAYMENT_METHOD)!;

import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_METHOD } from './constants';
import { DEFAULT_PAYMENT_METHOD_SETTING, PAYMENT_METHOD_IDS } from './remote-config-get';
import {
  DEFAULT_PAYMENT_METHOD_DEFINITION,
  PAYMENT_METHODS,
  ZPaymentMethodNumber,
  isPaymentMethodOffered,
  offeredPaymentMethods,
  paymentMethodById,
  paymentMethodByNumber,
  paymentMethodByPayMongoType,
} from './payment-methods';
import {
  PAYMENT_FAILURE_REASONS,
  PAYMENT_SESSION_STATUSES,
  PAYMENT_STATUS_SCREEN,
  isSettledPaymentStatus,
  paymentFailureOf,
} from './fetch-payment-session-data';
import { PATHS } from './routes';

const setting = (
  defaultMethod: number,
  methods: { id: string; label?: string; enabled: boolean }[],
) => ({
  default_payment_method: defaultMethod,
  methods: methods.map((method) => ({ label: method.id, ...method })),
});

describe('payment methods (product §3, §9)', () => {
  it('numbers the four named methods, 1 (GCash) being the default', () => {
    expect(PAYMENT_METHODS.map((method) => [method.payment_method, method.id])).toEqual([
      [1, 'gc'],
      [2, 'GrabPay'],
      [3, 'Maya'],
      [4, 'ShopeePay'],
    ]);
    expect(DEFAULT_PAYMENT_METHOD_DEFINITION.payment_method).toBe(DEFAULT_PAYMENT_METHOD);
    expect(DEFAULT_PAYMENT_METHOD_DEFINITION.label).toBe('GCash');
    expect(PAYMENT_METHODS.map((method) => method.id)).toEqual([...PAYMENT_METHOD_IDS]);
  });

  it('maps each method to PayMongo’s payment_method_types name and back', () => {
    expect(PAYMENT_METHODS.map((method) => method.paymongo_type)).toEqual([
      'gcash',
      'grab_pay',
      'paymaya',
      'shopee_pay',
    ]);
    for (const method of PAYMENT_METHODS) {
      expect(paymentMethodByNumber(method.payment_method)).toBe(method);
      expect(paymentMethodById(method.id)).toBe(method);
      expect(paymentMethodByPayMongoType(method.paymongo_type)).toBe(method);
    }
    expect(paymentMethodByNumber(5)).toBeUndefined();
    expect(paymentMethodById('card')).toBeUndefined();
  });

  it('accepts only the table’s numbers in a body', () => {
    for (const value of [1, 2, 3, 4])
      expect(ZPaymentMethodNumber.safeParse(value).success).toBe(true);
    for (const value of [0, 5, 1.5, '1', null]) {
      expect(ZPaymentMethodNumber.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('the remote payment-method setting decides what is offered', () => {
  it('offers all four, GCash preselected, with the seeded setting', () => {
    expect(offeredPaymentMethods(DEFAULT_PAYMENT_METHOD_SETTING)).toEqual({
      default_payment_method: 1,
      methods: [
        { payment_method: 1, id: 'gc', label: 'GCash' },
        { payment_method: 2, id: 'GrabPay', label: 'GrabPay' },
        { payment_method: 3, id: 'Maya', label: 'Maya' },
        { payment_method: 4, id: 'ShopeePay', label: 'ShopeePay' },
      ],
      setting_readable: true,
    });
  });

  it('leaves out disabled and unlisted methods, keeps the setting’s order and labels', () => {
    const offered = offeredPaymentMethods(
      setting(3, [
        { id: 'Maya', label: 'Maya Wallet', enabled: true },
        { id: 'gc', enabled: false },
        { id: 'ShopeePay', enabled: true },
      ]),
    );
    expect(offered.methods).toEqual([
      { payment_method: 3, id: 'Maya', label: 'Maya Wallet' },
      { payment_method: 4, id: 'ShopeePay', label: 'ShopeePay' },
    ]);
    expect(offered.default_payment_method).toBe(3);
    expect(isPaymentMethodOffered(setting(1, [{ id: 'gc', enabled: false }]), 1)).toBe(false);
    expect(isPaymentMethodOffered(setting(1, [{ id: 'GrabPay', enabled: true }]), 2)).toBe(true);
  });

  it('preselects the first offered method when the default is switched off', () => {
    const offered = offeredPaymentMethods(
      setting(1, [
        { id: 'gc', enabled: false },
        { id: 'GrabPay', enabled: true },
        { id: 'Maya', enabled: true },
      ]),
    );
    expect(offered.default_payment_method).toBe(2);
  });

  it('offers nothing, and preselects nothing, when every method is off', () => {
    expect(offeredPaymentMethods(setting(1, [{ id: 'gc', enabled: false }]))).toEqual({
      default_payment_method: null,
      methods: [],
      setting_readable: true,
    });
  });

  it('lists a method once even when the setting repeats it', () => {
    const offered = offeredPaymentMethods(
      setting(1, [
        { id: 'gc', enabled: true },
        { id: 'gc', label: 'Again', enabled: true },
      ]),
    );
    expect(offered.methods).toEqual([{ payment_method: 1, id: 'gc', label: 'gc' }]);
  });

  it.each([[undefined], [null], ['gc'], [{ default_payment_method: 'one', methods: [] }]])(
    'falls back to the seeded setting when the value %j does not read',
    (value) => {
      const offered = offeredPaymentMethods(value);
      expect(offered.setting_readable).toBe(false);
      expect(offered.default_payment_method).toBe(1);
      expect(offered.methods).toHaveLength(4);
    },
  );
});

describe('payment session statuses', () => {
  it('lead each to a screen of the route list', () => {
    for (const status of PAYMENT_SESSION_STATUSES) {
      expect(PATHS[PAYMENT_STATUS_SCREEN[status]]).toMatch(/^\/serviceability\//);
    }
    expect(PAYMENT_STATUS_SCREEN).toEqual({
      pending: 'payloading',
      paid: 'thanks',
      failed: 'failed',
      cancelled: 'ordercancelled',
      expired: 'timeout',
      refunded: 'ordercancelled',
    });
    expect(PAYMENT_SESSION_STATUSES.filter((status) => !isSettledPaymentStatus(status))).toEqual([
      'pending',
    ]);
  });

  it('name the catalogue entry of each failure, insufficient funds being order code 4', () => {
    expect(paymentFailureOf('insufficient_funds')).toEqual({
      reason: 'insufficient_funds',
      module: 'order',
      code: 4,
      name: 'INSUFFICIENT_FUNDS',
      message: 'The payment did not go through.',
    });
    for (const reason of Object.keys(
      PAYMENT_FAILURE_REASONS,
    ) as (keyof typeof PAYMENT_FAILURE_REASONS)[]) {
      const failure = paymentFailureOf(reason);
      expect(failure.message.length).toBeGreaterThan(10);
      expect(PAYMENT_FAILURE_REASONS[reason]).toBe(`${failure.module}.${failure.name}`);
    }
  });
});

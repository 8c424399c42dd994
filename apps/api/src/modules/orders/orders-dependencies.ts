import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { PaymentsDependencies } from '../payments/service';

export type OrdersDependencies = {
  db: Db;
  clock: Clock;
  payments: PaymentsDependencies;
  /** The operator identifier (pricing names it). */
  operatorName: string;
  sms: SmsSender;
  log: PaymentsDependencies['log'];
  /** RESOURCE_HOLD_HOURS: an unpaid order older than this has lost its network hold. */
  resourceHoldMs: number;
  /** Where the links in the customer's SMS point (PUBLIC_BASE_URL, without a trailing slash). */
  publicBaseUrl: string;
  /**
   * ADR 047: run before the account's orders are read, so their work order status is current (a missed
   * visit decided on read). app.ts hands in the workorders module's settle, which imports orders.
   */
  beforeOrdersRead?: (accountId: string) => Promise<unknown>;
};

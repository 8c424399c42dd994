import type { FastifyBaseLogger } from 'fastify';
import type { TRefundCause } from '@konek/contract/lifecycle';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { FailureReason, SessionStatus } from './store';

/**
 * ADR 038: what the orders work learns when a payment session settles — the one way the effect of a
 * payment on an order is decided outside this module. Called once per status change of a session that
 * reached the gateway, inside the transaction that records it (`tx`): what the listener writes with `tx`
 * commits together with the change, or neither does. A listener that throws rolls the change back, and
 * the webhook that carried it answers 500, so the gateway sends it again.
 */
export type PaymentSettlement = {
  paymentSessionId: string;
  orderRef: string;
  accountId: string;
  attempt: number;
  status: 'paid' | 'failed' | 'cancelled' | 'expired';
  previousStatus: SessionStatus;
  /** What was asked… */
  amountCentavos: number;
  /** …and, once paid, what the wallet took. */
  paidCentavos: number | null;
  /** Whether the wallet took the amount and currency asked (true for news that carries no payment). */
  isAmountAsked: boolean;
  /** product §9 payment_method. */
  paymentMethod: number;
  failureReason: FailureReason | null;
  /** pay_… once paid. */
  providerPaymentId: string | null;
  /**
   * Another attempt of the same order was paid first: this second payment is given back in full right
   * after the change commits, and the order must not be paid twice. Null for every ordinary payment.
   */
  duplicateOf: string | null;
  /**
   * ADR 077: set once the change is recorded when the payment is not kept (the listener's answer, a
   * duplicate, or a wrong amount): it is given back in full after the commit.
   */
  refundCause: TRefundCause | null;
  /** What moved it: a webhook, Konek asking the gateway, a newer attempt, or the order's cancellation. */
  source: 'webhook' | 'gateway' | 'superseded' | 'cancelled';
  at: Date;
};

/**
 * The listener's answer for a payment the wallet took: nothing when the order keeps it, or why it is
 * given back.
 */
export type SettlementVerdict = { refundCause: TRefundCause } | undefined;

export type PaymentSettledListener = (
  settlement: PaymentSettlement,
  tx: Db,
) => Promise<SettlementVerdict>;

/** Something else told of each settlement in its transaction (a test observing, or failing, them). */
export type PaymentSettledObserver = (settlement: PaymentSettlement, tx: Db) => Promise<void>;

export type PaymentsDependencies = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  onPaymentSettled: PaymentSettledListener;
  /**
   * ADR 039: told of a settlement once its transaction committed (the orders work sends the customer's
   * confirmation SMS there). Not called for a change that rolled back; a failure is only logged.
   */
  afterPaymentSettled?: (settlement: PaymentSettlement) => Promise<void>;
  /** PAYMENT_SESSION_MINUTES: how long a checkout may be paid. */
  sessionMinutes: number;
  /** PUBLIC_BASE_URL without a trailing slash; '' for the local gateway (paths on this server). */
  publicBaseUrl: string;
};

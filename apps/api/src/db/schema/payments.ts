import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';

// ADR 038: money movement. Konek's own record of each attempt to pay an order (payment_sessions, with
// every status change and its time), each webhook received (unique by the gateway's event id, so a
// replay is applied once) and each refund. Below them, the local gateway's own tables: what PayMongo would
// hold, kept apart so Konek's tables read the same whichever gateway runs.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One attempt to pay one order through the gateway's hosted checkout (the payment_session_id). */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that started the payment: only its owner may read the session. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The orders work's reference of the order being paid. */
    orderRef: text('order_ref').notNull(),
    /** 1, 2, … per order. */
    attempt: integer('attempt').notNull(),
    /** local or paymongo: the gateway the checkout lives at. */
    provider: text('provider').notNull(),
    /** cs_…; null only while the checkout is being created at the gateway. */
    providerSessionId: text('provider_session_id'),
    /** pi_…: payment.failed events name the intent, not the checkout. */
    providerPaymentIntentId: text('provider_payment_intent_id'),
    checkoutUrl: text('checkout_url'),
    amountCentavos: integer('amount_centavos').notNull(),
    /** product §9 payment_method: 1 GCash, 2 GrabPay, 3 Maya, 4 ShopeePay. */
    paymentMethod: integer('payment_method').notNull(),
    status: text('status', {
      enum: ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'],
    }).notNull(),
    failureReason: text('failure_reason', {
      enum: ['insufficient_funds', 'declined', 'cancelled', 'expired'],
    }),
    /** pay_…: the payment that settled the checkout. */
    providerPaymentId: text('provider_payment_id'),
    paidCentavos: integer('paid_centavos'),
    paidAt: at('paid_at'),
    /** Set when another attempt of the same order was paid first: this payment is refunded. */
    duplicateOf: uuid('duplicate_of'),
    /**
     * ADR 077: why a payment the wallet took is not kept (the contract's REFUND_CAUSES); null for a
     * payment the order keeps. Set in the transaction that records the payment; the refund follows.
     */
    refundCause: text('refund_cause', {
      enum: ['duplicate', 'amount_mismatch', 'order_ended', 'not_fulfillable'],
    }),
    expiresAt: at('expires_at').notNull(),
    /** When Konek last asked the gateway about a pending checkout (a late webhook is not waited for). */
    checkedAt: at('checked_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    unique('payment_sessions_order_attempt_unique').on(table.orderRef, table.attempt),
    uniqueIndex('payment_sessions_provider_session_unique').on(
      table.provider,
      table.providerSessionId,
    ),
    index('payment_sessions_intent_idx').on(table.providerPaymentIntentId),
    index('payment_sessions_payment_idx').on(table.providerPaymentId),
    index('payment_sessions_account_idx').on(table.accountId),
    check('payment_sessions_amount_positive', sql`${table.amountCentavos} > 0`),
  ],
);

/** Every status a session took, when, and what moved it (created, webhook, gateway check, Konek). */
export const paymentSessionChanges = pgTable(
  'payment_session_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => paymentSessions.id),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    /** created, webhook, gateway (asked), superseded, cancelled, refund */
    source: text('source').notNull(),
    /** The webhook event that moved it, when one did. */
    eventId: text('event_id'),
    at: at('at').notNull(),
  },
  (table) => [index('payment_session_changes_session_idx').on(table.sessionId, table.id)],
);

/**
 * Each webhook Konek accepted (signature checked), by the gateway's event id: the first delivery is
 * applied, every replay finds its row and changes nothing. No body is kept (it holds the payer's details).
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  eventType: text('event_type').notNull(),
  sessionId: uuid('session_id'),
  /** applied, unchanged (arrived after a later status), unmatched (no such session), ignored (type) */
  outcome: text('outcome').notNull(),
  receivedAt: at('received_at').notNull(),
});

/** Money given back from a paid session (full or partial). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => paymentSessions.id),
    /** ref_…; null until the gateway answered. */
    providerRefundId: text('provider_refund_id'),
    amountCentavos: integer('amount_centavos').notNull(),
    reason: text('reason').notNull(),
    /** requested (asked, no answer yet), pending, processing, succeeded, failed */
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_refunds_provider_unique').on(table.providerRefundId),
    index('payment_refunds_session_idx').on(table.sessionId),
    check('payment_refunds_amount_positive', sql`${table.amountCentavos} > 0`),
  ],
);

// The local gateway's state (providers/payments/local-gateway.ts): what PayMongo keeps on its side.

export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    reference: text('reference').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    itemName: text('item_name').notNull(),
    description: text('description').notNull(),
    methods: jsonb('methods').$type<string[]>().notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['active', 'paid', 'expired', 'cancelled'] }).notNull(),
    paymentId: text('payment_id').unique(),
    paidMethod: text('paid_method'),
    paidAt: at('paid_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('sandbox_checkouts_due_idx').on(table.status, table.expiresAt)],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sandbox_refunds_payment_idx').on(table.paymentId)],
);

export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    eventId: text('event_id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastSignature: text('last_signature'),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sandbox_webhook_deliveries_checkout_idx').on(table.checkoutId)],
);
